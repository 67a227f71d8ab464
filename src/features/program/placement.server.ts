import { and, desc, eq, gte, isNotNull } from 'drizzle-orm';
import { DAY_MS, utcDay } from '~/platform/days';
import type { Db, Tx } from '~/platform/db/client.server';
import { children, readingLogs, recordings, subscriptions, weeklyPlans } from '~/platform/db/schema.server';
import type { AgeBand, ReadingLevel } from '~/platform/domain';
import type { ChildRow } from '~/platform/identity/accounts.server';
import { type Placement, type PlacementAnswers, placeReader } from './placement';
import { makeWeeklyPlan } from './weeklyPlans.server';

/** A read-aloud older than this says little about how the child reads today. */
const FRESH_READ_ALOUD_DAYS = 90;

/** The child's most recent read-aloud rate of the last three months, if any. */
export async function recentWordsPerMinute(db: Db, childId: string, now = new Date()) {
  const since = new Date(now.getTime() - FRESH_READ_ALOUD_DAYS * DAY_MS);
  const [latest] = await db
    .select({ wpm: recordings.wordsPerMinute })
    .from(recordings)
    .where(
      and(
        eq(recordings.childId, childId),
        isNotNull(recordings.wordsPerMinute),
        gte(recordings.createdAt, since),
      ),
    )
    .orderBy(desc(recordings.createdAt))
    .limit(1);
  return latest?.wpm ?? undefined;
}

export interface PlacementOutcome extends Placement {
  previousLevel: ReadingLevel;
  /** This week's plan was made again at the new level (nothing of it had been read yet). */
  planRemade: boolean;
}

/**
 * Places a child from the parent's three answers (or a recent read-aloud, which decides when there
 * is one) and keeps the level on the child. When the level changes and nothing of this week's plan
 * has been logged yet, the week's plan is made again at the new level; otherwise the new level
 * applies from next week's plan.
 */
export async function placeChild(
  db: Db,
  child: ChildRow,
  answers: PlacementAnswers,
  now = new Date(),
): Promise<PlacementOutcome> {
  const placement = placeReader({
    ageBand: child.ageBand as AgeBand | null,
    birthYear: child.birthYear,
    today: utcDay(now),
    answers,
    wordsPerMinute: await recentWordsPerMinute(db, child.id, now),
  });
  const previousLevel = child.readingLevel as ReadingLevel;
  // The level and the week's plan made again change together, or neither does.
  const planRemade = await db.transaction(async (tx) => {
    await tx
      .update(children)
      .set({
        readingLevel: placement.level,
        placementBasis: placement.basis === 'age' ? null : placement.basis,
        placedAt: now,
      })
      .where(eq(children.id, child.id));
    return placement.level !== previousLevel && remakeUnreadWeek(tx, child.id, now);
  });
  return { ...placement, previousLevel, planRemade };
}

/** Thrown inside the remake's savepoint when no new plan was made: the old one comes back. */
class NotRemade extends Error {}

/**
 * Makes the week under way again when none of it has been read: its plan row goes (its books with
 * it) and the same function the job runs makes it anew. A plan with reading logged since it began
 * stays as it is: the family may be halfway through its books.
 */
async function remakeUnreadWeek(tx: Tx, childId: string, now: Date): Promise<boolean> {
  const [current] = await tx
    .select({
      id: weeklyPlans.id,
      subscriptionId: weeklyPlans.subscriptionId,
      weekIndex: weeklyPlans.weekIndex,
      startsAt: weeklyPlans.startsAt,
      endsAt: weeklyPlans.endsAt,
      remindedAt: weeklyPlans.remindedAt,
    })
    .from(weeklyPlans)
    .innerJoin(subscriptions, eq(subscriptions.id, weeklyPlans.subscriptionId))
    // A stopped program's last plan stays as it was: no plan could be made in its place.
    .where(and(eq(weeklyPlans.childId, childId), eq(subscriptions.status, 'active')))
    .orderBy(desc(weeklyPlans.startsAt))
    .limit(1);
  if (!current || current.startsAt > now || current.endsAt <= now) return false;
  const [read] = await tx
    .select({ id: readingLogs.id })
    .from(readingLogs)
    .where(and(eq(readingLogs.childId, childId), gte(readingLogs.readOn, utcDay(current.startsAt))))
    .limit(1);
  if (read) return false;
  // One transaction (a savepoint inside the placement's): if no new plan is made, the old one
  // stays. The family knows the week already, so it is not announced (or reminded) again.
  try {
    return await tx.transaction(async (savepoint) => {
      await savepoint.delete(weeklyPlans).where(eq(weeklyPlans.id, current.id));
      const outcome = await makeWeeklyPlan(
        savepoint,
        { subscriptionId: current.subscriptionId, weekIndex: current.weekIndex },
        { announce: false },
      );
      // The program stopped meanwhile, say: keep the plan the week had.
      if (outcome.status !== 'created') throw new NotRemade();
      // A week already reminded mid-week is not reminded again for being remade.
      if (current.remindedAt)
        await savepoint
          .update(weeklyPlans)
          .set({ remindedAt: current.remindedAt })
          .where(eq(weeklyPlans.id, outcome.planId));
      return true;
    });
  } catch (error) {
    if (error instanceof NotRemade) return false;
    throw error;
  }
}
