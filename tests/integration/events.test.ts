import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventRegistrations, events, notifications } from '../../src/platform/db/schema.server';
import { adminAccount, call, created, familyWithChild, fileApi, inDays } from './harness';
import { atOnce, onlyWinner, RACE_TIMEOUT, raceRounds } from './races';

const { database, api } = await fileApi();
const adminToken = (await adminAccount(api)).idToken;

const goodEvent = {
  title: 'Saturday Story Time',
  description: 'Ocean stories, then a craft.',
  startsAt: inDays(7),
  endsAt: inDays(7, 1),
  location: 'Riverside Library',
  streetAddress: '1 Test Lane',
  addressLocality: 'Springfield',
  postalCode: '62701',
  addressCountry: 'US',
  capacity: 20,
  ageMin: 4,
  ageMax: 7,
};

const createEvent = async (over: Record<string, unknown> = {}) =>
  (await created(api, '/api/admin/events', adminToken, { ...goodEvent, ...over })).id;

/** A new family with one child. */
const family = (name = 'Maya') =>
  familyWithChild(api, { firstName: name, ageBand: '4-6', readingLevel: 'sprout' });

const register = (eventId: string, token: string | undefined, body: unknown) =>
  call(api, 'POST', `/api/events/${eventId}/registrations`, { ...(token ? { token } : {}), body });

async function seats(eventId: string) {
  const [row] = await database.db.select().from(events).where(eq(events.id, eventId));
  const [count] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(eventRegistrations)
    .where(eq(eventRegistrations.eventId, eventId));
  return { taken: row?.seatsTaken, registrations: Number(count?.n) };
}

