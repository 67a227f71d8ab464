import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, notifications, orders, plans } from '../../src/platform/db/schema.server';
import { adminAccount, auditEntries, call, created, fileApi, inDays, registeredAccount } from './harness';

const { database, api } = await fileApi();
const admin = await adminAccount(api);
const adminId = admin.user.id;

const as = (token = admin.idToken) => ({ token });
const auditOf = (entityId: string) => auditEntries(database, entityId);

/* ------------------------------------------------------------------ plans */

const goodPlan = {
  name: 'Spring Sprint',
  durationMonths: 1.25,
  priceCents: 19999,
  description: 'Five weeks of daily reading.',
};

const createPlan = (over: Record<string, unknown> = {}) =>
  created<{ id: string; name: string }>(api, '/api/admin/plans', admin.idToken, { ...goodPlan, ...over });

async function planRow(id: string) {
  const [row] = await database.db.select().from(plans).where(eq(plans.id, id));
  return row;
}

/** An order of any status is a purchase: the plan is "bought". */
async function buy(planId: string, status: 'pending' | 'paid' = 'paid') {
  await database.db.insert(orders).values({
    userId: adminId,
    planId,
    amountCents: 19999,
    provider: 'sandbox',
    providerRef: randomUUID(),
    status,
  });
}

describe('admin plans', () => {
  it('creates a plan with its price in whole cents, active by default, and audits it', async () => {
    const plan = await createPlan();
    expect(plan).toMatchObject({
      name: 'Spring Sprint',
      durationMonths: 1.25,
      priceCents: 19999,
      currency: 'usd',
      active: true,
      orderCount: 0,
    });
    const [entry] = await auditOf(plan.id);
    expect(entry).toMatchObject({ action: 'plan.create', entity: 'plan', actorId: adminId });
    expect(entry?.details).toMatchObject({ name: 'Spring Sprint', priceCents: 19999 });
    const pub = (await call(api, 'GET', '/api/plans')).json as unknown as { name: string }[];
    expect(pub.map((p) => p.name)).toContain('Spring Sprint');
  });

  it('refuses bad input on every field, naming it, and stores nothing', async () => {
    const before = (await database.db.select().from(plans)).length;
    const cases: [unknown, string][] = [
      [{ ...goodPlan, name: '' }, 'name'],
      [{ ...goodPlan, name: undefined }, 'name'],
      [{ ...goodPlan, name: 'x'.repeat(81) }, 'name'],
      [{ ...goodPlan, name: '<b>Sale</b>' }, 'name'],
      [{ ...goodPlan, durationMonths: 0 }, 'durationMonths'],
      [{ ...goodPlan, durationMonths: -1 }, 'durationMonths'],
      [{ ...goodPlan, durationMonths: 1.255 }, 'durationMonths'],
      [{ ...goodPlan, durationMonths: 61 }, 'durationMonths'],
      [{ ...goodPlan, durationMonths: '3' }, 'durationMonths'],
      [{ ...goodPlan, durationMonths: undefined }, 'durationMonths'],
      [{ ...goodPlan, priceCents: 19.99 }, 'priceCents'],
      [{ ...goodPlan, priceCents: '19.99' }, 'priceCents'],
      [{ ...goodPlan, priceCents: '1999' }, 'priceCents'],
      [{ ...goodPlan, priceCents: -1 }, 'priceCents'],
      [{ ...goodPlan, priceCents: 0 }, 'priceCents'],
      [{ ...goodPlan, priceCents: 1_000_001 }, 'priceCents'],
      [{ ...goodPlan, priceCents: 1e20 }, 'priceCents'],
      [{ ...goodPlan, priceCents: undefined }, 'priceCents'],
      [{ ...goodPlan, description: 'x'.repeat(1001) }, 'description'],
      [{ ...goodPlan, description: '<script>' }, 'description'],
      [{ ...goodPlan, active: 'yes' }, 'active'],
      [{ ...goodPlan, startsOn: '14 June' }, 'startsOn'],
      [{ ...goodPlan, startsOn: '2027-02-30' }, 'startsOn'],
      [{ ...goodPlan, startsOn: '1999-06-14' }, 'startsOn'],
      [{ ...goodPlan, currency: 'eur' }, 'body'],
      [[goodPlan], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await call(api, 'POST', '/api/admin/plans', { ...as(), body });
      const label = JSON.stringify(body).slice(0, 120);
      expect(res.status, label).toBe(400);
      expect(res.json.error?.fields, label).toHaveProperty([field]);
    }
    expect((await database.db.select().from(plans)).length).toBe(before);
  });

  it('lists every plan with its orders, searchable, filtered and sorted', async () => {
    const cheap = await createPlan({ name: 'Lantern Cheap', priceCents: 500 });
    const dear = await createPlan({ name: 'Lantern Dear', priceCents: 90000, active: false });
    await buy(dear.id);
    await buy(dear.id, 'pending');
    const list = (q: string) => call(api, 'GET', `/api/admin/plans?${q}`, as());
    const all = await list('q=lantern&sort=price&dir=desc');
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ total: 2, page: 1 });
    const items = all.json.items as { id: string; orderCount: number; active: boolean }[];
    expect(items.map((p) => p.id)).toEqual([dear.id, cheap.id]);
    expect(items[0]).toMatchObject({ orderCount: 2, active: false });
    const retired = await list('q=lantern&status=retired');
    expect((retired.json.items as { id: string }[]).map((p) => p.id)).toEqual([dear.id]);
    const byOrders = await list('sort=orders&dir=desc&limit=1');
    expect((byOrders.json.items as { id: string }[])[0]?.id).toBe(dear.id);
    for (const bad of ['sort=colour', 'status=gone', 'page=0', 'limit=500']) {
      expect((await list(bad)).status, bad).toBe(400);
    }
  });

  it('reads one plan, and answers 404 for an unknown id and 400 for a malformed one', async () => {
    const plan = await createPlan({ name: 'Readable' });
    const one = await call(api, 'GET', `/api/admin/plans/${plan.id}`, as());
    expect(one.status).toBe(200);
    expect(one.json).toMatchObject({ id: plan.id, name: 'Readable' });
    expect((await call(api, 'GET', `/api/admin/plans/${randomUUID()}`, as())).status).toBe(404);
    expect((await call(api, 'GET', '/api/admin/plans/not-an-id', as())).status).toBe(400);
    expect(
      (await call(api, 'PATCH', `/api/admin/plans/${randomUUID()}`, { ...as(), body: { name: 'X' } })).status,
    ).toBe(404);
    expect((await call(api, 'DELETE', `/api/admin/plans/${randomUUID()}`, as())).status).toBe(404);
  });

  it('edits a plan, recording each change from and to', async () => {
    const plan = await createPlan({ name: 'Editable' });
    const res = await call(api, 'PATCH', `/api/admin/plans/${plan.id}`, {
      ...as(),
      body: { name: 'Edited', priceCents: 2500, durationMonths: 3, description: 'Now a term.' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      name: 'Edited',
      priceCents: 2500,
      durationMonths: 3,
      description: 'Now a term.',
    });
    const entries = await auditOf(plan.id);
    expect(entries.map((e) => e.action)).toEqual(['plan.create', 'plan.edit']);
    expect(entries[1]?.details).toMatchObject({
      changes: { name: { from: 'Editable', to: 'Edited' }, priceCents: { from: 19999, to: 2500 } },
    });
    // Sending what is already there changes nothing and records nothing.
    await call(api, 'PATCH', `/api/admin/plans/${plan.id}`, { ...as(), body: { name: 'Edited' } });
    expect(await auditOf(plan.id)).toHaveLength(2);
  });

  it('gives a seasonal plan its first day, shown to families, and takes it away again', async () => {
    const plan = await createPlan({ name: 'Seasonal', startsOn: '2027-06-14' });
    expect((await planRow(plan.id))?.startsOn).toBe('2027-06-14');
    const listed = (await call(api, 'GET', '/api/plans')).json as unknown as {
      id: string;
      startsOn: string | null;
    }[];
    expect(listed.find((p) => p.id === plan.id)?.startsOn).toBe('2027-06-14');
    const cleared = await call(api, 'PATCH', `/api/admin/plans/${plan.id}`, {
      ...as(),
      body: { startsOn: null },
    });
    expect(cleared.json).toMatchObject({ startsOn: null });
    expect((await auditOf(plan.id)).at(-1)?.details).toMatchObject({
      changes: { startsOn: { from: '2027-06-14', to: null } },
    });
  });

  it('refuses a bad change on every field and leaves the plan as it was', async () => {
    const plan = await createPlan({ name: 'Steady' });
    const before = await planRow(plan.id);
    const cases: [unknown, string][] = [
      [{ name: '' }, 'name'],
      [{ durationMonths: 0.1 }, 'durationMonths'],
      [{ priceCents: 19.99 }, 'priceCents'],
      [{ priceCents: -1 }, 'priceCents'],
      [{ priceCents: 10 ** 12 }, 'priceCents'],
      [{ description: 5 }, 'description'],
      [{ active: null }, 'active'],
      [{ id: randomUUID() }, 'body'],
      [{}, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await call(api, 'PATCH', `/api/admin/plans/${plan.id}`, { ...as(), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect(await planRow(plan.id)).toEqual(before);
  });

  it('makes a renewing plan of whole months with no season, shown as such to families; its billing stays once bought', async () => {
    for (const [over, field] of [
      [{ billing: 'recurring', durationMonths: 1.25 }, 'durationMonths'],
      [{ billing: 'recurring', durationMonths: 13 }, 'durationMonths'],
      [{ billing: 'recurring', durationMonths: 1, startsOn: '2027-06-14' }, 'startsOn'],
      [{ billing: 'monthly' }, 'billing'],
    ] as const) {
      const res = await call(api, 'POST', '/api/admin/plans', { ...as(), body: { ...goodPlan, ...over } });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.json.error?.fields?.[field], JSON.stringify(over)).toBeTruthy();
    }
    const plan = await createPlan({
      name: 'Monthly Readers',
      durationMonths: 1,
      priceCents: 2900,
      billing: 'recurring',
    });
    const offered = await call(api, 'GET', '/api/plans');
    expect(
      (offered.json as unknown as { id: string; billing: string }[]).find((p) => p.id === plan.id)?.billing,
    ).toBe('recurring');
    // Made renewing, a plan cannot be given a season or a fraction of a month afterwards.
    const season = await call(api, 'PATCH', `/api/admin/plans/${plan.id}`, {
      ...as(),
      body: { startsOn: '2027-06-14' },
    });
    expect(season.status).toBe(400);
    expect(season.json.error?.fields?.startsOn).toBeTruthy();
    await buy(plan.id);
    const change = await call(api, 'PATCH', `/api/admin/plans/${plan.id}`, {
      ...as(),
      body: { billing: 'once' },
    });
    expect(change.status).toBe(400);
    expect(change.json.error?.fields?.billing).toMatch(/make a new plan/);
    expect((await planRow(plan.id))?.billing).toBe('recurring');
  });

  it('retires a plan: it leaves the public list, stays in the console, and is audited', async () => {
    const plan = await createPlan({ name: 'Retiring Soon' });
    const res = await call(api, 'PATCH', `/api/admin/plans/${plan.id}`, {
      ...as(),
      body: { active: false },
    });
    expect(res.status).toBe(200);
    expect(res.json.active).toBe(false);
    const pub = (await call(api, 'GET', '/api/plans')).json as unknown as { name: string }[];
    expect(pub.map((p) => p.name)).not.toContain('Retiring Soon');
    expect((await call(api, 'GET', `/api/admin/plans/${plan.id}`, as())).json.active).toBe(false);
    expect((await auditOf(plan.id)).map((e) => e.action)).toEqual(['plan.create', 'plan.retire']);
  });

  it('never deletes a plan families have bought: 409 in_use, saying to retire it, and nothing changes', async () => {
    const plan = await createPlan({ name: 'Bought' });
    await buy(plan.id, 'pending');
    const before = await planRow(plan.id);
    const res = await call(api, 'DELETE', `/api/admin/plans/${plan.id}`, as());
    expect(res.status).toBe(409);
    expect(res.json.error?.code).toBe('in_use');
    expect(res.json.error?.message).toMatch(/retire/i);
    expect(await planRow(plan.id)).toEqual(before);
    expect((await auditOf(plan.id)).map((e) => e.action)).toEqual(['plan.create']);
  });

  it('deletes a plan nobody has bought, once, and audits it', async () => {
    const plan = await createPlan({ name: 'Never Sold' });
    const res = await call(api, 'DELETE', `/api/admin/plans/${plan.id}`, as());
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: true, id: plan.id });
    expect(await planRow(plan.id)).toBeUndefined();
    expect((await call(api, 'GET', `/api/admin/plans/${plan.id}`, as())).status).toBe(404);
    expect((await call(api, 'DELETE', `/api/admin/plans/${plan.id}`, as())).status).toBe(404);
    const actions = (await auditOf(plan.id)).map((e) => e.action);
    expect(actions).toEqual(['plan.create', 'plan.delete']);
  });
});

/* ----------------------------------------------------------------- events */

const goodEvent = {
  title: 'Harbour Story Hour',
  description: 'Stories by the sea.',
  startsAt: inDays(9),
  endsAt: inDays(9, 1),
  location: 'Harbour Library',
  streetAddress: '1 Test Lane',
  addressLocality: 'Springfield',
  postalCode: '62701',
  addressCountry: 'US',
  capacity: 5,
  ageMin: 5,
  ageMax: 9,
};

const createEvent = (over: Record<string, unknown> = {}) =>
  created<{ id: string; title: string }>(api, '/api/admin/events', admin.idToken, { ...goodEvent, ...over });

async function eventRow(id: string) {
  const [row] = await database.db.select().from(events).where(eq(events.id, id));
  if (!row) throw new Error('no such event');
  return row;
}

/** A new family with one child, registered for the event. */
async function registeredChild(eventId: string, firstName: string, parentName = `${firstName}'s parent`) {
  const parent = await registeredAccount(api, undefined, parentName);
  const child = await call(api, 'POST', '/api/children', {
    token: parent.idToken,
    body: { firstName, ageBand: '6-8', readingLevel: 'sapling' },
  });
  const childId = String(child.json._id);
  const res = await call(api, 'POST', `/api/events/${eventId}/registrations`, {
    token: parent.idToken,
    body: { childId },
  });
  expect(res.status).toBe(201);
  return { childId, email: parent.email, token: parent.idToken };
}

const notesOf = (childId: string, eventId: string) =>
  database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.childId, childId), eq(notifications.link, `/events/${eventId}`)))
    .orderBy(notifications.createdAt);

