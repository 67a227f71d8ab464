import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AdminInterviewRow } from '../../src/features/interviews/admin.schema';
import { defaultInterviewSchedule } from '../../src/features/interviews/interviews.server';
import { generateSlots, type Slot } from '../../src/features/interviews/slots';
import { interviewBookings, notifications } from '../../src/platform/db/schema.server';
import { adminAccount, call, expectFieldErrors, fileApi, registeredAccount } from './harness';
import { atOnce, onlyWinner, RACE_TIMEOUT, raceRounds } from './races';

const { database, api } = await fileApi();
/** The file's administrator, registered once. */
const admin = adminAccount(api);
/** The configured slots, computed as the server does; each test takes its own. */
const slots: Slot[] = generateSlots(defaultInterviewSchedule(), new Date()).filter(
  // The slot the tests start with must not begin before the run ends.
  (s) => Date.parse(s.startsAt) > Date.now() + 13 * 3_600_000,
);
let nextSlot = 0;
const takeSlot = () => {
  const slot = slots[nextSlot++];
  if (!slot) throw new Error('ran out of slots');
  return slot.startsAt;
};

/** A new family with children. */
async function family(...names: string[]) {
  const parent = await registeredAccount(api);
  const childIds: string[] = [];
  for (const firstName of names) {
    const child = await call(api, 'POST', '/api/children', {
      token: parent.idToken,
      body: { firstName, ageBand: '4-6', readingLevel: 'sprout' },
    });
    childIds.push(String(child.json._id));
  }
  return { token: parent.idToken, childIds };
}

const book = (token: string, body: unknown) => call(api, 'POST', '/api/interviews', { token, body });
const freeStarts = async (token: string) =>
  ((await call(api, 'GET', '/api/interviews/slots', { token })).json.slots as Slot[]).map((s) => s.startsAt);
const notesOf = (childId: string) =>
  database.db.select().from(notifications).where(eq(notifications.childId, childId));
const bookedAt = (startsAt: string) =>
  database.db
    .select()
    .from(interviewBookings)
    .where(and(eq(interviewBookings.startsAt, new Date(startsAt)), eq(interviewBookings.status, 'booked')));

