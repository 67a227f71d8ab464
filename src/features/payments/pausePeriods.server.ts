import { and, eq, gt } from 'drizzle-orm';
import type { Tx } from '~/platform/db/client.server';
import { type memberships, subscriptions } from '~/platform/db/schema.server';
import { lockChildPrograms } from './orderClosing.server';

/**
 * A pause from `from` to `until` in the membership's programs: the period running at `from` stops
 * there and its rest follows the pause (a program of its own, so its weekly plans start again at
 * once when the pause ends); a period queued after it moves later by the pause's length. The
 * child has no program, so no plan, while paused.
 */
export async function shiftPeriodsForPause(
  tx: Tx,
  membership: Pick<typeof memberships.$inferSelect, 'id' | 'childId' | 'planId'>,
  pause: { from: Date; until: Date },
) {
  if (!membership.childId) return;
  await lockChildPrograms(tx, membership.childId);
  const shift = pause.until.getTime() - pause.from.getTime();
  const periods = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.membershipId, membership.id),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.endsAt, pause.from),
      ),
    );
  for (const period of periods) {
    const later = (d: Date) => new Date(d.getTime() + shift);
    if (period.startsAt >= pause.from) {
      await tx
        .update(subscriptions)
        .set({ startsAt: later(period.startsAt), endsAt: later(period.endsAt) })
        .where(eq(subscriptions.id, period.id));
      continue;
    }
    await tx.update(subscriptions).set({ endsAt: pause.from }).where(eq(subscriptions.id, period.id));
    await tx.insert(subscriptions).values({
      childId: membership.childId,
      planId: membership.planId,
      membershipId: membership.id,
      startsAt: pause.until,
      endsAt: later(period.endsAt),
    });
  }
}
