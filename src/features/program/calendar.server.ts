import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { addDays, DAY_MS } from '~/platform/days';
import type { Db } from '~/platform/db/client.server';
import { calendarFeeds, children, weeklyPlanBooks, weeklyPlans } from '~/platform/db/schema.server';
import { icsCalendar, icsDate, icsDay, icsText } from '~/platform/ics';
import { pagePath } from '~/platform/routes';
import { planDays, sessionDays } from './planDays';

/** Plans shown in the calendar: the week under way and those before it, back this far. */
const CALENDAR_WEEKS_BACK = 8;

/** The feed's address under the site: calendar apps fetch it without signing in. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}/plans.ics`;

/** The family's calendar address: made on first use, the same one after. */
export async function calendarFeedOf(db: Db, userId: string): Promise<string> {
  await db
    .insert(calendarFeeds)
    .values({ userId, token: randomBytes(24).toString('base64url') })
    .onConflictDoNothing({ target: calendarFeeds.userId });
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId)).limit(1);
  // Stopped by another request between the two statements: make a new one.
  return feed ? calendarFeedPath(feed.token) : calendarFeedOf(db, userId);
}

/** The family's calendar address, or null when it has none (nothing is made). */
export async function currentCalendarFeed(db: Db, userId: string): Promise<string | null> {
  const [feed] = await db
    .select({ token: calendarFeeds.token })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .limit(1);
  return feed ? calendarFeedPath(feed.token) : null;
}

/** Stops the family's calendar address: calendar apps that fetch it get 404 from now on. */
export async function stopCalendarFeed(db: Db, userId: string): Promise<boolean> {
  const gone = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  return gone.length > 0;
}

/**
 * The family's calendar: each child's reading sessions of the recent and current weeks as all-day
 * events (the family's own time zone decides when a day is), the week's books in the description.
 * Undefined for an unknown token.
 */
export async function familyCalendar(db: Db, token: string, site: string, now = new Date()) {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token)).limit(1);
  if (!feed) return undefined;
  const { rows, planBooks } = await recentPlans(db, feed.userId, now);
  const host = new URL(site).hostname;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Quill Reads//Reading plans//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Quill Reads reading plans',
    'REFRESH-INTERVAL;VALUE=DURATION:PT6H',
  ];
  for (const { plan, childName } of rows) {
    const titles = planBooks
      .filter((b) => b.planId === plan.id)
      .map((b) => `${b.title} (${b.author})`)
      .join(', ');
    lines.push(...sessionEvents(plan, childName, titles, site, host));
  }
  lines.push('END:VCALENDAR');
  return icsCalendar(lines);
}

/** The family's plans of the recent and current weeks, with each child's name and each plan's books. */
async function recentPlans(db: Db, userId: string, now: Date) {
  const since = new Date(now.getTime() - CALENDAR_WEEKS_BACK * 7 * DAY_MS);
  const rows = await db
    .select({ plan: weeklyPlans, childName: children.firstName })
    .from(weeklyPlans)
    .innerJoin(children, eq(children.id, weeklyPlans.childId))
    .where(and(eq(children.userId, userId), gte(weeklyPlans.endsAt, since)))
    .orderBy(asc(weeklyPlans.startsAt), asc(children.firstName));
  const planBooks =
    rows.length === 0
      ? []
      : await db
          .select({
            planId: weeklyPlanBooks.planId,
            title: weeklyPlanBooks.title,
            author: weeklyPlanBooks.author,
          })
          .from(weeklyPlanBooks)
          .where(
            inArray(
              weeklyPlanBooks.planId,
              rows.map((r) => r.plan.id),
            ),
          )
          .orderBy(asc(weeklyPlanBooks.planId), asc(weeklyPlanBooks.position));
  return { rows, planBooks };
}

/** One all-day event a reading session of the plan, each linking to the whole plan. */
function sessionEvents(
  plan: typeof weeklyPlans.$inferSelect,
  childName: string,
  titles: string,
  site: string,
  host: string,
): string[] {
  const days = planDays(plan.startsAt, plan.endsAt);
  const planPage = pagePath('/reading-plan/{id}', plan.childId, { query: { plan: plan.id } });
  const link = new URL(planPage, site).href;
  const description = [
    `This week: ${titles || 'books from the catalogue'}.`,
    `Goal: ${plan.goalMinutes} minutes this week.`,
    `The whole plan: ${link}`,
  ].join('\n');
  return sessionDays(days, plan.sessionMinutes.length).flatMap((day, i) => [
    'BEGIN:VEVENT',
    `UID:${plan.id}-${i}@${host}`,
    `DTSTAMP:${icsDate(plan.createdAt.toISOString())}`,
    `DTSTART;VALUE=DATE:${icsDay(day)}`,
    `DTEND;VALUE=DATE:${icsDay(addDays(day, 1))}`,
    `SUMMARY:${icsText(`${childName}: ${plan.sessionMinutes[i]} minutes of reading`)}`,
    `DESCRIPTION:${icsText(description)}`,
    `URL:${link}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ]);
}
