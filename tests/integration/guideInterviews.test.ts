import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultInterviewSchedule } from '../../src/features/interviews/interviews.server';
import { generateSlots } from '../../src/features/interviews/slots';
import { guides, interviewBookings } from '../../src/platform/db/schema.server';
import { auditEntries, caller, familyWithChild, fileApi, teamOfGuides } from './harness';
import { programFor } from './programFixtures';
import { atOnce, onlyWinner, RACE_TIMEOUT, raceRounds } from './races';

// The interview with a reading guide (issue 27): each guide's own weekly times (the team's template
// until they set some), a family books its child's guide, or any guide before one is assigned, and
// a guide is never booked twice at overlapping times, also at the same moment.

const { database, api } = await fileApi();
const db = database.db;
const { gia, asAdmin, asGia, asGus } = await teamOfGuides(api);

const team = defaultInterviewSchedule();
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6];
/** Gia's own times: every morning on London's clock (the team's are afternoons in New York). */
const GIA_TIMES = {
  windows: [{ weekdays: EVERY_DAY, start: '06:00', end: '08:00' }],
  timeZone: 'Europe/London',
};
const soonest = Date.now() + 13 * 3_600_000;
/** Every time of Gia's the week holds; the server leaves out those too soon to book. */
const allGiaSlots = generateSlots(
  { ...team, windows: [{ weekdays: EVERY_DAY, start: 360, end: 480 }], timeZone: 'Europe/London' },
  new Date(),
).map((s) => s.startsAt);
/** Hers to book in these tests: well past the server's notice, whatever the hour they run. */
const giaSlots = allGiaSlots.filter((s) => Date.parse(s) > soonest);
const teamSlots = generateSlots(team, new Date())
  .map((s) => s.startsAt)
  .filter((s) => Date.parse(s) > soonest);
let nextGia = 0;
const takeGiaSlot = () => giaSlots[nextGia++] as string;

/** A family whose child is enrolled and, when a guide is named, assigned to them. */
async function family(name: string, guideId?: string) {
  const f = await familyWithChild(api, { firstName: name, ageBand: '6-8', readingLevel: 'sapling' });
  if (guideId) {
    await programFor(db, f.childId, { startsAt: new Date(Date.now() - 86_400_000) });
    const res = await asAdmin('PUT', `/api/admin/enrolments/${f.childId}/guide`, { guideId });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  }
  return { ...f, as: caller(api, f.token) };
}
type Family = Awaited<ReturnType<typeof family>>;

const slotsOf = async (f: Family) => {
  const res = await f.as('GET', `/api/interviews/slots?childId=${f.childId}`);
  expect(res.status).toBe(200);
  return res.json as unknown as { guideName: string | null; slots: { startsAt: string }[] };
};
const book = (f: Family, startsAt: string) =>
  f.as('POST', '/api/interviews', { startsAt, childId: f.childId });
const giaRow = async () => (await db.select().from(guides).where(eq(guides.userId, gia.user.id)))[0];
const bookedWith = (guideId: string, startsAt: string) =>
  db
    .select()
    .from(interviewBookings)
    .where(
      and(
        eq(interviewBookings.guideId, guideId),
        eq(interviewBookings.startsAt, new Date(startsAt)),
        eq(interviewBookings.status, 'booked'),
      ),
    );

beforeAll(async () => {
  // Room for every child the race below assigns.
  const res = await asAdmin('PATCH', `/api/admin/guides/${gia.user.id}`, { capacity: 60 });
  expect(res.status).toBe(200);
});

