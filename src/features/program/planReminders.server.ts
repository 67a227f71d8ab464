import { sql } from 'drizzle-orm';
import { nextNotificationTime } from '~/features/notifications/notifications.server';
import { type Db, queryRows } from '~/platform/db/client.server';
import { REMINDER_AFTER_DAYS, REMINDER_BELOW_SHARE, type ReminderPlan, reminderNotice } from './planReminder';

interface DueReminder extends ReminderPlan {
  planId: string;
}

/**
 * The plans whose mid-week reminder is due at `now` (planReminder.ts): under way, at least three
 * days in, not reminded yet, of an active program, with less than half the goal read on the plan's
 * days. Read through the plans still under way (weekly_plans_ends_idx), a week's worth at most.
 */
async function dueReminders(db: Db, now: Date, limit: number): Promise<DueReminder[]> {
  const at = now.toISOString();
  const rows = await queryRows<
    Omit<DueReminder, 'startsAt' | 'endsAt'> & { startsAt: string; endsAt: string }
  >(
    db,
    sql`select p.id as "planId", p.child_id as "childId", c.first_name as "firstName",
               p.starts_at as "startsAt", p.ends_at as "endsAt", p.goal_minutes as "goalMinutes",
               p.session_minutes as "sessionMinutes", coalesce(r.minutes, 0)::int as "minutesRead"
          from weekly_plans p
          join subscriptions s on s.id = p.subscription_id and s.status = 'active'
          join children c on c.id = p.child_id
          left join lateral (
                select sum(l.minutes) as minutes from reading_logs l
                 where l.child_id = p.child_id
                   and l.read_on >= (p.starts_at at time zone 'UTC')::date
                   and l.read_on <= ((p.ends_at - interval '1 millisecond') at time zone 'UTC')::date
               ) r on true
         where p.ends_at > ${at}::timestamptz
           and p.starts_at <= ${at}::timestamptz - ${`${REMINDER_AFTER_DAYS} days`}::interval
           and p.reminded_at is null
           and coalesce(r.minutes, 0) < p.goal_minutes * ${REMINDER_BELOW_SHARE}::numeric
         order by p.ends_at, p.id
         limit ${limit}`,
  );
  return rows.map((r) => ({ ...r, startsAt: new Date(r.startsAt), endsAt: new Date(r.endsAt) }));
}

/**
 * Reminds every family whose plan's reminder is due (see dueReminders), `batch` plans a statement:
 * each statement marks its plans reminded and writes their notifications together, and marks only
 * plans not reminded meanwhile, so two scans at once (two server copies) remind a plan once.
 * Answers the number of reminders written.
 */
export async function sendPlanReminders(db: Db, now: Date, batch = 500): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await dueReminders(db, now, batch);
    if (due.length === 0) return sent;
    const notices = due.map((plan) => ({ plan_id: plan.planId, ...reminderNotice(plan, now) }));
    const [written] = await queryRows<{ n: number }>(
      db,
      sql`with notice as (
                select * from jsonb_to_recordset(${JSON.stringify(notices)}::jsonb)
                       as n(plan_id uuid, title text, body text, link text)),
               marked as (
                update weekly_plans p set reminded_at = now()
                  from notice where p.id = notice.plan_id and p.reminded_at is null
                returning p.id, p.child_id),
               told as (
                insert into notifications (child_id, kind, title, body, link, created_at)
                select marked.child_id, 'program', notice.title, notice.body, notice.link,
                       ${nextNotificationTime(sql`marked.child_id`)}
                  from marked join notice on notice.plan_id = marked.id
                returning 1)
          select count(*)::int as n from told`,
    );
    sent += written?.n ?? 0;
    // A batch another scan reminded first marks nothing here; the next read no longer finds it.
    if (due.length < batch) return sent;
  }
}
