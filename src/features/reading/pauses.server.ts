import { and, inArray, isNotNull } from 'drizzle-orm';
import { addDays, utcDay } from '~/platform/days';
import type { Db } from '~/platform/db/client.server';
import { memberships } from '~/platform/db/schema.server';

/**
 * The days each child's renewing program was paused, up to `today`: a pause keeps the child's
 * reading streak going (billing terms: "your child's streak is kept"), so these days bridge a run
 * without counting in it. The latest pause of each program is the one kept.
 */
export async function pausedDays(
  db: Pick<Db, 'select'>,
  childIds: readonly string[],
  today: string,
): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (childIds.length === 0) return out;
  const rows = await db
    .select({ childId: memberships.childId, from: memberships.pausedFrom, until: memberships.pausedUntil })
    .from(memberships)
    .where(and(inArray(memberships.childId, [...childIds]), isNotNull(memberships.pausedFrom)));
  for (const { childId, from, until } of rows) {
    if (!childId || !from || !until) continue;
    const days = out.get(childId) ?? new Set<string>();
    const last = utcDay(new Date(until.getTime() - 1));
    for (let day = utcDay(from); day <= last && day <= today; day = addDays(day, 1)) days.add(day);
    out.set(childId, days);
  }
  return out;
}
