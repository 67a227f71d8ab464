import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AdminPage } from '~/platform/admin/list.schema';
import { containsSearch, pageOf, pageWindow } from '~/platform/admin/list.server';
import { utcDay } from '~/platform/days';
import { type Db, queryRows } from '~/platform/db/client.server';
import type { PlacementBasis, ReadingLevel } from '~/platform/domain';
import type { EnrolmentQuery, EnrolmentRow } from './adminEnrolments.schema';
import { BEHIND_SHARE, type EnrolmentState, isBehind, type WeekReading } from './progress';

/**
 * Whose children a viewer of the enrolments may see. The team sees every child; a reading guide
 * the children assigned to them (read in the same statement, so an assignment removed a moment ago
 * is already out), and every query here is narrowed by it: a child outside it is "not found".
 */
export type EnrolmentScope =
  | { kind: 'everyone' }
  | { kind: 'children'; childIds: readonly string[] }
  | { kind: 'guide'; guideId: string };
export const TEAM_SCOPE: EnrolmentScope = { kind: 'everyone' };

/** The scope as a condition on a child id column; undefined for everyone. */
export function scopeCondition(scope: EnrolmentScope, childId: SQLWrapper): SQL | undefined {
  if (scope.kind === 'everyone') return undefined;
  if (scope.kind === 'guide')
    return sql`${childId} in (select ga.child_id from guide_assignments ga where ga.guide_id = ${scope.guideId}::uuid)`;
  if (scope.childIds.length === 0) return sql`false`;
  return sql`${childId} in (${sql.join(
    scope.childIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
}

/** A program's state in SQL: enrolmentState (progress.ts) over the subscription `s`. */
const stateSql = (now: string) => sql`case
  when s.status = 'cancelled' then 'cancelled'
  when s.status = 'ended' or s.ends_at <= ${now}::timestamptz then 'ended'
  when s.starts_at > ${now}::timestamptz then 'upcoming'
  else 'current' end`;

/**
 * Behind on the plan in SQL, over a row of `facts`, for the filter: isBehind (progress.ts) is the
 * rule, and the answer's `behind` comes from it; tests/integration/adminEnrolments.test.ts checks
 * that the filter and the answer agree.
 */
const behindSql = (now: string) => sql`(f.state = 'current' and (
  (f.goal_minutes is not null
     and ${now}::timestamptz >= f.shown_starts + (f.shown_ends - f.shown_starts) / 2
     and f.minutes_read < f.goal_minutes * ${BEHIND_SHARE}::numeric)
  or (f.last_goal is not null and f.last_read < f.last_goal * ${BEHIND_SHARE}::numeric)))`;

/**
 * Each enrolment matching `where` (over `s` the subscription, `c` the child, `u` the family, `p`
 * the program) with the facts its row shows: the plan-week shown (the one under way, or the latest
 * of a program that ended or stopped) with the minutes logged on its days, the last finished week,
 * and the weeks missed. One statement: the minutes of every started plan of the matching programs
 * are summed once, through the reading log's (child, day) index.
 */
function enrolmentFacts(where: SQL, now: string): SQL {
  return sql`with enrolled as (
      select s.id, s.child_id, s.plan_id, s.starts_at, s.ends_at, ${stateSql(now)} as state,
             greatest(1, ceil(extract(epoch from (s.ends_at - s.starts_at)) / 604800))::int as weeks,
             c.first_name, c.reading_level, c.placement_basis, c.placed_at,
             u.id as user_id, u.display_name, u.email, p.name as program_name,
             ga.guide_id, gu.display_name as guide_name
        from subscriptions s
        join children c on c.id = s.child_id
        join users u on u.id = c.user_id
        join plans p on p.id = s.plan_id
        left join guide_assignments ga on ga.child_id = c.id
        left join users gu on gu.id = ga.guide_id),
    base as (select * from enrolled s where ${where}),
    plan_weeks as (
      select w.subscription_id, w.week_index, w.starts_at, w.ends_at, w.goal_minutes,
             coalesce((select sum(l.minutes) from reading_logs l
                        where l.child_id = w.child_id
                          and l.read_on >= (w.starts_at at time zone 'UTC')::date
                          and l.read_on <= ((w.ends_at - interval '1 millisecond') at time zone 'UTC')::date),
                      0)::int as read
        from weekly_plans w join base on base.id = w.subscription_id
       where w.starts_at <= ${now}::timestamptz),
    facts as (
      select base.*,
             case when base.state = 'current'
                  then floor(extract(epoch from (${now}::timestamptz - base.starts_at)) / 604800)::int + 1
                  else shown.week_index + 1 end as week,
             shown.goal_minutes, shown.read as minutes_read, shown.week_index as shown_week,
             shown.starts_at as shown_starts, shown.ends_at as shown_ends,
             last.goal_minutes as last_goal, last.read as last_read, last.week_index as last_week,
             last.starts_at as last_starts, last.ends_at as last_ends,
             (select count(*) from plan_weeks m
               where m.subscription_id = base.id and m.ends_at <= ${now}::timestamptz
                 and m.read < m.goal_minutes * ${BEHIND_SHARE}::numeric)::int as missed_weeks
        from base
        left join lateral (
              select * from plan_weeks w
               where w.subscription_id = base.id
                 and (base.state <> 'current' or w.ends_at > ${now}::timestamptz)
               order by w.week_index desc limit 1) shown on true
        left join lateral (
              select * from plan_weeks w
               where w.subscription_id = base.id and w.ends_at <= ${now}::timestamptz
               order by w.week_index desc limit 1) last on true)`;
}

interface FactsRow {
  id: string;
  child_id: string;
  plan_id: string;
  starts_at: string | Date;
  ends_at: string | Date;
  state: EnrolmentState;
  weeks: number;
  first_name: string;
  reading_level: ReadingLevel;
  placement_basis: PlacementBasis | null;
  placed_at: string | Date | null;
  user_id: string;
  display_name: string;
  email: string;
  program_name: string;
  guide_id: string | null;
  guide_name: string | null;
  week: number | null;
  goal_minutes: number | null;
  minutes_read: number | null;
  shown_week: number | null;
  shown_starts: string | Date | null;
  shown_ends: string | Date | null;
  last_goal: number | null;
  last_read: number | null;
  last_week: number | null;
  last_starts: string | Date | null;
  last_ends: string | Date | null;
  missed_weeks: number;
  total?: string | number;
}

const instantOf = (value: string | Date) => new Date(value);
/** A program's last day: the day before it ends. */
const lastDayOf = (endsAt: Date) => utcDay(new Date(endsAt.getTime() - 1));

function weekOf(
  index: number | null,
  startsAt: string | Date | null,
  endsAt: string | Date | null,
  goalMinutes: number | null,
  minutesRead: number | null,
): WeekReading | null {
  if (index === null || startsAt === null || endsAt === null || goalMinutes === null) return null;
  return {
    weekIndex: index,
    startsAt: instantOf(startsAt),
    endsAt: instantOf(endsAt),
    goalMinutes,
    minutesRead: minutesRead ?? 0,
  };
}

function rowOf(f: FactsRow, now: Date): EnrolmentRow {
  const shown = weekOf(f.shown_week, f.shown_starts, f.shown_ends, f.goal_minutes, f.minutes_read);
  const last = weekOf(f.last_week, f.last_starts, f.last_ends, f.last_goal, f.last_read);
  return {
    id: f.id,
    childId: f.child_id,
    childName: f.first_name,
    family: { userId: f.user_id, displayName: f.display_name, email: f.email },
    planId: f.plan_id,
    programName: f.program_name,
    guide: f.guide_id && f.guide_name ? { id: f.guide_id, name: f.guide_name } : null,
    state: f.state,
    startsOn: utcDay(instantOf(f.starts_at)),
    endsOn: lastDayOf(instantOf(f.ends_at)),
    readingLevel: f.reading_level,
    placement:
      f.placement_basis && f.placed_at
        ? { basis: f.placement_basis, placedOn: utcDay(instantOf(f.placed_at)) }
        : null,
    week: f.week,
    weeks: f.weeks,
    goalMinutes: shown ? shown.goalMinutes : null,
    minutesRead: shown ? shown.minutesRead : null,
    missedWeeks: f.missed_weeks,
    behind: isBehind(
      { state: f.state, current: f.state === 'current' ? shown : null, lastFinished: last },
      now,
    ),
  };
}

/** The guide filter: children nobody follows yet, or one guide's. */
function guideCondition(guide: EnrolmentQuery['guide']): SQL | undefined {
  if (guide === '') return undefined;
  return guide === 'unassigned' ? sql`s.guide_id is null` : sql`s.guide_id = ${guide}::uuid`;
}

const SORT_COLUMNS: Record<EnrolmentQuery['sort'], SQL> = {
  child: sql`lower(f.first_name)`,
  parent: sql`lower(f.display_name)`,
  program: sql`lower(f.program_name)`,
  week: sql`f.week`,
  progress: sql`f.minutes_read::numeric / nullif(f.goal_minutes, 0)`,
  missedWeeks: sql`f.missed_weeks`,
  startsOn: sql`f.starts_at`,
};

/**
 * A page of enrolments: one row per child's program, running now unless the status says otherwise,
 * searched by the child's or the parent's name (or email), filtered by program, level, week and
 * behind on the plan, sorted and paged. One statement, whatever the page holds.
 */
export async function listEnrolments(
  db: Db,
  query: EnrolmentQuery,
  { scope = TEAM_SCOPE, now = new Date() }: { scope?: EnrolmentScope; now?: Date } = {},
): Promise<AdminPage<EnrolmentRow>> {
  const at = now.toISOString();
  const conditions = [
    sql`true`,
    scopeCondition(scope, sql`s.child_id`),
    query.status === 'all' ? undefined : sql`s.state = ${query.status}`,
    query.plan ? sql`s.plan_id = ${query.plan}::uuid` : undefined,
    query.level ? sql`s.reading_level = ${query.level}` : undefined,
    guideCondition(query.guide),
    // A guide knows families by name only: their search never reaches the email.
    containsSearch(
      query.q,
      scope.kind === 'guide'
        ? [sql`s.first_name`, sql`s.display_name`]
        : [sql`s.first_name`, sql`s.display_name`, sql`s.email`],
    ),
  ].filter((c): c is SQL => c !== undefined);
  const where = sql.join(
    conditions.map((c) => sql`(${c})`),
    sql` and `,
  );
  const after = [
    sql`true`,
    query.week ? sql`f.week = ${Number(query.week)}` : undefined,
    query.behind === 'true' ? behindSql(at) : undefined,
    query.behind === 'false' ? sql`not ${behindSql(at)}` : undefined,
  ].filter((c): c is SQL => c !== undefined);
  const matching = sql`${enrolmentFacts(where, at)}
    select f.*, count(*) over () as total from facts f where ${sql.join(after, sql` and `)}`;
  const dir = sql.raw(query.dir);
  const window = pageWindow(query.page, query.limit);
  const rows = await queryRows<FactsRow>(
    db,
    sql`${matching}
        order by ${SORT_COLUMNS[query.sort]} ${dir} nulls last, lower(f.first_name), f.id
        limit ${window.limit} offset ${window.offset}`,
  );
  // A page past the end holds no row to carry the total: count them apart.
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    const [counted] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from (${matching}) m`);
    total = Number(counted?.n ?? 0);
  }
  return pageOf(
    rows.map((row) => rowOf(row, now)),
    total,
    query.page,
    query.limit,
  );
}
