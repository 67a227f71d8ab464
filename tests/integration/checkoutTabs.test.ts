import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, plans, subscriptions } from '../../src/platform/db/schema.server';
import { adminAccount, call, caller, familyWithChild, fileApi } from './harness';

// Issue 24, item 1: the same family in two tabs (or after a reload) never pays twice without
// knowing, and never pays for dates it was not shown.

const { database, api } = await fileApi();
const [monthlyId, condensedId] = (
  await database.db
    .insert(plans)
    .values([
      { name: 'Rated Reads Monthly', durationMonths: 1, priceCents: 2900 },
      { name: 'A-Bridged Condensed Program', durationMonths: 1.25, priceCents: 19999 },
    ])
    .returning({ id: plans.id })
).map((r) => r.id) as [string, string];

const family = () => familyWithChild(api, { firstName: 'Maya', ageBand: '6-8', readingLevel: 'sapling' });
const ordersOf = (userId: string) => database.db.select().from(orders).where(eq(orders.userId, userId));
const subscriptionsOf = (childId: string) =>
  database.db.select().from(subscriptions).where(eq(subscriptions.childId, childId));

describe('check-out in two tabs', () => {
  it('continues one order for the same child and program: a reload makes no second order', async () => {
    const f = await family();
    const as = caller(api, f.token);
    const first = await as('POST', '/api/checkout', { planId: monthlyId, childId: f.childId });
    const again = await as('POST', '/api/checkout', { planId: monthlyId, childId: f.childId });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.json.orderId).toBe(first.json.orderId);
    expect(await ordersOf(f.userId)).toHaveLength(1);
    // Another program for the same child is an order of its own.
    const other = await as('POST', '/api/checkout', { planId: condensedId, childId: f.childId });
    expect(other.json.orderId).not.toBe(first.json.orderId);
    expect(await ordersOf(f.userId)).toHaveLength(2);

    // Paid in one tab, the other tab's payment of the same order is refused, and nothing is paid twice.
    const id = String(first.json.orderId);
    expect((await as('POST', `/api/orders/${id}/sandbox-pay`, { outcome: 'succeed' })).status).toBe(200);
    const twice = await as('POST', `/api/orders/${id}/sandbox-pay`, { outcome: 'succeed' });
    expect(twice.status).toBe(409);
    expect(twice.json.error?.message).toBe('This order is already paid.');
    expect(await subscriptionsOf(f.childId)).toHaveLength(1);
    // A new check-out of the same program now is a second program, after the first.
    const next = await as('POST', '/api/checkout', { planId: monthlyId, childId: f.childId });
    expect(next.status).toBe(409);
    expect(next.json.error?.code).toBe('program_overlap');
  });

  it('refuses a payment whose dates changed since they were shown, charging nothing, until the family agrees', async () => {
    const f = await family();
    const as = caller(api, f.token);
    // Tab A and tab B both show "starts today", for two programs.
    const a = String(
      (await as('POST', '/api/checkout', { planId: monthlyId, childId: f.childId })).json.orderId,
    );
    const b = String(
      (await as('POST', '/api/checkout', { planId: condensedId, childId: f.childId })).json.orderId,
    );
    expect((await as('POST', `/api/orders/${a}/confirm`)).status).toBe(200);
    expect((await as('POST', `/api/orders/${a}/sandbox-pay`, { outcome: 'succeed' })).status).toBe(200);
    const [running] = await subscriptionsOf(f.childId);

    // Tab B: the card form's check and the sandbox's payment both refuse, with the new dates.
    const checked = await as('POST', `/api/orders/${b}/confirm`);
    expect(checked.status).toBe(409);
    expect(checked.json.error?.code).toBe('program_changed');
    expect(checked.json.error?.message).toMatch(
      /^Maya’s programs changed since you saw the dates, so nothing was charged: this program would now run from /,
    );
    const paid = await as('POST', `/api/orders/${b}/sandbox-pay`, { outcome: 'succeed' });
    expect(paid.status).toBe(409);
    expect(paid.json.error?.code).toBe('program_changed');
    expect((await database.db.select().from(orders).where(eq(orders.id, b)))[0]?.status).toBe('pending');
    expect(await subscriptionsOf(f.childId)).toHaveLength(1);

    // The family sees the new dates and agrees: the same order goes on, with them.
    const preview = await as('GET', `/api/checkout/preview?planId=${condensedId}&childId=${f.childId}`);
    expect(preview.json).toMatchObject({ reason: 'after_current', startsAt: running?.endsAt.toISOString() });
    const agreed = await as('POST', '/api/checkout', {
      planId: condensedId,
      childId: f.childId,
      startAfterCurrent: true,
    });
    expect(agreed.json.orderId).toBe(b);
    expect((await as('POST', `/api/orders/${b}/sandbox-pay`, { outcome: 'succeed' })).status).toBe(200);
    const both = (await subscriptionsOf(f.childId)).sort(
      (x, y) => x.startsAt.getTime() - y.startsAt.getTime(),
    );
    expect(both).toHaveLength(2);
    expect(both[1]?.startsAt.getTime()).toBe(running?.endsAt.getTime());
  });

  it('shows the team why an unpaid check-out closed: expired, not paid within a day', async () => {
    const f = await family();
    const as = caller(api, f.token);
    const id = String(
      (await as('POST', '/api/checkout', { planId: monthlyId, childId: f.childId })).json.orderId,
    );
    await database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(orders.id, id));
    // The family's list sweeps its own abandoned check-outs.
    await as('GET', '/api/me/orders');
    const admin = await adminAccount(api);
    const view = await call(api, 'GET', `/api/admin/users/${f.userId}`, { token: admin.idToken });
    expect((view.json.orders as { id: string; status: string; note: string | null }[])[0]).toMatchObject({
      id,
      status: 'cancelled',
      note: 'Expired: not paid within 24 hours of check-out.',
    });
    // A new check-out for the same program starts a new order: the expired one is not continued.
    const next = await as('POST', '/api/checkout', { planId: monthlyId, childId: f.childId });
    expect(next.json.orderId).not.toBe(id);
  });

  it('answers another family’s order as none at all', async () => {
    const f = await family();
    const other = await family();
    const id = String(
      (
        await call(api, 'POST', '/api/checkout', {
          token: f.token,
          body: { planId: monthlyId, childId: f.childId },
        })
      ).json.orderId,
    );
    expect((await call(api, 'POST', `/api/orders/${id}/confirm`, { token: other.token })).status).toBe(404);
  });
});
