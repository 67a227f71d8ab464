import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { children, users, weeklyPlanBooks, weeklyPlans } from '~/platform/db/schema.server';
import { queueEmail } from '~/platform/email/outbox.server';
import type { Reason } from './bookScores';
import { weeklyPlanEmail } from './emails/weeklyPlanEmail';
import { describeReason } from './recommender';

/**
 * Queues a new weekly plan's email for the child's parent, only if they opted in (and so have an
 * unsubscribe token); once per plan, whatever makes the plan twice.
 */
export async function queueWeeklyPlanEmail(db: Db, planId: string) {
  const [row] = await db
    .select({ plan: weeklyPlans, firstName: children.firstName, parent: users })
    .from(weeklyPlans)
    .innerJoin(children, eq(children.id, weeklyPlans.childId))
    .innerJoin(users, eq(users.id, children.userId))
    .where(eq(weeklyPlans.id, planId));
  if (!row?.parent.weeklyPlanEmail || !row.parent.emailToken) return false;
  const { plan, firstName, parent } = row;
  const books = await db
    .select({
      title: weeklyPlanBooks.title,
      author: weeklyPlanBooks.author,
      reasons: weeklyPlanBooks.reasons,
    })
    .from(weeklyPlanBooks)
    .where(eq(weeklyPlanBooks.planId, planId))
    .orderBy(asc(weeklyPlanBooks.position));
  return queueEmail(db, weeklyPlanEmail, {
    key: planId,
    to: { userId: parent.id, address: parent.email, name: parent.displayName, timeZone: parent.timeZone },
    data: {
      planId,
      parentName: parent.displayName,
      childFirstName: firstName,
      weekNumber: plan.weekIndex + 1,
      startsAt: plan.startsAt.toISOString(),
      goalMinutes: plan.goalMinutes,
      sessionMinutes: plan.sessionMinutes,
      books: books.map((b) => {
        const [first] = (b.reasons as Reason[] | null) ?? [];
        return {
          title: b.title,
          author: b.author,
          why: first ? describeReason(first, firstName) : 'for this week',
        };
      }),
      timeZone: parent.timeZone ?? 'UTC',
      unsubscribeToken: parent.emailToken,
    },
  });
}
