import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, queryRows } from '~/platform/db/client.server';
import type { JobQueue } from '~/platform/jobs/queue.server';
import { loadPlanContext, type PlanContext } from './planContext.server';
import { sendPlanReminders } from './planReminders.server';
import { makeWeeklyPlan, type WeeklyPlanOutcome } from './weeklyPlans.server';

/** Makes one child's plan for one program week (makeWeeklyPlan: once, whatever runs it twice). */
export const WEEKLY_PLAN_JOB = 'weekly-plan';
/** Every minute: finds program weeks that have begun without their plan and sends their jobs. */
export const WEEKLY_PLAN_SCAN_JOB = 'weekly-plan-scan';
/** Every quarter of an hour: reminds families whose week is half gone and its goal far off. */
export const PLAN_REMINDER_SCAN_JOB = 'plan-reminder-scan';

export interface DueWeek {
  subscriptionId: string;
  weekIndex: number;
}

/** The key of a week's plan job: one job per program week at a time (and its failure kept). */
export const weekKey = (week: DueWeek) => `${week.subscriptionId}:${week.weekIndex}`;

/**
 * The program weeks under way at `now` that have no plan yet: one per active program whose period
 * holds `now`. A program bought a minute ago is due at once (its week 0); an extended one continues;
 * a refunded or cancelled one is no longer active, so it is never due. Weeks whose key is in `skip`
 * (their job ran out of retries) are left out before the limit, so they never crowd out others.
 */
export async function dueWeeklyPlans(
  db: Db,
  now: Date,
  options: { limit?: number; skip?: readonly string[] } = {},
): Promise<DueWeek[]> {
  const at = now.toISOString();
  return queryRows<DueWeek>(
    db,
    sql`select w."subscriptionId", w."weekIndex"
          from (select s.id as "subscriptionId", s.starts_at,
                       floor(extract(epoch from (${at}::timestamptz - s.starts_at)) / 604800)::int as "weekIndex"
                  from subscriptions s
                 where s.status = 'active'
                   and s.starts_at <= ${at}::timestamptz
                   and s.ends_at > ${at}::timestamptz) w
         where not exists (
                 select 1 from weekly_plans p
                  where p.subscription_id = w."subscriptionId" and p.week_index = w."weekIndex")
           and w."subscriptionId"::text || ':' || w."weekIndex" not in (
                 select jsonb_array_elements_text(${JSON.stringify(options.skip ?? [])}::jsonb))
         order by w.starts_at, w."subscriptionId"
         limit ${options.limit ?? 10_000}`,
  );
}

/**
 * How long this process's plan jobs share one PlanContext (the catalogue, the rating index and the
 * passages) before reading a new one. It is the same for every child, and reading it was most of a
 * plan's cost (with 10,000 children, about 0.3 s a plan against 3 ms for all the rest: npm run
 * bench:plans): with 10,000 programs starting at once, one read a minute instead of 10,000.
 *
 * The price is staleness, and only for what other children did: a plan made in a given minute may
 * not count a rating logged (or a book or passage added) in the minute before it, exactly as if it
 * had been made a minute earlier. The child's own logs, ratings and earlier plans are always read
 * fresh, so a plan never suggests a book the child has logged. A plan that fails (a book removed
 * from the catalogue meanwhile, say) drops the context, so its retry reads a new one.
 */
export const PLAN_CONTEXT_MAX_AGE_MS = 60_000;

/** One PlanContext for the plans of the next `maxAgeMs`, read when first asked for (see above). */
export function planContextCache(
  db: Db,
  options: { maxAgeMs?: number; now?: () => number } = {},
): { get(): Promise<PlanContext>; drop(): void } {
  const maxAgeMs = options.maxAgeMs ?? PLAN_CONTEXT_MAX_AGE_MS;
  const now = options.now ?? Date.now;
  let cached: { loadedAt: number; context: Promise<PlanContext> } | undefined;
  return {
    get() {
      const at = now();
      if (!cached || at - cached.loadedAt >= maxAgeMs) {
        // Jobs asking at the same moment share one read; a read that failed is not kept.
        const entry = { loadedAt: at, context: loadPlanContext(db) };
        cached = entry;
        entry.context.catch(() => {
          if (cached === entry) cached = undefined;
        });
      }
      return cached.context;
    },
    drop() {
      cached = undefined;
    },
  };
}

/**
 * What the weekly plan job does for one week: makeWeeklyPlan with the context this process's plan
 * jobs share (planContextCache). The benchmark (scripts/bench-plans.ts) runs this same function.
 */
export function weeklyPlanMaker(db: Db, options: { maxAgeMs?: number; now?: () => number } = {}) {
  const contexts = planContextCache(db, options);
  return async (week: DueWeek): Promise<WeeklyPlanOutcome> => {
    try {
      return await makeWeeklyPlan(db, week, { context: contexts.get });
    } catch (error) {
      contexts.drop();
      throw error;
    }
  };
}

/** Registers the program's jobs (plans and reminders), works them in this process, schedules the scans. */
export async function registerProgramJobs(
  queue: JobQueue,
  db: Db,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
  options: { clock?: () => Date; schedule?: boolean } = {},
) {
  const clock = options.clock ?? (() => new Date());
  const makePlan = weeklyPlanMaker(db);
  await queue.register<DueWeek>({
    name: WEEKLY_PLAN_JOB,
    retryLimit: 8,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
    // The scan asks every minute until the plan exists: one job per week at a time.
    oneAtATimePerKey: true,
    // Many short jobs when programs start together: twenty at a fetch (each fails on its own).
    batchSize: 20,
    async handle(week) {
      const outcome = await makePlan(week);
      // A program that stopped or a child deleted meanwhile: nothing to make, and nothing to retry.
      logger.info({ job: WEEKLY_PLAN_JOB, ...week, outcome: outcome.status }, 'weekly plan');
    },
  });
  await queue.register<Record<string, never>>({
    name: WEEKLY_PLAN_SCAN_JOB,
    retryLimit: 0,
    expireInSeconds: 5 * 60,
    async handle() {
      // A week whose job ran out of retries waits for the team (the console shows it failed, with
      // a retry): sending it again every minute would only pile up failures.
      const skip = await queue.failedKeys(WEEKLY_PLAN_JOB);
      for (const week of await dueWeeklyPlans(db, clock(), { skip })) {
        await queue.send(WEEKLY_PLAN_JOB, week, { key: weekKey(week) });
      }
    },
  });
  await queue.register<Record<string, never>>({
    name: PLAN_REMINDER_SCAN_JOB,
    // A failed scan is not retried: the next one, a quarter of an hour later, does its work.
    retryLimit: 0,
    expireInSeconds: 10 * 60,
    async handle() {
      const sent = await sendPlanReminders(db, clock());
      if (sent > 0) logger.info({ job: PLAN_REMINDER_SCAN_JOB, sent }, 'plan reminders');
    },
  });
  if (options.schedule !== false) {
    await queue.schedule(WEEKLY_PLAN_SCAN_JOB, '* * * * *');
    await queue.schedule(PLAN_REMINDER_SCAN_JOB, '*/15 * * * *');
  }
}
