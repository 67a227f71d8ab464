import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '~/platform/admin/audit.server';
import type { AdminPage } from '~/platform/admin/list.schema';
import { containsSearch, orderOf, tablePage } from '~/platform/admin/list.server';
import type { Db } from '~/platform/db/client.server';
import { inquiries } from '~/platform/db/schema.server';
import type {
  AdminInquiry,
  AdminInquiryQuery,
  AdminInquiryRow,
  AdminInquiryUpdate,
  InquiryReply,
} from './admin.schema';
import { repliesOf } from './replies.server';

type InquiryRecord = typeof inquiries.$inferSelect;

const toRow = (r: InquiryRecord): AdminInquiryRow => ({
  id: r.id,
  name: r.name,
  email: r.email,
  subject: r.subject,
  status: r.status,
  hasNote: Boolean(r.internalNote),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const toInquiry = (r: InquiryRecord, replies: InquiryReply[]): AdminInquiry => {
  const { hasNote: _, ...row } = toRow(r);
  return { ...row, message: r.message, internalNote: r.internalNote ?? '', replies };
};

// Status sorts in the order work flows (new, in progress, answered), not alphabetically.
const statusRank = sql`case ${inquiries.status} when 'new' then 0 when 'in_progress' then 1 else 2 end`;

/** A page of inquiries, newest first unless asked otherwise, filtered and searched. */
export async function listInquiries(db: Db, query: AdminInquiryQuery): Promise<AdminPage<AdminInquiryRow>> {
  const { q, sort, dir, page, limit, status } = query;
  const where = and(
    containsSearch(q, [inquiries.name, inquiries.email, inquiries.subject, inquiries.message]),
    status ? eq(inquiries.status, status) : undefined,
  );
  const column = {
    createdAt: inquiries.createdAt,
    name: sql`lower(${inquiries.name})`,
    email: sql`lower(${inquiries.email})`,
    subject: sql`lower(${inquiries.subject})`,
    status: statusRank,
  }[sort];
  // Within one status, the newest message first: the one most likely still waiting for a word.
  const order =
    sort === 'status'
      ? [(dir === 'asc' ? asc : desc)(statusRank), desc(inquiries.createdAt), desc(inquiries.id)]
      : orderOf(column as SQL, dir, inquiries.id);
  return tablePage(db, inquiries, where, order, { page, limit }, toRow);
}

export async function findInquiry(db: Db, id: string): Promise<AdminInquiry | undefined> {
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id)).limit(1);
  return row && toInquiry(row, await repliesOf(db, id));
}

/**
 * Changes an inquiry's status and/or note, writing one audit line per thing that really changed
 * (saving the same values again records nothing). Undefined when there is no such inquiry.
 */
export async function updateInquiry(
  db: Db,
  actorId: string,
  id: string,
  change: AdminInquiryUpdate,
): Promise<AdminInquiry | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(inquiries).where(eq(inquiries.id, id)).for('update');
    if (!before) return undefined;
    const status = change.status ?? before.status;
    const note = change.internalNote === undefined ? before.internalNote : change.internalNote || null;
    const statusChanged = status !== before.status;
    const noteChanged = note !== before.internalNote;
    if (!statusChanged && !noteChanged) return toInquiry(before, await repliesOf(tx, id));
    const [after] = await tx
      .update(inquiries)
      .set({ status, internalNote: note, updatedAt: new Date() })
      .where(eq(inquiries.id, id))
      .returning();
    if (!after) return undefined;
    if (statusChanged) {
      await recordAudit(tx, actorId, 'inquiry.status', id, { from: before.status, to: status });
    }
    if (noteChanged) {
      // The note's words stay on the inquiry; the log says only that it changed, and how long it is.
      await recordAudit(tx, actorId, 'inquiry.note', id, {
        characters: note?.length ?? 0,
        subject: before.subject,
      });
    }
    return toInquiry(after, await repliesOf(tx, id));
  });
}
