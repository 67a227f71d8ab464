import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Tx } from '../db/client.server';
import { emails, users } from '../db/schema.server';
import type { EMAIL_STATUSES } from '../domain';
import type { Mailer } from './mailer.server';
import { type AnyEmailTemplate, type EmailTemplate, renderEmail } from './templates.server';

/**
 * The outbox (decision 32): a feature queues a message in the transaction of what it tells, so a
 * payment recorded always gets its receipt and a rolled-back one never does; a job sends what is
 * due (sendDueEmails), retrying with a growing wait, and gives up after MAX_EMAIL_ATTEMPTS, keeping
 * the message and its error for the team. A message's key is unique: queued twice, it is one row,
 * sent once (and with the same Message-ID if a crash makes it go twice).
 */

/** Attempts before a message is given up (about half an hour of retries with the waits below). */
export const MAX_EMAIL_ATTEMPTS = 6;
/** A message being sent is someone's for this long; a server that died meanwhile leaves it to others. */
const SENDING_LEASE_MS = 5 * 60_000;

/** The wait after the n-th failed attempt: a minute, doubling (1, 2, 4, 8, 16 minutes). */
export const emailRetryDelayMs = (attempts: number) => 60_000 * 2 ** Math.max(0, attempts - 1);

type Writer = Pick<Db, 'insert' | 'select'> | Tx;

/** Who a message to an account goes to: the address the account holds (its own), and how to greet them. */
export interface Recipient {
  userId: string;
  address: string;
  name: string;
  /** The family's zone as their browser last said it, if it has. */
  timeZone: string | null;
}

/** The account a message goes to, read once; undefined when it is gone. */
export async function recipientOf(db: Writer, userId: string): Promise<Recipient | undefined> {
  const [row] = await db
    .select({ address: users.email, name: users.displayName, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  return row && { userId, ...row };
}

export interface QueuedEmail<T> {
  /** What the message is about, unique with the template's name: 'order-123', 'booking-9:2'. */
  key: string;
  data: T;
  /** An account (recipientOf), or an address of its own: the one a contact message came from. */
  to: Recipient | string;
}

/** Queues a message in the caller's transaction; answers false when it was queued before. */
export async function queueEmail<T>(db: Writer, template: EmailTemplate<T>, message: QueuedEmail<T>) {
  const data = template.schema.parse(message.data) as Record<string, unknown>;
  const to = message.to;
  const inserted = await db
    .insert(emails)
    .values({
      key: `${template.name}:${message.key}`,
      userId: typeof to === 'string' ? null : to.userId,
      toAddress: typeof to === 'string' ? to : to.address,
      template: template.name,
      data,
    })
    .onConflictDoNothing()
    .returning({ id: emails.id });
  return inserted.length > 0;
}

type EmailRow = typeof emails.$inferSelect;
type EmailStatus = (typeof EMAIL_STATUSES)[number];

export interface OutboxDeps {
  mailer: Mailer;
  templates: ReadonlyMap<string, AnyEmailTemplate>;
  logger?: Pick<Logger, 'warn'>;
}

/** Sends the messages that are due; answers how many went, will be retried, and were given up. */
export async function sendDueEmails(db: Db, deps: OutboxDeps, options: { now?: Date; limit?: number } = {}) {
  const now = options.now ?? new Date();
  const claimed = await claimDueEmails(db, now, options.limit ?? 50);
  const outcome = { sent: 0, retrying: 0, failed: 0 };
  for (const row of claimed) outcome[await sendOne(db, deps, row, now)] += 1;
  return outcome;
}

/**
 * Takes the due messages for this sender: waiting ones whose time has come, and ones whose sender's
 * lease ran out. SKIP LOCKED keeps two senders (two server copies) from taking the same message.
 */
async function claimDueEmails(db: Db, now: Date, limit: number): Promise<EmailRow[]> {
  const due = db
    .select({ id: emails.id })
    .from(emails)
    .where(
      and(
        inArray(emails.status, ['queued', 'sending']),
        // The database's clock too: a message queued a moment ago has the database's now() (in
        // microseconds), which can be a hair past this process's `now` (in milliseconds).
        sql`${emails.nextAttemptAt} <= greatest(now(), ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(emails.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emails)
    .set({
      status: 'sending',
      attempts: sql`${emails.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + SENDING_LEASE_MS),
    })
    .where(inArray(emails.id, due))
    .returning();
}

async function sendOne(db: Db, deps: OutboxDeps, row: EmailRow, now: Date) {
  const mine = and(eq(emails.id, row.id), eq(emails.attempts, row.attempts));
  try {
    const template = deps.templates.get(row.template);
    if (!template) throw new Error(`no email template named ${row.template}`);
    const rendered = await renderEmail(template, row.data);
    await deps.mailer.send({ ...rendered, to: row.toAddress, messageId: messageIdOf(row) });
    await db
      .update(emails)
      .set({ status: 'sent', sentAt: new Date(), subject: rendered.subject, lastError: null })
      .where(mine);
    return 'sent' as const;
  } catch (error) {
    const givenUp = row.attempts >= MAX_EMAIL_ATTEMPTS;
    deps.logger?.warn(
      { emailId: row.id, template: row.template, attempts: row.attempts, errorName: (error as Error)?.name },
      givenUp ? 'email given up after its retries' : 'email not sent; it will be tried again',
    );
    await db
      .update(emails)
      .set({
        status: givenUp ? 'failed' : 'queued',
        nextAttemptAt: new Date(now.getTime() + emailRetryDelayMs(row.attempts)),
        lastError: String((error as Error)?.message ?? error).slice(0, 500),
      })
      .where(mine);
    return givenUp ? ('failed' as const) : ('retrying' as const);
  }
}

/** The same on every attempt, from the row's id; the domain is the sender's own. */
const messageIdOf = (row: EmailRow) => `<${row.id}@quillreads.email>`;

/** How many messages are in each state. */
export async function outboxCounts(db: Db): Promise<Record<EmailStatus, number>> {
  const rows = await db
    .select({ status: emails.status, n: sql<number>`count(*)::int` })
    .from(emails)
    .groupBy(emails.status);
  const counts = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** A message's state, or undefined when there is no such message. */
export async function emailStatus(db: Db, id: string): Promise<EmailStatus | undefined> {
  const [row] = await db.select({ status: emails.status }).from(emails).where(eq(emails.id, id));
  return row?.status;
}

/** The latest messages given up, for the team (newest first). */
export async function failedEmails(db: Db, limit = 20) {
  return db
    .select({
      id: emails.id,
      template: emails.template,
      toAddress: emails.toAddress,
      attempts: emails.attempts,
      lastError: emails.lastError,
      createdAt: emails.createdAt,
    })
    .from(emails)
    .where(eq(emails.status, 'failed'))
    .orderBy(desc(emails.createdAt))
    .limit(limit);
}

/** Sends a given-up message again (a fixed address or server): answers false when it was not given up. */
export async function retryEmail(db: Db, id: string): Promise<boolean> {
  const updated = await db
    .update(emails)
    .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date() })
    .where(and(eq(emails.id, id), eq(emails.status, 'failed')))
    .returning({ id: emails.id });
  return updated.length > 0;
}
