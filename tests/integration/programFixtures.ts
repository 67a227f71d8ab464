import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/platform/db/client.server';
import { children, plans, subscriptions, users } from '../../src/platform/db/schema.server';
import type { ReadingLevel } from '../../src/platform/domain';

// Families and programs written straight to the database, for the plan tests that need no sign-in.

const WEEK = 7 * 86_400_000;

/** A new family's child (the parent has no sign-in account). */
export async function childOfNewFamily(db: Db, name: string, level: ReadingLevel, interests: string[]) {
  const [user] = await db
    .insert(users)
    .values({
      firebaseUid: randomUUID(),
      email: `${randomUUID()}@example.com`,
      displayName: `Parent of ${name}`,
      privacyConsentAt: new Date(),
    })
    .returning();
  if (!user) throw new Error('no parent');
  const [child] = await db
    .insert(children)
    .values({ userId: user.id, firstName: name, ageBand: '8-10', readingLevel: level, interests })
    .returning();
  if (!child) throw new Error('no child');
  return child;
}

/** A program of its own for the child, `weeks` long from `startsAt`. */
export async function programFor(
  db: Db,
  childId: string,
  {
    startsAt,
    weeks = 4,
    status = 'active',
  }: { startsAt: Date; weeks?: number; status?: 'active' | 'cancelled' },
) {
  const [plan] = await db
    .insert(plans)
    .values({ name: `Program ${randomUUID().slice(0, 6)}`, durationMonths: 1, priceCents: 4900 })
    .returning();
  if (!plan) throw new Error('no plan');
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      childId,
      planId: plan.id,
      status,
      startsAt,
      endsAt: new Date(startsAt.getTime() + weeks * WEEK),
    })
    .returning();
  if (!subscription) throw new Error('no subscription');
  return subscription;
}