describe('an interview and an event at the same time', () => {
  it('are each told of the other, and neither is refused', async () => {
    const { token, childIds } = await family('Maya');
    const at = slots[slots.length - 1] as Slot;
    const made = await call(api, 'POST', '/api/admin/events', {
      token: (await admin).idToken,
      body: {
        title: 'Story time',
        startsAt: new Date(Date.parse(at.startsAt) - 30 * 60_000).toISOString(),
        endsAt: new Date(Date.parse(at.startsAt) + 30 * 60_000).toISOString(),
        onlineUrl: 'https://meet.example.com/story',
        capacity: 10,
      },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const eventId = String(made.json.id);
    const registered = await call(api, 'POST', `/api/events/${eventId}/registrations`, {
      token,
      body: { childId: childIds[0] },
    });
    expect(registered.status).toBe(201);
    expect(registered.json.interviewClash).toBeNull();

    const listed = (await call(api, 'GET', '/api/interviews/slots', { token })).json.slots as (Slot & {
      clash?: { childName: string; title: string };
    })[];
    const clashing = listed.filter((slot) => slot.clash);
    expect(clashing.map((slot) => slot.startsAt)).toContain(at.startsAt);
    expect(clashing.find((slot) => slot.startsAt === at.startsAt)?.clash).toMatchObject({
      childName: 'Maya',
      title: 'Story time',
    });
    // Another family sees the same slot without a word about this one's event.
    const other = await family('Leo');
    const theirs = (await call(api, 'GET', '/api/interviews/slots', { token: other.token })).json
      .slots as (Slot & { clash?: unknown })[];
    expect(theirs.some((slot) => slot.clash)).toBe(false);

    expect((await book(token, { startsAt: at.startsAt })).status).toBe(201);
    const state = await call(api, 'GET', `/api/events/${eventId}/registrations`, { token });
    expect(state.json.interviewClash).toEqual({
      startsAt: at.startsAt,
      endsAt: new Date(Date.parse(at.startsAt) + 20 * 60_000).toISOString(),
    });
  });
});

describe('free slots', () => {
  it('lists the configured slots of the next three weeks, soonest first, at least 12 hours ahead', async () => {
    const { token } = await family('Ivy');
    const res = await call(api, 'GET', '/api/interviews/slots', { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ timeZone: 'America/New_York', minutes: 20, weeks: 3 });
    const listed = res.json.slots as Slot[];
    expect(listed.length).toBeGreaterThan(50);
    expect(listed.every((s) => Date.parse(s.startsAt) >= Date.now() + 12 * 3_600_000 - 60_000)).toBe(true);
    expect(listed.every((s) => Date.parse(s.endsAt) - Date.parse(s.startsAt) === 20 * 60_000)).toBe(true);
  });
});

describe('booking', () => {
  it('books a slot for the first child, lists it, takes it off the free list and notifies the child', async () => {
    const { token, childIds } = await family('Maya', 'Theo');
    const startsAt = takeSlot();
    const res = await book(token, { startsAt });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      startsAt,
      status: 'booked',
      childId: childIds[0],
      childName: 'Maya',
      sequence: 0,
      // The booking's own room in the configured call, and the number to ring instead.
      joinUrl: `https://meet.jit.si/quill-reads-interview-${res.json.id}`,
      phone: '+1 800 555 0142',
    });
    expect(Date.parse(String(res.json.endsAt)) - Date.parse(startsAt)).toBe(20 * 60_000);

    expect(await freeStarts(token)).not.toContain(startsAt);
    const mine = await call(api, 'GET', '/api/me/interviews', { token });
    expect(mine.json.interviews).toEqual([res.json]);
    expect((await call(api, 'GET', `/api/interviews/${res.json.id}`, { token })).json).toEqual(res.json);

    const notes = await notesOf(String(childIds[0]));
    expect(notes.map((n) => [n.kind, n.title, n.link])).toEqual([
      ['interview', 'Introductory interview booked', '/schedule-interview'],
    ]);
    // The time is stored as an instant and written for each reader, never in the team's zone.
    expect(notes[0]?.body).toBe(
      `{when}. Join the video call at ${res.json.joinUrl}, or ring +1 800 555 0142 at that time. You can reschedule or cancel it from the interview page.`,
    );
    expect(notes[0]?.times).toEqual({
      when: { at: startsAt, end: String(res.json.endsAt), style: 'appointment' },
    });
    expect(await notesOf(String(childIds[1]))).toEqual([]);
  });

  it('books for the chosen child', async () => {
    const { token, childIds } = await family('Maya', 'Theo');
    const res = await book(token, { startsAt: takeSlot(), childId: childIds[1] });
    expect(res.status).toBe(201);
    expect(res.json.childName).toBe('Theo');
    expect(await notesOf(String(childIds[1]))).toHaveLength(1);
    expect(await notesOf(String(childIds[0]))).toHaveLength(0);
  });

  it('holds one upcoming interview per family: a second booking is refused and changes nothing', async () => {
    const { token } = await family('Ada');
    const first = await book(token, { startsAt: takeSlot() });
    const other = takeSlot();
    const second = await book(token, { startsAt: other });
    expect(second.status).toBe(409);
    expect(second.json.error?.code).toBe('already_booked');
    expect(second.json.error?.message).toMatch(/You already have an interview on .*Reschedule or cancel it/);
    expect(await bookedAt(other)).toHaveLength(0);
    expect((await call(api, 'GET', '/api/me/interviews', { token })).json.interviews).toEqual([first.json]);
  });

  it('refuses a time that is not a free configured slot, naming startsAt', async () => {
    const { token } = await family('Bo');
    const slot = Date.parse(takeSlot());
    const refused = [
      new Date(slot + 10 * 60_000).toISOString(), // between two slots
      new Date(Date.now() + 3_600_000).toISOString(), // under 12 hours ahead
      new Date(Date.now() - 86_400_000).toISOString(), // the past
      new Date(slot + 40 * 86_400_000).toISOString(), // beyond three weeks
    ];
    for (const startsAt of refused) {
      const res = await book(token, { startsAt });
      expect(res.status, startsAt).toBe(400);
      expect(res.json.error?.fields?.startsAt).toMatch(/Choose one of the free times/);
    }
    expect((await call(api, 'GET', '/api/me/interviews', { token })).json.interviews).toEqual([]);
  });

  it('explains bad input beside each field', async () => {
    const { token } = await family('Cy');
    const cases: [unknown, string][] = [
      [{}, 'startsAt'],
      [{ startsAt: 'next tuesday' }, 'startsAt'],
      [{ startsAt: 42 }, 'startsAt'],
      [{ startsAt: takeSlot(), childId: 'not-an-id' }, 'childId'],
    ];
    for (const [body, field] of cases) {
      const res = await book(token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.fields?.[field]).toEqual(expect.any(String));
    }
    const notJson = await call(api, 'POST', '/api/interviews', {
      token,
      rawBody: 'startsAt=soon',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(400);
    expect((await call(api, 'GET', '/api/me/interviews', { token })).json.interviews).toEqual([]);
  });

  it("answers 404 for another family's child and books nothing", async () => {
    const mine = await family('Dee');
    const theirs = await family('Eli');
    const startsAt = takeSlot();
    const res = await book(mine.token, { startsAt, childId: theirs.childIds[0] });
    expect(res.status).toBe(404);
    expect(await bookedAt(startsAt)).toHaveLength(0);
  });

  it('refuses a slot another family holds with 409', async () => {
    const a = await family('Fay');
    const b = await family('Gus');
    const startsAt = takeSlot();
    expect((await book(a.token, { startsAt })).status).toBe(201);
    const res = await book(b.token, { startsAt });
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({
      code: 'slot_taken',
      message: expect.stringMatching(/just taken/),
    });
    expect(await notesOf(String(b.childIds[0]))).toHaveLength(0);
  });

  it('gives a slot to exactly one of several families booking it at the same moment, round after round', {
    timeout: RACE_TIMEOUT,
  }, async () => {
    await raceRounds(async () => {
      const families = await Promise.all([family('Hana'), family('Hugo'), family('Hal'), family('Hope')]);
      const startsAt = takeSlot();
      const answers = await atOnce(families.map((f) => () => book(f.token, { startsAt })));
      const winner = onlyWinner(answers, (a) => a.status === 201);
      const losers = answers.filter((_, i) => i !== winner);
      expect(losers.map((a) => [a.status, a.json.error?.code])).toEqual(
        losers.map(() => [409, 'slot_taken']),
      );
      const booked = await bookedAt(startsAt);
      expect(booked.map((b) => b.childId)).toEqual([families[winner]?.childIds[0]]);
      expect(booked[0]?.id).toBe(answers[winner]?.json.id);
      // Only the winner's child was told.
      const notified = await Promise.all(families.map((f) => notesOf(String(f.childIds[0]))));
      expect(notified.map((n) => n.length)).toEqual(families.map((_, i) => (i === winner ? 1 : 0)));
    });
  });
});

describe('rescheduling and cancelling', () => {
  it('moves the booking atomically, raises the SEQUENCE and notifies the child', async () => {
    const { token, childIds } = await family('Ivy');
    const from = takeSlot();
    const to = takeSlot();
    const booked = await book(token, { startsAt: from });
    const res = await call(api, 'PATCH', `/api/interviews/${booked.json.id}`, {
      token,
      body: { startsAt: to },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: booked.json.id, startsAt: to, status: 'booked', sequence: 1 });
    const free = await freeStarts(token);
    expect(free).toContain(from);
    expect(free).not.toContain(to);
    const titles = (await notesOf(String(childIds[0]))).map((n) => n.title).sort();
    expect(titles).toEqual(['Introductory interview booked', 'Introductory interview moved']);
  });

  it('leaves the booking where it was when the new slot is taken, the same, or not a slot', async () => {
    const a = await family('Jo');
    const b = await family('Kim');
    const mine = takeSlot();
    const theirs = takeSlot();
    const booked = await book(a.token, { startsAt: mine });
    await book(b.token, { startsAt: theirs });
    const patch = (startsAt: unknown) =>
      call(api, 'PATCH', `/api/interviews/${booked.json.id}`, { token: a.token, body: { startsAt } });

    const taken = await patch(theirs);
    expect(taken.status).toBe(409);
    expect(taken.json.error?.code).toBe('slot_taken');
    const same = await patch(mine);
    expect(same.status).toBe(400);
    expect(same.json.error?.fields?.startsAt).toMatch(/different time/);
    const between = await patch(new Date(Date.parse(mine) + 5 * 60_000).toISOString());
    expect(between.status).toBe(400);
    expect(between.json.error?.fields?.startsAt).toMatch(/free times/);
    const garbage = await patch('soon');
    expect(garbage.status).toBe(400);
    expect(garbage.json.error?.fields?.startsAt).toEqual(expect.any(String));

    const now = await call(api, 'GET', `/api/interviews/${booked.json.id}`, { token: a.token });
    expect(now.json).toMatchObject({ startsAt: mine, sequence: 0, status: 'booked' });
    expect(await bookedAt(theirs)).toHaveLength(1);
  });

  it('cancels: the slot is free again, the SEQUENCE rises, the child is told, and the family may book anew', async () => {
    const { token, childIds } = await family('Lu');
    const startsAt = takeSlot();
    const booked = await book(token, { startsAt });
    const res = await call(api, 'DELETE', `/api/interviews/${booked.json.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'cancelled', sequence: 1, startsAt });
    expect(await freeStarts(token)).toContain(startsAt);
    expect((await notesOf(String(childIds[0]))).map((n) => n.title)).toContain(
      'Introductory interview cancelled',
    );

    const again = await call(api, 'DELETE', `/api/interviews/${booked.json.id}`, { token });
    expect(again.status).toBe(409);
    const move = await call(api, 'PATCH', `/api/interviews/${booked.json.id}`, {
      token,
      body: { startsAt: takeSlot() },
    });
    expect(move.status).toBe(409);
    expect(move.json.error?.message).toMatch(/cancelled/);

    const rebooked = await book(token, { startsAt });
    expect(rebooked.status).toBe(201);
    const list = (await call(api, 'GET', '/api/me/interviews', { token })).json.interviews as {
      status: string;
    }[];
    expect(list.map((i) => i.status).sort()).toEqual(['booked', 'cancelled']);
  });

  it("answers 404 for another family's booking and for unknown ids, changing nothing", async () => {
    const owner = await family('Mo');
    const stranger = await family('Ned');
    const startsAt = takeSlot();
    const booked = await book(owner.token, { startsAt });
    const path = `/api/interviews/${booked.json.id}`;
    const token = stranger.token;
    expect((await call(api, 'GET', path, { token })).status).toBe(404);
    expect((await call(api, 'PATCH', path, { token, body: { startsAt: takeSlot() } })).status).toBe(404);
    expect((await call(api, 'DELETE', path, { token })).status).toBe(404);
    const unknown = `/api/interviews/${crypto.randomUUID()}`;
    expect((await call(api, 'GET', unknown, { token })).status).toBe(404);
    expect((await call(api, 'DELETE', unknown, { token })).status).toBe(404);
    const badId = await call(api, 'DELETE', '/api/interviews/42', { token });
    expect(badId.status).toBe(400);
    expect(badId.json.error?.fields?.id).toEqual(expect.any(String));
    const still = await call(api, 'GET', path, { token: owner.token });
    expect(still.json).toMatchObject({ startsAt, status: 'booked', sequence: 0 });
  });
});

describe('the team’s list of bookings', () => {
  const list = async (query = '') =>
    call(api, 'GET', `/api/admin/interviews${query}`, { token: (await admin).idToken });
  const items = async (query: string) => (await list(query)).json.items as AdminInterviewRow[];

  it('shows each upcoming booking with the child, the parent to contact and the call; cancelled ones apart', async () => {
    const parent = await registeredAccount(api, undefined, 'Noor Haddad');
    const child = await call(api, 'POST', '/api/children', {
      token: parent.idToken,
      body: { firstName: 'Yusuf', ageBand: '6-8', readingLevel: 'sapling' },
    });
    const booked = await book(parent.idToken, { startsAt: takeSlot() });
    expect(booked.status).toBe(201);

    const upcoming = await list('?q=Noor%20Haddad');
    expect(upcoming.status).toBe(200);
    expect(upcoming.json).toMatchObject({ total: 1, page: 1 });
    expect(upcoming.json.items).toEqual([
      {
        id: booked.json.id,
        startsAt: booked.json.startsAt,
        endsAt: booked.json.endsAt,
        status: 'booked',
        createdAt: booked.json.createdAt,
        joinUrl: booked.json.joinUrl,
        familyId: parent.user.id,
        parentName: 'Noor Haddad',
        parentEmail: parent.email,
        childName: 'Yusuf',
        childAgeBand: '6-8',
        childReadingLevel: 'sapling',
        guideName: null,
      },
    ]);
    // Found by the child's name too.
    expect((await items('?q=Yusuf')).map((i) => i.id)).toContain(booked.json.id);
    expect(child.status).toBe(201);

    await call(api, 'DELETE', `/api/interviews/${booked.json.id}`, { token: parent.idToken });
    expect((await list('?q=Noor%20Haddad')).json.total).toBe(0);
    expect((await items('?q=Noor%20Haddad&view=cancelled')).map((i) => i.status)).toEqual(['cancelled']);
    expect((await list('?q=Noor%20Haddad&view=all')).json.total).toBe(1);
    expect((await list('?q=Noor%20Haddad&view=past')).json.total).toBe(0);
  });

  it('lists the soonest first and sorts by parent or child on request', async () => {
    const a = await family('Ada');
    const b = await family('Ben');
    const first = takeSlot();
    const second = takeSlot();
    expect((await book(b.token, { startsAt: first })).status).toBe(201);
    expect((await book(a.token, { startsAt: second })).status).toBe(201);
    const starts = (await items('?limit=100')).map((i) => Date.parse(i.startsAt));
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
    const byChild = (await items('?sort=child&dir=asc&limit=100')).map((i) => i.childName);
    expect(byChild.indexOf('Ada')).toBeLessThan(byChild.indexOf('Ben'));
  });

  it('explains a bad query beside the field', async () => {
    await expectFieldErrors(list, [
      ['?view=tomorrow', 'view'],
      ['?sort=shoeSize', 'sort'],
      ['?page=0', 'page'],
    ]);
  });
});
