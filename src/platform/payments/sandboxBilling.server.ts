import { eq, sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { sandboxCustomers, sandboxSubscriptions } from '~/platform/db/schema.server';
import type { Billing } from './billing.server';
import {
  refundEvent,
  type SandboxEvent,
  type SandboxSubscription,
  sandboxId,
  subscriptionEvent,
} from './sandboxBillingEvents';
import { cancelled, chargeWith, newSubscription, runUntil, started } from './sandboxBillingSteps';

/** Where the sandbox's events go: the webhook's own path, with the event signed as Stripe signs it. */
export type DeliverEvent = (rawBody: string) => Promise<unknown>;

/** The sandbox's controls beyond Stripe's API: the family's test clock and test card (like Stripe's test clocks). */
export interface SandboxBilling extends Billing {
  /** Pays (or declines) a subscription's first invoice, as the card form would. */
  payFirstInvoice(invoiceRef: string, outcome: 'succeed' | 'fail'): Promise<void>;
  /** Moves the family's clock to `to`: renewals, retries and period ends up to it happen, in order. */
  advanceClock(userId: string, to: Date): Promise<void>;
  clockOf(userId: string): Promise<Date>;
  setCardDeclines(userId: string, declines: boolean): Promise<void>;
  cardDeclines(userId: string): Promise<boolean>;
  /** Resolves once every event sent so far has been delivered. */
  settled(): Promise<void>;
}

/** The sandbox's own state: its subscriptions, and each family's clock and card. */
function sandboxStore(db: Db) {
  const customer = async (userId: string) =>
    (await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.userId, userId)))[0];
  const state = (sub: SandboxSubscription) => sub as unknown as Record<string, unknown>;
  return {
    clockOf: async (userId: string) => (await customer(userId))?.clockAt ?? new Date(),
    cardDeclines: async (userId: string) => (await customer(userId))?.cardDeclines ?? false,
    async setCustomer(userId: string, set: { clockAt?: Date; cardDeclines?: boolean }) {
      await db
        .insert(sandboxCustomers)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: sandboxCustomers.userId, set });
    },
    async load(ref: string) {
      const [row] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, ref));
      if (!row) throw new Error(`no sandbox subscription ${ref}`);
      return row.state as unknown as SandboxSubscription;
    },
    async ofMembership(membershipId: string) {
      const [row] = await db
        .select({ state: sandboxSubscriptions.state })
        .from(sandboxSubscriptions)
        .where(sql`${sandboxSubscriptions.state}->>'membershipId' = ${membershipId}`);
      return row?.state as unknown as SandboxSubscription | undefined;
    },
    async ofCustomer(userId: string) {
      const rows = await db
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.userId, userId));
      return rows.map((r) => r.state as unknown as SandboxSubscription);
    },
    save: (sub: SandboxSubscription) =>
      db
        .insert(sandboxSubscriptions)
        .values({ id: sub.id, userId: sub.userId, state: state(sub) })
        .onConflictDoUpdate({
          target: sandboxSubscriptions.id,
          set: { state: state(sub), updatedAt: new Date() },
        }),
    invoiceOwner: (invoiceRef: string) => subscriptionOfInvoice(db, invoiceRef),
  };
}
type Store = ReturnType<typeof sandboxStore>;

/** Events sent one after another, each a moment after the change that caused it. */
function eventQueue(deliver: DeliverEvent) {
  let delivering: Promise<void> = Promise.resolve();
  return {
    send(events: SandboxEvent[]) {
      for (const e of events) {
        delivering = delivering
          .then(() => deliver(JSON.stringify(e)).then(() => undefined))
          .catch(() => undefined);
      }
    },
    settled: () => delivering,
  };
}

/**
 * Stripe Billing without a network, for development and the tests: subscriptions kept in the
 * sandbox's own table, renewing on each family's test clock, charging a test card that works or
 * declines, retrying a failed renewal `retryDays` after the first attempt, then cancelling unpaid.
 * Every change is told as Stripe would tell it, by signed events delivered a moment later (never
 * inside the caller's transaction). Never exists in production: only the sandbox provider makes one.
 */