const patch = (id: string, body: unknown) => call(api, 'PATCH', `/api/admin/events/${id}`, { ...as(), body });
const cancel = (id: string, body: unknown = {}) =>
  call(api, 'POST', `/api/admin/events/${id}/cancel`, { ...as(), body });

describe('admin events', () => {
  it('creates an event with its joining link visible to admins, and audits it', async () => {
    const event = await createEvent({ onlineUrl: 'https://meet.example.com/harbour' });
    expect(event).toMatchObject({
      onlineUrl: 'https://meet.example.com/harbour',
      seatsTaken: 0,
      sequence: 0,
    });
    expect((await auditOf(event.id)).map((e) => e.action)).toEqual(['event.create']);
    const one = await call(api, 'GET', `/api/admin/events/${event.id}`, as());
    expect(one.json).toMatchObject({ id: event.id, onlineUrl: 'https://meet.example.com/harbour' });
  });

  it('lists events upcoming first (soonest first), then past ones, searchable and filtered', async () => {
    const tag = randomUUID().slice(0, 6);
    const later = await createEvent({ title: `Later ${tag}`, startsAt: inDays(30), endsAt: inDays(30, 1) });
    const sooner = await createEvent({ title: `Sooner ${tag}`, startsAt: inDays(2), endsAt: inDays(2, 1) });
    const past = await createEvent({ title: `Past ${tag}`, startsAt: inDays(-3), endsAt: inDays(-3, 1) });
    const older = await createEvent({ title: `Older ${tag}`, startsAt: inDays(-9), endsAt: inDays(-9, 1) });
    const list = async (q: string) => {
      const res = await call(api, 'GET', `/api/admin/events?q=${tag}&${q}`, as());
      expect(res.status).toBe(200);
      return (res.json.items as { id: string }[]).map((e) => e.id);
    };
    expect(await list('')).toEqual([sooner.id, later.id, past.id, older.id]);
    expect(await list('show=upcoming')).toEqual([sooner.id, later.id]);
    expect(await list('show=past')).toEqual([past.id, older.id]);
    expect(await list('sort=title&dir=asc')).toEqual([later.id, older.id, past.id, sooner.id]);
    expect(await list('limit=2&page=2')).toEqual([past.id, older.id]);
    expect((await call(api, 'GET', '/api/admin/events?show=soon', as())).status).toBe(400);
  });

  it('edits an event: every change raises the sequence, is audited, and a title change notifies nobody', async () => {
    const event = await createEvent();
    const child = await registeredChild(event.id, 'Ada');
    const res = await patch(event.id, { title: 'Harbour Story Hour (bring a towel)' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      notified: 0,
      event: { title: 'Harbour Story Hour (bring a towel)', sequence: 1 },
    });
    expect((await call(api, 'GET', `/api/events/${event.id}`)).json.sequence).toBe(1);
    expect(await notesOf(child.childId, event.id)).toHaveLength(1); // only "is registered"
    // The same values again: nothing changes, the sequence stays.
    expect((await patch(event.id, { title: 'Harbour Story Hour (bring a towel)' })).json).toMatchObject({
      event: { sequence: 1 },
    });
    const entries = await auditOf(event.id);
    expect(entries.map((e) => e.action)).toEqual(['event.create', 'event.edit']);
    expect(entries[1]?.details).toMatchObject({
      changes: { title: { from: 'Harbour Story Hour', to: 'Harbour Story Hour (bring a towel)' } },
    });
  });

  it('tells each registered child, once, when the time or the place changes', async () => {
    const event = await createEvent();
    const [ada, ben] = [await registeredChild(event.id, 'Ada'), await registeredChild(event.id, 'Ben')];
    const res = await patch(event.id, { startsAt: inDays(10), endsAt: inDays(10, 2) });
    expect(res.json).toMatchObject({ notified: 2, event: { sequence: 1 } });
    const moved = await patch(event.id, {
      location: 'Harbour Hall',
      onlineUrl: 'https://meet.example.com/x',
    });
    expect(moved.json).toMatchObject({ notified: 2, event: { sequence: 2 } });
    for (const { childId } of [ada, ben]) {
      const titles = (await notesOf(childId, event.id)).map((n) => n.title);
      expect(titles.slice(1)).toEqual([
        'New time for Harbour Story Hour',
        'New place for Harbour Story Hour',
      ]);
    }
    const [last] = (await notesOf(ada.childId, event.id)).slice(-1);
    expect(last?.body).toMatch(/Ada’s event is now \{when\}\. .*Harbour Hall/);
    expect(last?.times.when).toMatchObject({ style: 'event', at: expect.stringMatching(/Z$/) });
  });

  it('never lets the capacity go below the seats taken (409, field capacity) and leaves the event as it was', async () => {
    const event = await createEvent({ capacity: 3 });
    await registeredChild(event.id, 'Cleo');
    await registeredChild(event.id, 'Dev');
    const before = await eventRow(event.id);
    const res = await patch(event.id, { capacity: 1 });
    expect(res.status).toBe(409);
    expect(res.json.error?.code).toBe('conflict');
    expect(res.json.error?.fields?.capacity).toMatch(/2 seats are already taken.*below 2/);
    expect(await eventRow(event.id)).toEqual(before);
    const exact = await patch(event.id, { capacity: 2 });
    expect(exact.status).toBe(200);
    expect(exact.json).toMatchObject({ event: { capacity: 2, seatsTaken: 2, seatsLeft: 0 } });
  });

  it('refuses a bad change on every field, checked against the event as it would become', async () => {
    const event = await createEvent();
    const before = await eventRow(event.id);
    const cases: [unknown, string][] = [
      [{ title: '' }, 'title'],
      [{ title: '<i>x</i>' }, 'title'],
      [{ description: 'x'.repeat(4001) }, 'description'],
      [{ startsAt: 'tomorrow' }, 'startsAt'],
      [{ startsAt: inDays(20) }, 'endsAt'], // after the current end
      [{ endsAt: inDays(1) }, 'endsAt'], // before the current start
      [{ location: null }, 'location'], // and no online link
      [{ onlineUrl: 'http://meet.example.com' }, 'onlineUrl'],
      [{ capacity: 0 }, 'capacity'],
      [{ capacity: 2.5 }, 'capacity'],
      [{ capacity: 10_001 }, 'capacity'],
      [{ ageMin: 12 }, 'ageMax'], // above the current oldest age
      [{ ageMax: 30 }, 'ageMax'],
      [{ status: 'cancelled' }, 'body'],
      [{}, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await patch(event.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect(await eventRow(event.id)).toEqual(before);
    expect((await patch(randomUUID(), { title: 'Nope' })).status).toBe(404);
    expect((await patch('nope', { title: 'Nope' })).status).toBe(400);
  });

  it('cancels an event: status, sequence, each registered child told exactly once, public pages see it', async () => {
    const event = await createEvent();
    const [eve, finn] = [await registeredChild(event.id, 'Eve'), await registeredChild(event.id, 'Finn')];
    const res = await cancel(event.id, { reason: 'The library is closed for repairs.' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ notified: 2, event: { status: 'cancelled', sequence: 1 } });
    for (const { childId } of [eve, finn]) {
      const cancelled = (await notesOf(childId, event.id)).filter((n) => n.title.endsWith('is cancelled'));
      expect(cancelled).toHaveLength(1);
      expect(cancelled[0]?.body).toMatch(/will not take place\. The library is closed for repairs\./);
    }
    const pub = await call(api, 'GET', `/api/events/${event.id}`);
    expect(pub.json).toMatchObject({ status: 'cancelled', sequence: 1 });

    // A second cancel is refused and tells nobody again; nor can the event be edited or joined.
    const again = await cancel(event.id);
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('event_cancelled');
    expect((await patch(event.id, { title: 'Back on' })).status).toBe(409);
    for (const { childId } of [eve, finn]) {
      expect((await notesOf(childId, event.id)).filter((n) => n.title.endsWith('is cancelled'))).toHaveLength(
        1,
      );
    }
    expect((await eventRow(event.id)).sequence).toBe(1);
    const entries = await auditOf(event.id);
    expect(entries.map((e) => e.action)).toEqual(['event.create', 'event.cancel']);
    expect(entries[1]?.details).toMatchObject({ notified: 2, reason: 'The library is closed for repairs.' });
  });

  it('lets only one of two cancels at the same moment go through', async () => {
    const event = await createEvent();
    const gus = await registeredChild(event.id, 'Gus');
    const results = await Promise.all([cancel(event.id), cancel(event.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(
      (await notesOf(gus.childId, event.id)).filter((n) => n.title.endsWith('is cancelled')),
    ).toHaveLength(1);
  });

  it('refuses to cancel an event that has taken place, an unknown one, or with a bad reason', async () => {
    const past = await createEvent({ startsAt: inDays(-2), endsAt: inDays(-2, 1) });
    const over = await cancel(past.id);
    expect(over.status).toBe(409);
    expect(over.json.error?.code).toBe('event_over');
    expect((await cancel(randomUUID())).status).toBe(404);
    const event = await createEvent();
    for (const body of [{ reason: '<script>' }, { reason: 'x'.repeat(301) }, { reason: 3 }, { why: 'x' }]) {
      const res = await cancel(event.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await eventRow(event.id)).status).toBe('scheduled');
  });

  it('lists the registrations of an event: child, parent, when, and a count', async () => {
    const event = await createEvent();
    const hana = await registeredChild(event.id, 'Hana', 'Kim Park');
    await registeredChild(event.id, 'Ivo', 'Lee Novak');
    const res = await call(api, 'GET', `/api/admin/events/${event.id}/registrations`, as());
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ eventId: event.id, count: 2, capacity: 5 });
    const items = res.json.items as Record<string, string>[];
    expect(items.map((r) => r.childFirstName)).toEqual(['Hana', 'Ivo']);
    expect(items[0]).toMatchObject({
      childId: hana.childId,
      parentName: 'Kim Park',
      parentEmail: hana.email,
    });
    expect(Date.parse(items[0]?.registeredAt ?? '')).not.toBeNaN();
    expect((await call(api, 'GET', `/api/admin/events/${randomUUID()}/registrations`, as())).status).toBe(
      404,
    );
    const empty = await createEvent();
    expect((await call(api, 'GET', `/api/admin/events/${empty.id}/registrations`, as())).json).toMatchObject({
      count: 0,
      items: [],
    });
  });

  it('answers 404 for unknown events and 400 for malformed ids', async () => {
    expect((await call(api, 'GET', `/api/admin/events/${randomUUID()}`, as())).status).toBe(404);
    expect((await call(api, 'GET', '/api/admin/events/12', as())).status).toBe(400);
  });
});
