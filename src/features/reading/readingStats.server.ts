import { sql } from 'drizzle-orm';
import { addDays, weekStart } from '~/platform/days';
import type { Db } from '~/platform/db/client.server';
import { currentStreak } from './reading';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * This week's minutes and the current streak of each child, in one query: the reading per day,
 * its runs of consecutive days ("islands": a day minus its rank is the same along a run), and the
 * length of the latest run. Whether that run still counts is the rule in currentStreak.
 */
export async function readingStats(
  db: Db,
  childIds: string[],
  today: string,
): Promise<Map<string, { readingThisWeek: number; streakDays: number }>> {
  const stats = new Map<string, { readingThisWeek: number; streakDays: number }>();
  if (childIds.length === 0) return stats;
  const monday = weekStart(today);
  const ids = sql.join(
    childIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // A paused program's days (up to today) bridge a run without counting in it: a pause keeps a streak.
  const result = await db.execute(sql`
    with logged as (
      select child_id, read_on, sum(minutes)::int as minutes, false as paused
      from reading_logs where child_id in (${ids})
      group by child_id, read_on
    ), pause_days as (
      select m.child_id, d::date as read_on, 0 as minutes, true as paused
      from memberships m,
           generate_series(m.paused_from::date,
                           least((m.paused_until - interval '1 millisecond')::date, ${today}::date),
                           interval '1 day') d
      where m.child_id in (${ids}) and m.paused_from is not null
    ), days as (
      select child_id, read_on, sum(minutes)::int as minutes, bool_and(paused) as paused
      from (select * from logged union all select * from pause_days) both_kinds
      group by child_id, read_on
    ), islands as (
      select child_id, read_on, minutes, paused,
             read_on - (row_number() over (partition by child_id order by read_on))::int as island
      from days
    ), marked as (
      select *, max(island) over (partition by child_id) as last_island from islands
    )
    select child_id,
           coalesce(sum(minutes) filter (where read_on between ${monday}::date and ${addDays(monday, 6)}::date), 0)::int as week,
           max(read_on)::text as last_day,
           (count(*) filter (where island = last_island and not paused))::int as last_run
    from marked group by child_id`);
  for (const r of rowsOf<{ child_id: string; week: number; last_day: string; last_run: number }>(result)) {
    stats.set(String(r.child_id), {
      readingThisWeek: Number(r.week),
      streakDays: currentStreak({ end: r.last_day, length: Number(r.last_run) }, today),
    });
  }
  return stats;
}
