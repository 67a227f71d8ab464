import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Role } from '~/platform/access';
import { type Db, onlyRow, queryRows } from '~/platform/db/client.server';
import { uploadLog, users } from '~/platform/db/schema.server';
import type { UploadKind } from '~/platform/domain';
import { DomainError } from '~/platform/errors';
import {
  judgeUpload,
  parseUploadQuotas,
  QUOTA_WINDOW_MS,
  quotaMessage,
  retryAfterSeconds,
  type UploadQuotas,
} from './quotas';

let settings: UploadQuotas | undefined;

/**
 * The quotas from the settings (BLOG_IMAGE_QUOTA_PER_DAY...), read once. The routes that upload ask
 * for them when the API is built, so a bad value stops the server at start with a message naming it.
 */
export function uploadQuotas(): UploadQuotas {
  settings ??= parseUploadQuotas(process.env);
  return settings;
}

/** An upload counted against its account's quota; given back when the file is not kept after all. */
export interface UploadReservation {
  release(): Promise<void>;
}

const NOTHING_TO_RELEASE: UploadReservation = { release: async () => {} };

/**
 * Counts an upload of `bytes` against the account's quota for this kind, or refuses it with 429
 * `rate_limited`, naming the limit and when more can be uploaded (with Retry-After). Call it before
 * the file is processed or stored; release the reservation if the file is then refused or not kept.
 *
 * Counted in the database, so the quota holds across server copies and restarts. The account's row
 * is locked while counting: two uploads at once by one account are counted one after the other,
 * and cannot both take the last place. Administrators have no quota.
 */
export async function reserveUpload(
  db: Db,
  account: { id: string; role: Role },
  kind: UploadKind,
  bytes: number,
  quotas: UploadQuotas = uploadQuotas(),
): Promise<UploadReservation> {
  if (account.role === 'admin') return NOTHING_TO_RELEASE;
  const quota = quotas[kind];
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, account.id)).for('update');
    // The database's clock, the same for every copy (and the one that stamps the rows).
    const [clock] = await queryRows<{ now: string | Date }>(tx, sql`select now() as now`);
    const now = new Date(clock?.now ?? Date.now());
    const past = await tx
      .select({ bytes: uploadLog.bytes, at: uploadLog.createdAt })
      .from(uploadLog)
      .where(
        and(
          eq(uploadLog.userId, account.id),
          eq(uploadLog.kind, kind),
          gt(uploadLog.createdAt, new Date(now.getTime() - QUOTA_WINDOW_MS)),
        ),
      );
    const verdict = judgeUpload(quota, past, bytes, now);
    if (!verdict.allowed) {
      const retryAfter = retryAfterSeconds(verdict.resetsAt, now);
      throw new DomainError(
        'rate_limited',
        quotaMessage(kind, quota, verdict.resetsAt, now),
        undefined,
        retryAfter ? { 'Retry-After': String(retryAfter) } : undefined,
      );
    }
    const row = onlyRow(
      await tx.insert(uploadLog).values({ userId: account.id, kind, bytes }).returning({ id: uploadLog.id }),
    );
    return row.id;
  });
  return {
    async release() {
      await db.delete(uploadLog).where(eq(uploadLog.id, id));
    },
  };
}

/** Forgets uploads older than two days: they count towards no quota. Answers how many went. */
export async function pruneUploadLog(db: Db): Promise<number> {
  const gone = await db
    .delete(uploadLog)
    .where(lt(uploadLog.createdAt, sql`now() - interval '2 days'`))
    .returning({ id: uploadLog.id });
  return gone.length;
}
