import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { plans, subscriptions } from '~/platform/db/schema.server';

/** A program of a child that has not ended (a subscription): the one running now, or one queued after it. */
export interface ChildProgram {
  childId: string;
  planName: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The programs of these children that have not ended, in the order they run (the running one
 * first, then those queued): what check-out, the webhook and the family's answers all read.
 */
export async function programsOfChildren(
  db: Pick<Db, 'select'>,
  childIds: readonly string[],
  now: Date,
): Promise<ChildProgram[]> {
  if (childIds.length === 0) return [];
  return db
    .select({
      childId: subscriptions.childId,
      planName: plans.name,
      startsAt: subscriptions.startsAt,
      endsAt: subscriptions.endsAt,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        inArray(subscriptions.childId, [...childIds]),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.endsAt, now),
      ),
    )
    .orderBy(asc(subscriptions.startsAt), asc(subscriptions.endsAt));
}

/** One child's programs that have not ended, in the order they run. */
export const childPrograms = (db: Pick<Db, 'select'>, childId: string, now: Date) =>
  programsOfChildren(db, [childId], now);
