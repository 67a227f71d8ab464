import { eq } from 'drizzle-orm';
import { programEnd } from '~/features/payments/programPeriod';
import type { Tx } from '~/platform/db/client.server';
import { children, orders, type plans, readingLogs, subscriptions } from '~/platform/db/schema.server';
import { at } from './demoContent';

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

/** Theo's sessions in his finished program, as [days ago, minutes, title, finished]. */
const THEO_PROGRAM_READING = [
  [44, 15, 'Frog and Toad Are Friends', false],
  [42, 20, 'Frog and Toad Are Friends', true],
  [38, 15, 'The Snail and the Whale', false],
  [35, 25, 'Mercy Watson to the Rescue', false],
  [31, 20, 'Mercy Watson to the Rescue', false],
  [28, 20, 'Mercy Watson to the Rescue', true],
  [24, 15, 'Knuffle Bunny', false],
  [21, 20, 'Knuffle Bunny', true],
  [17, 25, 'The Snail and the Whale', false],
  [14, 20, 'The Snail and the Whale', true],
  [10, 15, 'Elephant and Piggie: We Are in a Book!', true],
] as const;

/**
 * Theo finished a fixed program a week ago: his paid enrolment and his sessions in it. The report job
 * makes its end-of-program report and certificate (seed.server.ts runs it once after seeding).
 */
export async function seedTheoFinishedProgram(
  tx: Tx,
  theo: { id: string; userId: string },
  plan: typeof plans.$inferSelect,
) {
  await enrolInDemoProgram(tx, theo, plan, at(-45, 9), 'demo-order-theo');
  await tx.insert(readingLogs).values(
    THEO_PROGRAM_READING.map(([daysAgo, minutes, title, finished]) => ({
      childId: theo.id,
      title,
      readOn: at(-daysAgo, 17).toISOString().slice(0, 10),
      minutes,
      finished,
    })),
  );
}
