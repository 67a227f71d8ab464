import { sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { notifications } from '~/platform/db/schema.server';

/** A database or a transaction: notifications are written in the same transaction as their cause. */
type Writer = Pick<Db, 'insert'>;

export interface NewNotification {
  /** What caused it: blog, event, milestone, payment, interview... */
  kind: string;
  title: string;
  body?: string;
  /** A page of the site the notification leads to (a path, never an outside address). */
  link?: string | null;
}

/** Notifications are kept per child; the family's count is the sum over its children. */
export async function notifyChild(db: Writer, childId: string, note: NewNotification) {
  if (note.link && !note.link.startsWith('/')) throw new Error('notification links are site paths');
  await db.insert(notifications).values({
    childId,
    kind: note.kind,
    title: note.title.slice(0, 200),
    body: (note.body ?? '').slice(0, 1000),
    link: note.link ?? null,
    // Strictly after the child's latest one: clocks that tick in milliseconds (PGlite) would
    // otherwise give two quick notifications one time, and "newest first" a coin toss.
    createdAt: sql`greatest(now(), (select max(n.created_at) + interval '1 millisecond' from notifications n where n.child_id = ${childId}))`,
  });
}