export function sandboxBilling(db: Db, deliver: DeliverEvent, retryDays: readonly number[]): SandboxBilling {
  const store = sandboxStore(db);
  const queue = eventQueue(deliver);
  const charge = chargeWith(retryDays);
  /** Applies a change to one subscription at the family's clock, keeps it, and sends its events. */
  const change = async (ref: string, apply: (sub: SandboxSubscription, at: Date) => SandboxEvent[]) => {
    const sub = await store.load(ref);
    const events = apply(sub, await store.clockOf(sub.userId));
    await store.save(sub);
    queue.send(events);
  };
  return {
    ...stripeLike(store, queue.send, change, charge),
    ...testControls(store, queue.send, change, charge),
    clockOf: store.clockOf,
    cardDeclines: store.cardDeclines,
    settled: queue.settled,
  };
}

type Change = (ref: string, apply: (sub: SandboxSubscription, at: Date) => SandboxEvent[]) => Promise<void>;
type Charge = ReturnType<typeof chargeWith>;

/** What Stripe's API does, done to the sandbox's subscriptions. */
function stripeLike(
  store: Store,
  send: (events: SandboxEvent[]) => void,
  change: Change,
  charge: Charge,
): Billing {
  return {
    async startSubscription(input) {
      // Asked again for one membership, the same subscription (Stripe's idempotency key does the same).
      const again = await store.ofMembership(input.membershipId);
      if (again) return started(again, input.price);
      const sub = newSubscription(input, await store.clockOf(input.customer.userId));
      await store.save(sub);
      send([subscriptionEvent('created', sub, new Date(Date.parse(sub.periodStart ?? '')))]);
      return started(sub, input.price);
    },
    setCancelAtPeriodEnd: (ref, cancel) =>
      change(ref, (sub, at) => {
        sub.cancelAtPeriodEnd = cancel;
        return [subscriptionEvent('updated', sub, at)];
      }),
    cancelNow: (ref) => change(ref, (sub, at) => cancelled(sub, at)),
    moveRenewal: (ref, until) =>
      change(ref, (sub, at) => {
        sub.periodEnd = until.toISOString();
        sub.status = 'trialing';
        return [subscriptionEvent('updated', sub, at)];
      }),
    async payInvoice(invoiceRef) {
      const ref = await store.invoiceOwner(invoiceRef);
      const declines = await store.cardDeclines((await store.load(ref)).userId);
      await change(ref, (sub, at) => charge(sub, at, declines));
    },
    async refundInvoice({ orderId, invoiceRef, paymentRef, amountCents }) {
      const sub = await store.load(await store.invoiceOwner(invoiceRef));
      const refundRef = sandboxId('re');
      const at = await store.clockOf(sub.userId);
      send([refundEvent(paymentRef ?? `pi_for_${orderId}`, sub.amountCents, amountCents, refundRef, at)]);
      return { refundRef };
    },
    portalUrl: async () => null,
  };
}

/** What only a test clock and a test card can do: pay the first invoice, move time, decline. */
function testControls(store: Store, send: (events: SandboxEvent[]) => void, change: Change, charge: Charge) {
  return {
    async payFirstInvoice(invoiceRef: string, outcome: 'succeed' | 'fail') {
      await change(await store.invoiceOwner(invoiceRef), (sub, at) => charge(sub, at, outcome === 'fail'));
    },
    async advanceClock(userId: string, to: Date) {
      await store.setCustomer(userId, { clockAt: to });
      const declines = await store.cardDeclines(userId);
      for (const sub of await store.ofCustomer(userId)) {
        const events = runUntil(sub, to, declines, charge);
        await store.save(sub);
        send(events);
      }
    },
    setCardDeclines: (userId: string, declines: boolean) =>
      store.setCustomer(userId, { cardDeclines: declines }),
  };
}

/** The subscription whose open or paid invoice this is. */
async function subscriptionOfInvoice(db: Db, invoiceRef: string): Promise<string> {
  const [found] = await db
    .select({ id: sandboxSubscriptions.id })
    .from(sandboxSubscriptions)
    .where(
      sql`${sandboxSubscriptions.state}->'openInvoice'->>'id' = ${invoiceRef}
          or ${sandboxSubscriptions.state}->'paidInvoices' ? ${invoiceRef}`,
    );
  if (!found) throw new Error(`no sandbox invoice ${invoiceRef}`);
  return found.id;
}
