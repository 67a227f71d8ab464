import { eq } from 'drizzle-orm';
import { programEnd } from '~/features/payments/programPeriod';
import type { Tx } from '~/platform/db/client.server';
import { children, orders, type plans, subscriptions } from '~/platform/db/schema.server';

/** A program bought in the sandbox for a demo child, from `startsAt`: its paid order and its enrolment. */
export async function enrolInDemoProgram(
  tx: Tx,
  child: { id: string; userId: string },
  plan: typeof plans.$inferSelect,
  startsAt: Date,
  providerRef: string,
) {
  const [order] = await tx
    .insert(orders)
    .values({
      userId: child.userId,
      childId: child.id,
      planId: plan.id,
      amountCents: plan.priceCents,
      currency: plan.currency,
      status: 'paid',
      provider: 'sandbox',
      providerRef,
      createdAt: startsAt,
      paidAt: startsAt,
    })
    .returning({ id: orders.id });
  await tx.insert(subscriptions).values({
    childId: child.id,
    planId: plan.id,
    orderId: order?.id ?? null,
    startsAt,
    endsAt: programEnd(startsAt, plan.durationMonths),
  });
}

/** The demo reader of this first name enrolled in `plan` from `startsAt` (see DEMO_BEHIND_READER). */
export async function enrolDemoReader(
  tx: Tx,
  firstName: string,
  plan: typeof plans.$inferSelect,
  startsAt: Date,
) {
  const [child] = await tx
    .select({ id: children.id, userId: children.userId })
    .from(children)
    .where(eq(children.firstName, firstName))
    .limit(1);
  if (!child) throw new Error(`demo reader ${firstName} was not created`);
  await enrolInDemoProgram(tx, child, plan, startsAt, `demo-order-${firstName.toLowerCase()}`);
}
