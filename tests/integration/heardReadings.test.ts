import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passages, recordingHeard } from '../../src/platform/db/schema.server';
import { call, familyWithChild, fileApi } from './harness';

const { database, api } = await fileApi({ media: 'heard' });
const [passage] = await database.db
  .insert(passages)
  .values({
    title: 'The Garden Gate',
    readingLevel: 'sprout',
    text: 'Sam has a red gate. The gate goes creak.',
    wordCount: 9,
  })
  .returning();
const family = (name: string) =>
  familyWithChild(api, { firstName: name, ageBand: '4-6', readingLevel: 'sprout' });
const [parent, other] = await Promise.all([family('Theo'), family('Ada')]);

/** An attempt of 6 seconds without a recording (the figures only), as the page saves one. */
async function attempt() {
  const res = await call(
    api,
    'POST',
    `/api/children/${parent.childId}/recordings?passageId=${passage?.id}&durationMs=6000`,
    {
      token: parent.token,
    },
  );
  return String(res.json.id);
}

const heardPath = (id: string, childId = parent.childId) => `/api/children/${childId}/recordings/${id}/heard`;
const HEARD = {
  marks: [{ word: 4, kind: 'omission' }],
  lastWord: null,
  readingMs: 4500,
  confidence: 0.84,
  corrected: 1,
};

describe('what listening on the device heard', () => {
  it('is saved with the figures worked out here, and shown in the child’s history', async () => {
    const id = await attempt();
    const res = await call(api, 'PUT', heardPath(id), { token: parent.token, body: HEARD });
    expect(res.status).toBe(200);
    // 9 words, one missed, in 4.5 s: 8 right, 107 a minute.
    expect(res.json).toEqual({
      accuracy: 8 / 9,
      wordsCorrectPerMinute: 107,
      errors: 1,
      words: 9,
      confidence: 0.84,
      corrected: 1,
    });
    const history = await call(api, 'GET', `/api/children/${parent.childId}/recordings`, {
      token: parent.token,
    });
    expect((history.json as unknown as { id: string; heard: unknown; hasAudio: boolean }[])[0]).toMatchObject(
      {
        id,
        hasAudio: false,
        heard: { wordsCorrectPerMinute: 107, confidence: 0.84 },
      },
    );
  });

  it('is in the family’s export, marks and all, and nobody else’s', async () => {
    const id = await attempt();
    await call(api, 'PUT', heardPath(id), { token: parent.token, body: HEARD });
    const exported = JSON.stringify((await call(api, 'GET', '/api/me/export', { token: parent.token })).json);
    expect(exported).toContain('"heardOnDevice":{');
    expect(exported).toMatch(/"marks":\[{("word":4,"kind":"omission"|"kind":"omission","word":4)}\]/);
    expect(exported).toContain('"confidence":0.84');
    const theirs = JSON.stringify((await call(api, 'GET', '/api/me/export', { token: other.token })).json);
    expect(theirs).not.toContain('"confidence":0.84');
  });

  it('is replaced by a later save (a correction), and goes with its attempt', async () => {
    const id = await attempt();
    await call(api, 'PUT', heardPath(id), { token: parent.token, body: HEARD });
    const again = await call(api, 'PUT', heardPath(id), {
      token: parent.token,
      body: { ...HEARD, marks: [] },
    });
    expect(again.json).toMatchObject({ errors: 0, wordsCorrectPerMinute: 120 });
    await call(api, 'DELETE', `/api/children/${parent.childId}/recordings/${id}`, { token: parent.token });
    expect(await database.db.select().from(recordingHeard).where(eq(recordingHeard.recordingId, id))).toEqual(
      [],
    );
  });

  it('refuses marks off the passage, a time longer than the attempt or too quick, and an unsure value out of range, naming the field', async () => {
    const id = await attempt();
    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await call(api, 'PUT', heardPath(id), { token: parent.token, body: { ...HEARD, ...body } });
      expect(res.status, field).toBe(400);
      expect(res.json.error?.fields, field).toHaveProperty(field);
    };
    await refused({ marks: [{ word: 9, kind: 'omission' }] }, 'marks');
    await refused({ marks: [{ word: 2, kind: 'substitution' }] }, 'marks.0.kind');
    await refused({ readingMs: 9000 }, 'readingMs');
    await refused({ readingMs: 1000 }, 'readingMs');
    await refused({ confidence: 1.5 }, 'confidence');
    await refused({ lastWord: 12 }, 'lastWord');
    await refused({ corrected: 50 }, 'corrected');
    expect(await database.db.select().from(recordingHeard).where(eq(recordingHeard.recordingId, id))).toEqual(
      [],
    );
  });

  it('answers 404 for another family’s attempt and 409 once the passage is gone', async () => {
    const id = await attempt();
    const foreign = await call(api, 'PUT', heardPath(id, other.childId), { token: other.token, body: HEARD });
    expect(foreign.status).toBe(404);
    const mine = await call(api, 'PUT', heardPath(id), { token: other.token, body: HEARD });
    expect(mine.status).toBe(404);
    const [gone] = await database.db
      .insert(passages)
      .values({
        title: 'Soon gone',
        readingLevel: 'sprout',
        text: 'One two three four five six seven eight nine.',
        wordCount: 9,
      })
      .returning();
    const res = await call(
      api,
      'POST',
      `/api/children/${parent.childId}/recordings?passageId=${gone?.id}&durationMs=6000`,
      {
        token: parent.token,
      },
    );
    await database.db.delete(passages).where(eq(passages.id, String(gone?.id)));
    const orphan = await call(api, 'PUT', heardPath(String(res.json.id)), {
      token: parent.token,
      body: HEARD,
    });
    expect(orphan.status).toBe(409);
  });
});