describe('a guide’s interview times', () => {
  it('start as the team’s template; bad windows are refused naming the field, and nothing is stored', async () => {
    const first = await asGia('GET', '/api/guide/interview-times');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ ownTimes: false, timeZone: team.timeZone, minutes: team.minutes });
    expect(first.json.windows).toEqual(first.json.team && (first.json.team as { windows: unknown }).windows);
    expect(first.json.windows).toContainEqual({ weekdays: [2, 4], start: '16:00', end: '19:00' });
    const cases: [unknown, string][] = [
      [{ windows: [{ weekdays: [1], start: '06:00', end: '06:10' }], timeZone: null }, 'windows.0.end'],
      [{ windows: [{ weekdays: [1], start: '08:00', end: '07:00' }], timeZone: null }, 'windows.0.end'],
      [{ windows: [{ weekdays: [], start: '06:00', end: '08:00' }], timeZone: null }, 'windows.0.weekdays'],
      [
        { windows: [{ weekdays: [7], start: '06:00', end: '08:00' }], timeZone: null },
        'windows.0.weekdays.0',
      ],
      [{ windows: [{ weekdays: [1], start: '06:00pm', end: '09:00' }], timeZone: null }, 'windows.0.start'],
      [{ windows: [{ weekdays: [1], start: '06:00', end: '08:00' }], timeZone: 'Mars/Olympus' }, 'timeZone'],
      [
        {
          windows: [
            { weekdays: [1, 3], start: '06:00', end: '08:00' },
            { weekdays: [3], start: '07:30', end: '09:00' },
          ],
          timeZone: null,
        },
        'windows.1.start',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await asGia('PUT', '/api/guide/interview-times', body);
      expect([res.status, Object.keys(res.json.error?.fields ?? {})], JSON.stringify(body)).toEqual([
        400,
        [field],
      ]);
    }
    expect(await giaRow()).toMatchObject({ interviewWindows: null, timeZone: null });
  });

  it('are the guide’s own once set (audited), and null goes back to the team’s', async () => {
    const saved = await asGia('PUT', '/api/guide/interview-times', GIA_TIMES);
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    expect(saved.json).toMatchObject({ ownTimes: true, ...GIA_TIMES });
    expect((await auditEntries(database, gia.user.id)).map((e) => e.action)).toContain('guide_times.save');
    const back = await asGus('PUT', '/api/guide/interview-times', { windows: null, timeZone: null });
    expect(back.json).toMatchObject({ ownTimes: false, timeZone: team.timeZone });
  });
});

