import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passages, recordings } from '../../src/platform/db/schema.server';
import { call, familyWithChild, fileApi } from './harness';

const { database, api } = await fileApi({ media: 'portfolio' });
const { db } = database;
const passage = async (title: string, readingLevel: 'sprout' | 'sapling' | 'branch', portfolio: boolean) => {
  const [row] = await db
    .insert(passages)
    .values({
      title,
      readingLevel,
      portfolio,
      text: 'One small boat goes out to sea and comes home.',
      wordCount: 10,
    })
    .returning();
  return row?.id ?? '';
};
const practice = await passage('The Red Gate', 'sapling', false);
const boat = await passage('My Little Boat', 'sprout', true);
const kites = await passage('The Kite Festival', 'branch', true);
const family = (name: string, readingLevel = 'sapling') =>
  familyWithChild(api, { firstName: name, ageBand: '6-8', readingLevel });
const [parent, other] = await Promise.all([family('Ravi'), family('Ada', 'branch')]);

interface Portfolio {
  passage: { id: string; title: string; portfolio: boolean } | null;
  everyDays: number;
  opensAt: string | null;
  readings: { id: string; portfolio: boolean; heard: { wordsCorrectPerMinute: number } | null }[];
}
const portfolioOf = async (who = parent) =>
  (await call(api, 'GET', `/api/children/${who.childId}/portfolio`, { token: who.token }))
    .json as unknown as Portfolio;
const read = (passageId: string, who = parent) =>
  call(api, 'POST', `/api/children/${who.childId}/recordings?passageId=${passageId}&durationMs=20000`, {
    token: who.token,
  });
const readingsOf = async (childId: string) =>
  (await db.select().from(recordings).where(eq(recordings.childId, childId))).length;
/** Moves a child's portfolio readings back in time, as four weeks passing would. */
const weeksPass = (childId: string, days: number) =>
  db
    .update(recordings)
    .set({ createdAt: sql`${recordings.createdAt} - make_interval(days => ${days})` })
    .where(and(eq(recordings.childId, childId), eq(recordings.portfolio, true)));

describe('the voice portfolio', () => {
  it('keeps its passages out of practice, and gives each child the one nearest their level', async () => {
    const list = (await call(api, 'GET', '/api/passages', { token: parent.token })).json as unknown as {
      id: string;
    }[];
    expect(list.map((p) => p.id)).toEqual([practice]);
    // Ravi reads at sapling: no portfolio passage there, so the easier one (sprout) comes first.
    expect(await portfolioOf()).toEqual({
      passage: expect.objectContaining({ id: boat, title: 'My Little Boat', portfolio: true }),
      everyDays: 28,
      opensAt: null,
      readings: [],
    });
    expect((await portfolioOf(other)).passage?.id).toBe(kites);
  });

  it('takes a reading when it is open, then not again for four weeks: nothing is saved out of turn', async () => {
    const first = await read(boat);
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ portfolio: true, passageTitle: 'My Little Boat' });
    const after = await portfolioOf();
    expect(after.readings.map((r) => r.id)).toEqual([first.json.id]);
    const opens = Date.parse(after.opensAt ?? '');
    expect(opens - Date.now()).toBeGreaterThan(26 * 86_400_000);
    expect(opens - Date.now()).toBeLessThanOrEqual(27 * 86_400_000);

    const count = await readingsOf(parent.childId);
    const tooSoon = await read(boat);
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.json.error?.message).toMatch(/next portfolio reading opens in 27 days/);
    expect(await readingsOf(parent.childId)).toBe(count);
    // A practice passage is read as often as the child likes, and is no portfolio reading.
    expect((await read(practice)).json).toMatchObject({ portfolio: false });
  });

  it('opens again four weeks on; the readings come oldest first, with what listening heard', async () => {
    await weeksPass(parent.childId, 28);
    const second = await read(boat);
    expect(second.status).toBe(201);
    const heard = await call(
      api,
      'PUT',
      `/api/children/${parent.childId}/recordings/${second.json.id}/heard`,
      {
        token: parent.token,
        body: { marks: [], lastWord: null, readingMs: 15_000, confidence: 0.9 },
      },
    );
    expect(heard.status).toBe(200);
    const { readings } = await portfolioOf();
    expect(readings).toHaveLength(2);
    expect(readings[1]).toMatchObject({ id: second.json.id, heard: { wordsCorrectPerMinute: 40 } });
    // Deleting the latest reading opens the turn again (a take the family did not want to keep).
    await call(api, 'DELETE', `/api/children/${parent.childId}/recordings/${second.json.id}`, {
      token: parent.token,
    });
    expect((await portfolioOf()).opensAt).toBeNull();
  });

  it('keeps the same passage, even when one nearer the child’s level is added later', async () => {
    const nearer = await passage('The Lost Mitten', 'sapling', true);
    expect((await portfolioOf()).passage?.id).toBe(boat);
    // Another child, who has not read one yet, gets the new one at their level.
    const newcomer = await family('Lena');
    expect((await portfolioOf(newcomer)).passage?.id).toBe(nearer);
  });

  it('refuses another portfolio passage than the child’s own, naming the field', async () => {
    const res = await read(kites);
    expect(res.status).toBe(409);
    expect(res.json.error?.fields).toEqual({
      passageId: 'Ravi reads “My Little Boat” for the voice portfolio.',
    });
  });

  it('is the family’s alone', async () => {
    const theirs = await call(api, 'GET', `/api/children/${parent.childId}/portfolio`, {
      token: other.token,
    });
    expect(theirs.status).toBe(404);
    expect((await call(api, 'GET', `/api/children/${parent.childId}/portfolio`)).status).toBe(401);
  });
});

describe('the family’s chart of counted readings', () => {
  it('sets listening’s sure readings beside the guide’s, and leaves out an unsure one', async () => {
    const family2 = await family('Noor');
    const sure = await read(practice, family2);
    const unsure = await read(practice, family2);
    const put = (id: string, confidence: number) =>
      call(api, 'PUT', `/api/children/${family2.childId}/recordings/${id}/heard`, {
        token: family2.token,
        body: { marks: [{ word: 2, kind: 'omission' }], lastWord: null, readingMs: 15_000, confidence },
      });
    expect((await put(String(sure.json.id), 0.85)).status).toBe(200);
    expect((await put(String(unsure.json.id), 0.4)).status).toBe(200);
    const trend = await call(api, 'GET', `/api/children/${family2.childId}/fluency`, {
      token: family2.token,
    });
    expect(trend.json.points).toEqual([
      expect.objectContaining({
        recordingId: sure.json.id,
        countedBy: 'listening',
        confidence: 0.85,
        wordsCorrectPerMinute: 36,
      }),
    ]);
  });
});
