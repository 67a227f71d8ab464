import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, queryRows } from '~/platform/db/client.server';
import type { ReportKind } from '~/platform/domain';
import type { JobQueue } from '~/platform/jobs/queue.server';
import { getStorage } from '~/platform/storage/index.server';
import type { Storage } from '~/platform/storage/storage';
import type { ReportPeriod } from './reportData.server';
import { makeReport } from './reports.server';

/** Every hour: finds the periods whose report is due and makes each one (once). */
export const REPORT_SCAN_JOB = 'progress-report-scan';

/** A renewing program's report comes every four weeks from its first period's start. */
const REPORT_DAYS = 28;
/** Programs that ended longer ago than this are not reported on any more (a first start, a restore). */
const LOOK_BACK_DAYS = 60;

type DueRow = {
  childId: string;
  programKey: string;
  programName: string;
  kind: ReportKind;
  start: string;
  end: string;
};

/**
 * The reports due at `now` that do not exist: the end of each fixed program; every four weeks of a
 * renewing one (the latest four weeks only); and the end of a renewing program that stopped (not
 * refunded). A refunded or cancelled program has no report.
 */
export async function dueReports(db: Db, now: Date): Promise<ReportPeriod[]> {
  const at = now.toISOString();
  const rows = await queryRows<DueRow>(
    db,
    sql`with periods as (
          select s.child_id, 'program:' || s.id as program_key, p.name as program_name, 'final' as kind,
                 s.starts_at as start, s.ends_at as "end"
            from subscriptions s join plans p on p.id = s.plan_id
           where s.membership_id is null and s.status <> 'cancelled'
             and s.ends_at <= ${at}::timestamptz
             and s.ends_at > ${at}::timestamptz - make_interval(days => ${LOOK_BACK_DAYS})
          union all
          select m.child_id, 'membership:' || m.id, p.name,
                 case when m.status = 'ended' and b.last_end <= ${at}::timestamptz then 'final' else 'progress' end,
                 case when m.status = 'ended' and b.last_end <= ${at}::timestamptz then b.first_start
                      else b.first_start + make_interval(days => ${REPORT_DAYS} * (b.n - 1)) end,
                 case when m.status = 'ended' and b.last_end <= ${at}::timestamptz then b.last_end
                      else b.first_start + make_interval(days => ${REPORT_DAYS} * b.n) end
            from memberships m join plans p on p.id = m.plan_id
            join lateral (
              select min(s.starts_at) as first_start, max(s.ends_at) as last_end,
                     floor(extract(epoch from (least(${at}::timestamptz, max(s.ends_at)) - min(s.starts_at)))
                           / (86400 * ${REPORT_DAYS}))::int as n
                from subscriptions s
               where s.membership_id = m.id and s.status <> 'cancelled'
            ) b on b.first_start is not null
           where m.child_id is not null
             and (m.end_reason is null or m.end_reason <> 'refunded')
             and (b.n >= 1 or m.status = 'ended')
             and b.last_end > ${at}::timestamptz - make_interval(days => ${LOOK_BACK_DAYS})
        )
        select child_id as "childId", program_key as "programKey", program_name as "programName", kind,
               start, "end"
          from periods r
         where r."end" <= ${at}::timestamptz and r."end" > r.start
           and not exists (select 1 from progress_reports x
                            where x.program_key = r.program_key and x.period_end = r."end")
         order by r."end"`,
  );
  return rows.map((r) => ({ ...r, start: new Date(r.start), end: new Date(r.end) }));
}

/** Makes every due report; answers how many were made. */
export async function makeDueReports(db: Db, storage: Storage, now: Date): Promise<number> {
  let made = 0;
  for (const period of await dueReports(db, now)) {
    if (await makeReport(db, storage, period)) made += 1;
  }
  return made;
}

/** Registers the report scan, works it in this process and schedules it every hour. */
export async function registerReportJobs(
  queue: JobQueue,
  db: Db,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
  options: { storage?: Storage; clock?: () => Date; schedule?: boolean } = {},
) {
  const storage = options.storage ?? getStorage();
  const clock = options.clock ?? (() => new Date());
  await queue.register<Record<string, never>>({
    name: REPORT_SCAN_JOB,
    // A failed scan is not retried: the next one, an hour later, finds the same reports due.
    retryLimit: 0,
    expireInSeconds: 15 * 60,
    async handle() {
      const made = await makeDueReports(db, storage, clock());
      if (made > 0) logger.info({ job: REPORT_SCAN_JOB, made }, 'progress reports made');
    },
  });
  if (options.schedule !== false) await queue.schedule(REPORT_SCAN_JOB, '7 * * * *');
}