describe('booking the interview', () => {
  let ada: Family;
  let adaBooking = '';

  it('offers only the times of the child’s own guide, who holds it and sees it', async () => {
    ada = await family('Ada', gia.user.id);
    const offered = await slotsOf(ada);
    expect(offered.guideName).toBe('Gia Guide');
    expect(offered.slots.map((s) => s.startsAt)).toEqual(
      allGiaSlots.filter((s) => s >= (offered.slots[0]?.startsAt ?? '')),
    );
    const notHers = await book(ada, teamSlots[0] as string);
    expect([notHers.status, Object.keys(notHers.json.error?.fields ?? {})]).toEqual([400, ['startsAt']]);
    const startsAt = takeGiaSlot();
    const booked = await book(ada, startsAt);
    expect(booked.status, JSON.stringify(booked.json)).toBe(201);
    expect(booked.json.guideName).toBe('Gia Guide');
    adaBooking = String(booked.json.id);
    expect(await bookedWith(gia.user.id, startsAt)).toHaveLength(1);
    const hers = await asGia('GET', '/api/guide/interview-times');
    expect(hers.json.upcoming).toContainEqual(
      expect.objectContaining({ id: adaBooking, childName: 'Ada', followedChildId: ada.childId, startsAt }),
    );
    expect((await asGus('GET', '/api/guide/interview-times')).json.upcoming).toEqual([]);
  });

  it('never offers or books a time overlapping one the guide holds, after her windows change', async () => {
    const booked = Date.parse(giaSlots[0] as string);
    // Her mornings ten minutes later: one of the new times overlaps Ada's booking, whichever
    // morning (and whichever of its times) that booking fell on.
    const shifted = { ...GIA_TIMES, windows: [{ weekdays: EVERY_DAY, start: '06:10', end: '08:00' }] };
    const overlapping = generateSlots(
      { ...team, windows: [{ weekdays: EVERY_DAY, start: 370, end: 480 }], timeZone: 'Europe/London' },
      new Date(),
    )
      .map((slot) => slot.startsAt)
      .find((t) => Math.abs(Date.parse(t) - booked) < team.minutes * 60_000);
    if (!overlapping) throw new Error('the shifted times hold none overlapping the booking');
    expect((await asGia('PUT', '/api/guide/interview-times', shifted)).status).toBe(200);
    try {
      const bea = await family('Bea', gia.user.id);
      expect((await slotsOf(bea)).slots.map((s) => s.startsAt)).not.toContain(overlapping);
      const refused = await book(bea, overlapping);
      expect([refused.status, refused.json.error?.code]).toEqual([409, 'slot_taken']);
      expect(refused.json.error?.message).toMatch(/Gia Guide is no longer free/);
    } finally {
      expect((await asGia('PUT', '/api/guide/interview-times', GIA_TIMES)).status).toBe(200);
    }
  });

  it('moves a booking to another of the guide’s times, still with her', async () => {
    const to = takeGiaSlot();
    const moved = await ada.as('PATCH', `/api/interviews/${adaBooking}`, { startsAt: to });
    expect([moved.status, moved.json.guideName, moved.json.startsAt]).toEqual([200, 'Gia Guide', to]);
  });

  it('before a guide is assigned, offers every guide’s times; the guide with most room holds it', async () => {
    const cal = await family('Cal');
    const offered = await slotsOf(cal);
    expect(offered.guideName).toBeNull();
    const starts = offered.slots.map((s) => s.startsAt);
    expect(starts).toContain(teamSlots[0]);
    expect(starts).toContain(giaSlots[nextGia]);
    // Gus (no children) has more room than Gia: with the same times, a shared time goes to him first.
    expect((await asGus('PUT', '/api/guide/interview-times', GIA_TIMES)).status).toBe(200);
    const shared = takeGiaSlot();
    const [dee, eve] = [await family('Dee'), await family('Eve')];
    const first = await book(cal, shared);
    const second = await book(dee, shared);
    const third = await book(eve, shared);
    expect([first.status, first.json.guideName]).toEqual([201, 'Gus Guide']);
    expect([second.status, second.json.guideName]).toEqual([201, 'Gia Guide']);
    expect([third.status, third.json.error?.code]).toEqual([409, 'slot_taken']);
    expect((await asGus('PUT', '/api/guide/interview-times', { windows: null, timeZone: null })).status).toBe(
      200,
    );
  });

  it('answers 404 for another family’s child', async () => {
    const other = await family('Fay');
    const res = await other.as('GET', `/api/interviews/slots?childId=${ada.childId}`);
    expect(res.status).toBe(404);
    expect(
      (await other.as('POST', '/api/interviews', { startsAt: takeGiaSlot(), childId: ada.childId })).status,
    ).toBe(404);
  });

  it('gives a guide’s time to exactly one of two families booking it at the same moment', {
    timeout: RACE_TIMEOUT,
  }, async () => {
    const pair = [await family('Gil', gia.user.id), await family('Hal', gia.user.id)];
    await raceRounds(async () => {
      const startsAt = takeGiaSlot();
      const answers = await atOnce(pair.map((f) => () => book(f, startsAt)));
      const winner = onlyWinner(answers, (a) => a.status === 201);
      expect(answers[1 - winner]?.json.error?.code).toBe('slot_taken');
      expect(await bookedWith(gia.user.id, startsAt)).toHaveLength(1);
      const cancelled = await pair[winner]?.as('DELETE', `/api/interviews/${answers[winner]?.json.id}`);
      expect(cancelled?.status).toBe(200);
    });
  });
});
