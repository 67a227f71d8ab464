import { and, eq, sql } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import { addDays } from '~/platform/days';
import type { Db } from '~/platform/db/client.server';
import { readingLogs, readingMilestones } from '~/platform/db/schema.server';
import type { ChildRow } from '~/platform/identity/accounts.server';
import { pagePath } from '~/platform/routes';
import { pausedDays } from './pauses.server';
import {
  type Milestone,
  milestoneNotice,
  milestonesReached,
  milestonesToAnnounce,
  runAround,
  STREAK_MILESTONES,
} from './reading';

/**
 * Records the milestones the child's log now shows and announces the ones reached for the first
 * time. The streak is the run of days around the entry's day (filling last Tuesday's gap can make
 * a week in a row); a window as wide as the largest milestone is all that needs reading.
 */
export async function reachMilestones(tx: Db, child: ChildRow, day: string): Promise<Milestone[]> {
  const span = Math.max(...STREAK_MILESTONES) - 1;
  const [near, [count], paused] = await Promise.all([
    tx
      .selectDistinct({ day: readingLogs.readOn })
      .from(readingLogs)
      .where(
        and(
          eq(readingLogs.childId, child.id),
          sql`${readingLogs.readOn} between ${addDays(day, -span)}::date and ${addDays(day, span)}::date`,
        ),
      ),
    // Books finished, not books begun: one session of a book is not a book read.
    tx
      .select({ books: sql<number>`count(distinct lower(${readingLogs.title}))::int` })
      .from(readingLogs)
      .where(and(eq(readingLogs.childId, child.id), eq(readingLogs.finished, true))),
    pausedDays(tx, [child.id], addDays(day, span)),
  ]);
  const reached = milestonesReached({
    streak: runAround(
      near.map((r) => r.day),
      day,
      paused.get(child.id),
    ),
    books: Number(count?.books ?? 0),
  });
  if (reached.length === 0) return [];
  // The primary key keeps each milestone once: only those inserted now are new.
  const inserted = await tx
    .insert(readingMilestones)
    .values(reached.map((milestone) => ({ childId: child.id, milestone })))
    .onConflictDoNothing()
    .returning({ milestone: readingMilestones.milestone });
  const announce = milestonesToAnnounce(inserted.map((r) => r.milestone as Milestone));
  for (const milestone of announce) {
    await notifyChild(tx, child.id, {
      kind: 'milestone',
      ...milestoneNotice(milestone, child.firstName),
      link: pagePath('/book-history/{id}', child.id),
    });
  }
  return announce;
}
