import { and, eq, sql } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import { recordAudit } from '~/platform/admin/audit.server';
import type { Db } from '~/platform/db/client.server';
import { blogs, users } from '~/platform/db/schema.server';
import { queueEmail, recipientOf } from '~/platform/email/outbox.server';
import { conflict, type DomainError, notFound } from '~/platform/errors';
import { nudge } from '~/platform/jobs/signals';
import { pagePath } from '~/platform/routes';
import type { MyBlog } from './blogs.schema';
import { blogReviewEmail } from './emails/reviewEmail';
import { myBlogDto } from './myBlogs.server';

// The team's review of a post a family sent: approved and published, or returned with a note.

/**
 * Approves or rejects a submitted post. The status check is part of the update, so of two
 * administrators acting at once exactly one succeeds; the other is told it was already reviewed.
 * The author's child hears about it either way.
 */
export async function reviewPost(
  db: Db,
  reviewerId: string,
  id: string,
  review: { decision: 'approve' | 'reject'; note?: string | undefined },
): Promise<MyBlog> {
  const reviewed = await db.transaction(async (tx) => {
    const approve = review.decision === 'approve';
    const [row] = await tx
      .update(blogs)
      .set({
        status: approve ? 'approved' : 'rejected',
        reviewerId,
        reviewNote: review.note?.trim() || null,
        reviewedAt: sql`now()`,
        updatedAt: sql`now()`,
        // Milliseconds, like the cursors that point at it (the column refuses finer times).
        ...(approve ? { publishedAt: sql`date_trunc('milliseconds', now())` } : {}),
      })
      .where(and(eq(blogs.id, id), eq(blogs.status, 'submitted')))
      .returning();
    if (!row) throw await whyNotReviewed(tx, id);
    if (row.childId) {
      await notifyChild(tx, row.childId, {
        kind: 'blog',
        title: approve ? 'Your family’s blog post was published' : 'Your blog post needs a few changes',
        body: approve
          ? `“${row.title}” is now on the blog.`
          : `“${row.title}” was not published yet. Our reviewer wrote: ${row.reviewNote ?? ''}`,
        link: approve ? pagePath('/blogs/{id}', row.id) : pagePath('/user/myblogs/{id}', row.id),
      });
    }
    await queueReviewEmail(tx, row, review.decision);
    await recordAudit(
      tx,
      reviewerId,
      approve ? 'blog.approve' : 'blog.reject',
      row.id,
      row.reviewNote ? { note: row.reviewNote } : undefined,
    );
    return myBlogDto(row);
  });
  nudge('email');
  return reviewed;
}

/** Tells the author by email too: one message per review (a post sent back may come again). */
async function queueReviewEmail(tx: Db, row: typeof blogs.$inferSelect, decision: 'approve' | 'reject') {
  if (!row.authorId) return;
  const author = await recipientOf(tx, row.authorId);
  if (!author) return;
  await queueEmail(tx, blogReviewEmail, {
    key: `${row.id}:${row.reviewedAt?.toISOString() ?? 'review'}`,
    to: author,
    data: { decision, postId: row.id, title: row.title, note: row.reviewNote, parentName: author.name },
  });
}

/** The display name of whoever reviewed a post, for the message to a reviewer who came second. */
async function reviewerOf(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: users.displayName })
    .from(blogs)
    .innerJoin(users, eq(users.id, blogs.reviewerId))
    .where(eq(blogs.id, id))
    .limit(1);
  return row?.name ?? null;
}

/** Why a post could not be reviewed: gone, reviewed already (by whom), or not sent for review. */
async function whyNotReviewed(tx: Db, id: string): Promise<DomainError> {
  const [existing] = await tx.select({ status: blogs.status }).from(blogs).where(eq(blogs.id, id)).limit(1);
  if (!existing) throw notFound('That post');
  if (existing.status === 'approved' || existing.status === 'rejected') {
    // The reviewer who came second is told who acted and what the post is now.
    const by = (await reviewerOf(tx, id)) ?? 'another administrator';
    return conflict(
      existing.status === 'approved'
        ? `This post was already approved by ${by} and is published now.`
        : `This post was already reviewed by ${by}: it was returned to the family with a note.`,
      'already_reviewed',
    );
  }
  return conflict(
    existing.status === 'draft'
      ? 'This post has not been submitted for review: the family is still writing it.'
      : 'This post has not been submitted for review.',
  );
}
