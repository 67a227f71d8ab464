import { asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '~/platform/admin/audit.server';
import { type Db, onlyRow } from '~/platform/db/client.server';
import { emails, inquiries, inquiryReplies, users } from '~/platform/db/schema.server';
import { queueEmail } from '~/platform/email/outbox.server';
import { notFound } from '~/platform/errors';
import { nudge } from '~/platform/jobs/signals';
import type { AdminInquiryReplyInput, InquiryReply } from './admin.schema';
import { inquiryReplyEmail } from './emails/replyEmail';

// The team answers a contact message from the console: the reply is kept with the inquiry and goes
// to the address the message came from, by email (the outbox).

/** An inquiry's replies, oldest first, each with who wrote it and where its email is. */
export async function repliesOf(db: Db, inquiryId: string): Promise<InquiryReply[]> {
  const rows = await db
    .select({
      id: inquiryReplies.id,
      message: inquiryReplies.message,
      authorName: users.displayName,
      createdAt: inquiryReplies.createdAt,
      delivery: emails.status,
    })
    .from(inquiryReplies)
    .leftJoin(users, eq(users.id, inquiryReplies.authorId))
    .leftJoin(emails, eq(emails.key, sql`${inquiryReplyEmail.name} || ':' || ${inquiryReplies.id}::text`))
    .where(eq(inquiryReplies.inquiryId, inquiryId))
    .orderBy(asc(inquiryReplies.createdAt), asc(inquiryReplies.id));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    delivery: r.delivery ?? 'queued',
  }));
}

/**
 * Sends a reply: kept with the inquiry, queued for email to the visitor's address in the same
 * transaction, the inquiry marked answered, and the audit log told how long it was (its words stay
 * with the inquiry).
 */
export async function replyToInquiry(db: Db, actorId: string, id: string, input: AdminInquiryReplyInput) {
  const message = input.message.trim();
  await db.transaction(async (tx) => {
    const [inquiry] = await tx.select().from(inquiries).where(eq(inquiries.id, id)).for('update');
    if (!inquiry) throw notFound('That inquiry');
    const reply = onlyRow(
      await tx
        .insert(inquiryReplies)
        .values({ inquiryId: id, authorId: actorId, message })
        .returning({ id: inquiryReplies.id }),
    );
    await queueEmail(tx, inquiryReplyEmail, {
      key: reply.id,
      to: inquiry.email,
      data: {
        name: inquiry.name,
        subject: inquiry.subject,
        reply: message,
        original: inquiry.message,
        receivedAt: inquiry.createdAt.toISOString(),
      },
    });
    await tx.update(inquiries).set({ status: 'answered', updatedAt: new Date() }).where(eq(inquiries.id, id));
    await recordAudit(tx, actorId, 'inquiry.reply', id, {
      characters: message.length,
      subject: inquiry.subject,
    });
  });
  nudge('email');
}
