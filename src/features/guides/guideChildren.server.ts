import { sql } from 'drizzle-orm';
import { enrolmentDetail } from '~/features/program/adminEnrolment.server';
import type { EnrolmentQuery } from '~/features/program/adminEnrolments.schema';
import { type EnrolmentScope, listEnrolments } from '~/features/program/adminEnrolments.server';
import type { AdminPage } from '~/platform/admin/list.schema';
import { type Db, queryRows } from '~/platform/db/client.server';
import { waitingSwap } from './bookSwaps.server';
import type { GuideChildDetail, GuideChildRow } from './guides.schema';
import { guideRecordings } from './runningRecords.server';

/** A guide's scope: the children assigned to them, read with every query. */
const scopeOf = (guideId: string): EnrolmentScope => ({ kind: 'guide', guideId });

/** Recordings waiting for a running record, by child, among these children. */
async function waitingByChild(db: Db, childIds: readonly string[]): Promise<Map<string, number>> {
  if (childIds.length === 0) return new Map();
  const rows = await queryRows<{ child_id: string; n: number }>(
    db,
    sql`select r.child_id, count(*)::int as n from recordings r
         where r.child_id in (${sql.join(
           childIds.map((id) => sql`${id}::uuid`),
           sql`, `,
         )})
           and r.audio_path is not null
           and not exists (select 1 from recording_scores rs where rs.recording_id = r.id)
         group by r.child_id`,
  );
  return new Map(rows.map((r) => [r.child_id, Number(r.n)]));
}

/** The guide's children as the team's enrolment list shows them, the family by name only. */
export async function guideChildren(
  db: Db,
  guideId: string,
  query: EnrolmentQuery,
): Promise<AdminPage<GuideChildRow>> {
  const page = await listEnrolments(db, { ...query, guide: '' }, { scope: scopeOf(guideId) });
  const waiting = await waitingByChild(
    db,
    page.items.map((row) => row.childId),
  );
  return {
    ...page,
    items: page.items.map(({ family, guide: _guide, ...row }) => ({
      ...row,
      familyName: family.displayName,
      waiting: waiting.get(row.childId) ?? 0,
    })),
  };
}

/** One child the guide follows: programs and plans, placement, recordings; 404 for any other. */
export async function guideChild(db: Db, guideId: string, childId: string): Promise<GuideChildDetail> {
  const {
    family,
    guide: _guide,
    ...detail
  } = await enrolmentDetail(db, childId, { scope: scopeOf(guideId) });
  return {
    ...detail,
    familyName: family.displayName,
    recordings: await guideRecordings(db, guideId, { childId }),
    swap: await waitingSwap(db, childId),
  };
}