describe('POST /api/admin/events', () => {
  it('creates an event and answers it with every seat free', async () => {
    const event = await created(api, '/api/admin/events', adminToken, goodEvent);
    expect(event).toMatchObject({
      title: 'Saturday Story Time',
      capacity: 20,
      seatsLeft: 20,
      status: 'scheduled',
      sequence: 0,
      online: false,
    });
  });

  it('keeps script tags in a description as plain text', async () => {
    const description = 'Bring a story <script>alert(1)</script> & a smile.';
    const res = await call(api, 'POST', '/api/admin/events', {
      token: adminToken,
      body: { ...goodEvent, description },
    });
    expect(res.status).toBe(201);
    expect(res.json.description).toBe(description);
  });

  it('refuses bad input, naming the field, and stores nothing', async () => {
    const before = (await database.db.select().from(events)).length;
    const cases: [unknown, string][] = [
      [{ ...goodEvent, title: '' }, 'title'],
      [{ ...goodEvent, title: 'x'.repeat(121) }, 'title'],
      [{ ...goodEvent, title: '<script>alert(1)</script>' }, 'title'],
      [{ ...goodEvent, title: 42 }, 'title'],
      [{ ...goodEvent, title: undefined }, 'title'],
      [{ ...goodEvent, description: 'x'.repeat(4001) }, 'description'],
      [{ ...goodEvent, description: 'bad\u0000char' }, 'description'],
      [{ ...goodEvent, startsAt: 'next Saturday' }, 'startsAt'],
      [{ ...goodEvent, startsAt: undefined }, 'startsAt'],
      [{ ...goodEvent, endsAt: goodEvent.startsAt }, 'endsAt'],
      [{ ...goodEvent, location: null, onlineUrl: null }, 'location'],
      [{ ...goodEvent, location: 'x'.repeat(201) }, 'location'],
      [{ ...goodEvent, streetAddress: null }, 'streetAddress'],
      [{ ...goodEvent, addressLocality: '' }, 'addressLocality'],
      [{ ...goodEvent, addressCountry: undefined }, 'addressCountry'],
      [{ ...goodEvent, addressCountry: 'United States' }, 'addressCountry'],
      [{ ...goodEvent, addressCountry: 'ZZ' }, 'addressCountry'],
      [{ ...goodEvent, postalCode: 'x'.repeat(21) }, 'postalCode'],
      [{ ...goodEvent, addressRegion: '<b>IL</b>' }, 'addressRegion'],
      [{ ...goodEvent, location: null, onlineUrl: 'https://meet.example/x' }, 'location'], // an address, no venue
      [{ ...goodEvent, onlineUrl: 'http://meet.example/x' }, 'onlineUrl'],
      [{ ...goodEvent, onlineUrl: 'javascript:alert(1)' }, 'onlineUrl'],
      [{ ...goodEvent, capacity: 0 }, 'capacity'],
      [{ ...goodEvent, capacity: 10_001 }, 'capacity'],
      [{ ...goodEvent, capacity: 2.5 }, 'capacity'],
      [{ ...goodEvent, capacity: '20' }, 'capacity'],
      [{ ...goodEvent, ageMin: -1 }, 'ageMin'],
      [{ ...goodEvent, ageMax: 19 }, 'ageMax'],
      [{ ...goodEvent, ageMin: 8, ageMax: 4 }, 'ageMax'],
      [[goodEvent], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await call(api, 'POST', '/api/admin/events', { token: adminToken, body });
      expect(res.status, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.json.error?.fields, JSON.stringify(body).slice(0, 100)).toHaveProperty([field]);
    }
    expect((await database.db.select().from(events)).length).toBe(before);
  });

  it('is for administrators only', async () => {
    const parent = await family();
    expect((await call(api, 'POST', '/api/admin/events', { body: goodEvent })).status).toBe(401);
    const res = await call(api, 'POST', '/api/admin/events', { token: parent.token, body: goodEvent });
    expect(res.status).toBe(403);
    expect(res.json.error?.code).toBe('forbidden');
  });
});

describe('GET /api/events and /api/events/{id}', () => {
  it('lists upcoming events soonest first, then past ones, with seats left, cacheable', async () => {
    const later = await createEvent({ title: 'Later', startsAt: inDays(30), endsAt: inDays(30, 1) });
    const sooner = await createEvent({
      title: 'Sooner',
      startsAt: inDays(2),
      endsAt: inDays(2, 1),
      capacity: 3,
    });
    const past = await createEvent({ title: 'Past', startsAt: inDays(-3), endsAt: inDays(-3, 1) });
    const older = await createEvent({ title: 'Older', startsAt: inDays(-9), endsAt: inDays(-9, 1) });
    const res = await call(api, 'GET', '/api/events');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const list = res.json as unknown as {
      upcoming: { id: string; seatsLeft: number }[];
      past: { id: string }[];
    };
    const up = list.upcoming.map((e) => e.id);
    expect(up.indexOf(sooner)).toBeLessThan(up.indexOf(later));
    expect(list.past.map((e) => e.id).filter((id) => id === past || id === older)).toEqual([past, older]);
    expect(list.upcoming.find((e) => e.id === sooner)?.seatsLeft).toBe(3);
  });

  it('answers one event, 404 for an unknown id and 400 for a malformed one', async () => {
    const id = await createEvent();
    const res = await call(api, 'GET', `/api/events/${id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: id, title: 'Saturday Story Time', seatsLeft: 20 });
    const unknown = await call(api, 'GET', '/api/events/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error?.code).toBe('not_found');
    const malformed = await call(api, 'GET', '/api/events/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.json.error?.fields).toHaveProperty(['eventId']);
  });
});

describe('registrations', () => {
  it('registers a child, tells the child, refuses a second time without using a seat, and cancels', async () => {
    const eventId = await createEvent({ title: 'Author visit', capacity: 5 });
    const { token, childId } = await family('Maya');

    const res = await register(eventId, token, { childId });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ eventId, childIds: [childId], seatsLeft: 4, open: true });

    const child = await call(api, 'GET', `/api/children/${childId}`, { token });
    expect((child.json.notifications as { title: string; link: string }[])[0]).toMatchObject({
      title: 'Maya is registered for Author visit',
      link: `/events/${eventId}`,
    });

    const again = await register(eventId, token, { childId });
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('already_registered');
    expect(await seats(eventId)).toEqual({ taken: 1, registrations: 1 });

    const mine = await call(api, 'GET', `/api/events/${eventId}/registrations`, { token });
    expect(mine.json).toMatchObject({ childIds: [childId], seatsLeft: 4 });

    const cancel = await call(api, 'DELETE', `/api/events/${eventId}/registrations/${childId}`, { token });
    expect(cancel.status).toBe(200);
    expect(cancel.json).toMatchObject({ childIds: [], seatsLeft: 5 });
    expect(await seats(eventId)).toEqual({ taken: 0, registrations: 0 });
    const notes = await database.db.select().from(notifications).where(eq(notifications.childId, childId));
    expect(notes.map((n) => n.title)).toContain('Maya’s registration for Author visit is cancelled');

    const twice = await call(api, 'DELETE', `/api/events/${eventId}/registrations/${childId}`, { token });
    expect(twice.status).toBe(404);
  });

  it('gives the joining link of an online event only to families with a registered child', async () => {
    const link = 'https://meet.example/secret-room';
    const eventId = await createEvent({
      location: null,
      streetAddress: null,
      addressLocality: null,
      postalCode: null,
      addressCountry: null,
      onlineUrl: link,
    });
    const mine = await family('Iris');
    const other = await family('Omar');
    for (const res of [
      await call(api, 'GET', `/api/events/${eventId}`),
      await call(api, 'GET', '/api/events'),
      await call(api, 'GET', `/api/events/${eventId}/registrations`, { token: mine.token }),
    ]) {
      expect(JSON.stringify(res.json)).not.toContain('secret-room');
    }
    expect((await call(api, 'GET', `/api/events/${eventId}`)).json.online).toBe(true);

    const registered = await register(eventId, mine.token, { childId: mine.childId });
    expect(registered.json.onlineUrl).toBe(link);
    const view = await call(api, 'GET', `/api/events/${eventId}/registrations`, { token: mine.token });
    expect(view.json.onlineUrl).toBe(link);
    const otherView = await call(api, 'GET', `/api/events/${eventId}/registrations`, { token: other.token });
    expect(otherView.json.onlineUrl).toBeNull();
    const cancelled = await call(api, 'DELETE', `/api/events/${eventId}/registrations/${mine.childId}`, {
      token: mine.token,
    });
    expect(cancelled.json.onlineUrl).toBeNull();
  });

  it("never touches or reveals another family's child", async () => {
    const eventId = await createEvent();
    const mine = await family('Theo');
    const other = await family('Ava');
    expect((await register(eventId, mine.token, { childId: mine.childId })).status).toBe(201);

    const theirs = await register(eventId, other.token, { childId: mine.childId });
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.json)).not.toContain('Theo');
    const cancel = await call(api, 'DELETE', `/api/events/${eventId}/registrations/${mine.childId}`, {
      token: other.token,
    });
    expect(cancel.status).toBe(404);
    const view = await call(api, 'GET', `/api/events/${eventId}/registrations`, { token: other.token });
    expect(view.status).toBe(200);
    expect(view.json.childIds).toEqual([]);
    expect(await seats(eventId)).toEqual({ taken: 1, registrations: 1 });
  });

  it('says why a registration is refused: full, over, cancelled, unknown', async () => {
    const { token, childId } = await family();
    const other = await family();
    const full = await createEvent({ capacity: 1 });
    expect((await register(full, other.token, { childId: other.childId })).status).toBe(201);
    const refused = await register(full, token, { childId });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({ code: 'event_full', message: 'This event is full.' });
    // The child who holds the seat hears "already registered", not "full".
    expect((await register(full, other.token, { childId: other.childId })).json.error?.code).toBe(
      'already_registered',
    );

    const over = await createEvent({ startsAt: inDays(-1), endsAt: inDays(1) });
    expect((await register(over, token, { childId })).json.error?.code).toBe('event_over');

    const cancelled = await createEvent();
    await database.db.update(events).set({ status: 'cancelled' }).where(eq(events.id, cancelled));
    expect((await register(cancelled, token, { childId })).json.error?.code).toBe('event_cancelled');

    const unknown = await register('00000000-0000-4000-8000-000000000000', token, { childId });
    expect(unknown.status).toBe(404);
    for (const id of [full, over, cancelled])
      expect((await seats(id)).taken).toBe((await seats(id)).registrations);
  });

  it('keeps the seat once the event has started, and answers 404 for an unknown event', async () => {
    const eventId = await createEvent();
    const { token, childId } = await family();
    expect((await register(eventId, token, { childId })).status).toBe(201);
    await database.db
      .update(events)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(events.id, eventId));
    const late = await call(api, 'DELETE', `/api/events/${eventId}/registrations/${childId}`, { token });
    expect(late.status).toBe(409);
    expect(late.json.error?.code).toBe('event_over');
    expect(await seats(eventId)).toEqual({ taken: 1, registrations: 1 });
    const view = await call(api, 'GET', `/api/events/${eventId}/registrations`, { token });
    expect(view.json).toMatchObject({ open: false, childIds: [childId] });

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(api, 'GET', `/api/events/${unknown}/registrations`, { token })).status).toBe(404);
    expect(
      (await call(api, 'DELETE', `/api/events/${unknown}/registrations/${childId}`, { token })).status,
    ).toBe(404);
  });

  it('refuses bad input and callers without an account', async () => {
    const eventId = await createEvent();
    const { token, childId } = await family();
    const cases: unknown[] = [
      {},
      { childId: 'abc' },
      { childId: 42 },
      { childId: `${childId}x` },
      { childId: '<script>alert(1)</script>' },
      { childId, extra: 'x'.repeat(70_000) },
      { childId, note: 'hi' },
    ];
    for (const body of cases) {
      const res = await register(eventId, token, body);
      expect([400, 413], JSON.stringify(body).slice(0, 60)).toContain(res.status);
    }
    expect((await register('not-an-id', token, { childId })).status).toBe(400);
    expect((await register(eventId, undefined, { childId })).status).toBe(401);
    const unregistered = await call(api, 'GET', `/api/events/${eventId}/registrations`, {
      token: 'nonsense',
    });
    expect(unregistered.status).toBe(401);
    expect(await seats(eventId)).toEqual({ taken: 0, registrations: 0 });
  });

  it('gives the last seat to exactly one of many parents registering at the same moment, round after round', {
    timeout: RACE_TIMEOUT,
  }, async () => {
    await raceRounds(async (round) => {
      const title = `One seat, round ${round}`;
      const eventId = await createEvent({ capacity: 1, title });
      const families = await Promise.all(Array.from({ length: 6 }, () => family()));
      const results = await atOnce(
        families.map((f) => () => register(eventId, f.token, { childId: f.childId })),
      );
      const winner = onlyWinner(results, (r) => r.status === 201);
      const losers = results.filter((_, i) => i !== winner);
      expect(losers.map((r) => [r.status, r.json.error?.code])).toEqual(
        losers.map(() => [409, 'event_full']),
      );
      expect(await seats(eventId)).toEqual({ taken: 1, registrations: 1 });
      const [registered] = await database.db
        .select()
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, eventId));
      expect(registered?.childId).toBe(families[winner]?.childId);
      // Exactly one child was told: the winner's.
      const told = await database.db
        .select()
        .from(notifications)
        .where(sql`${notifications.title} like ${`%${title}`}`);
      expect(told.map((n) => n.childId)).toEqual([families[winner]?.childId]);
    });
  });
});
