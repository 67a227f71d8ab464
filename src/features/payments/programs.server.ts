import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { plans, subscriptions } from '~/platform/db/schema.server';

/** A program of a child that has not ended: the one running now, or one queued after it. */
export interface ChildProgram {
  planName: string;
  startsAt: Date;
  endsAt: Date;
}

/** The child's programs that have not ended, the running one first, then those queued, in order. */
export async function childPrograms(
  db: Pick<Db, 'select'>,
  childId: string,
  now: Date,
): Promise<ChildProgram[]> {
  return db
    .select({ planName: plans.name, startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.childId, childId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.endsAt, now),
      ),
    )
    .orderBy(asc(subscriptions.startsAt), asc(subscriptions.endsAt));
}
