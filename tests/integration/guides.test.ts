import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { guideMessageEmail } from '../../src/features/guides/emails/guideMessageEmail';
import { queueGuideMessage } from '../../src/features/guides/guideEmails.server';
import type { AdminGuides } from '../../src/features/guides/guides.schema';
import { makeWeeklyPlan } from '../../src/features/program/weeklyPlans.server';
import {
  auditLog,
  books,
  emails,
  guideAssignments,
  guideNotes,
  guideSwaps,
  guides,
  notifications,
  passages,
  readingLogs,
  recordingScores,
  recordings,
  subscriptions,
  weeklyPlanBooks,
} from '../../src/platform/db/schema.server';
import { renderEmail } from '../../src/platform/email/templates.server';
import { auditEntries, call, caller, familyWithChild, fileApi, recordAttempt, teamOfGuides } from './harness';
import { programFor, weekUnderWay } from './programFixtures';

// Reading guides (issue 27): the team assigns children within each guide's capacity; a guide
// reaches only the children assigned to them and marks running records of their recordings.

const { database, api } = await fileApi({ media: 'guides-media' });
const db = database.db;
const { admin, gia, gus, asAdmin, asGia, asGus } = await teamOfGuides(api);
const child = { firstName: 'Maya', ageBand: '6-8', readingLevel: 'sapling' };
const family = await familyWithChild(api, child);
const asParent = caller(api, family.token);
/** Seven words: word 0 is "The", word 6 "hill.". */
const TEXT = 'The red fox ran up the hill.';
let passageId = '';
let recordingId = '';

const guideOf = (childId: string) =>
  db.select().from(guideAssignments).where(eq(guideAssignments.childId, childId));
const scoresOf = (id: string) => db.select().from(recordingScores).where(eq(recordingScores.recordingId, id));
const notesOf = (childId: string, kind: string) =>
  db
    .select()
    .from(notifications)
    .where(eq(notifications.childId, childId))
    .then((rows) => rows.filter((n) => n.kind === kind));

/** The guide's messages queued for Maya's parent, of one kind. */
const guideMail = async (kind: 'note' | 'score') =>
  (await db.select().from(emails).where(eq(emails.userId, family.userId))).filter(
    (e) => e.template === 'guide-message' && (e.data as { kind: string }).kind === kind,
  );

type Answer = Awaited<ReturnType<typeof call>>;
/** The rows of a page (the enrolments, a guide's children). */
const itemsOf = (res: Answer) => (res.json as unknown as { items: { childId: string }[] }).items;
const idsOf = (res: Answer) => itemsOf(res).map((r) => r.childId);
const guidesOf = (res: Answer) => (res.json as unknown as AdminGuides).guides;
const fieldsOf = (res: Answer | undefined) => res?.json.error?.fields ?? {};

beforeAll(async () => {
  await programFor(db, family.childId, { startsAt: new Date(Date.now() - 86_400_000) });
  const [passage] = await db
    .insert(passages)
    .values({ title: 'Up the hill', readingLevel: 'sapling', text: TEXT, wordCount: 7 })
    .returning();
  passageId = String(passage?.id);
  await recordAttempt(api, { token: family.token, childId: family.childId }, passageId);
  const [recording] = await db.select().from(recordings).where(eq(recordings.childId, family.childId));
  recordingId = String(recording?.id);
});

/** A family with a child in a program, for the capacity tests. */
async function enrolledChild(name: string) {
  const other = await familyWithChild(api, { ...child, firstName: name });
  await programFor(db, other.childId, { startsAt: new Date(Date.now() - 86_400_000) });
  return other.childId;
}

describe('the team assigns guides', () => {
  it('lists the guides with their load and capacity, and the children nobody follows', async () => {
    const res = await asAdmin('GET', '/api/admin/guides');
    expect(res.status).toBe(200);
    expect(guidesOf(res).map((g) => g.name)).toEqual(['Gia Guide', 'Gus Guide']);
    expect(guidesOf(res)[0]).toMatchObject({ capacity: 15, load: 0, disabled: false });
    expect(res.json.unassigned).toBeGreaterThanOrEqual(1);
  });

  it('assigns a child: the family is told, the audit log says who did it, the list shows the guide', async () => {
    const res = await asAdmin('PUT', `/api/admin/enrolments/${family.childId}/guide`, {
      guideId: gia.user.id,
    });
    expect(res.status).toBe(200);
    expect(res.json.guide).toEqual({ id: gia.user.id, name: 'Gia Guide' });
    expect(await notesOf(family.childId, 'guide')).toHaveLength(1);
    const audit = await auditEntries(database, family.childId);
    expect(audit.map((a) => [a.action, a.actorId])).toContainEqual(['guide.assign', admin.user.id]);
    const mine = await asAdmin('GET', `/api/admin/enrolments?guide=${gia.user.id}`);
    expect(idsOf(mine)).toEqual([family.childId]);
    expect(itemsOf(mine)[0]).toHaveProperty('guide');
    expect((itemsOf(mine)[0] as { guide?: unknown }).guide).toEqual({ id: gia.user.id, name: 'Gia Guide' });
    const unassigned = await asAdmin('GET', '/api/admin/enrolments?guide=unassigned&status=all');
    expect(idsOf(unassigned)).not.toContain(family.childId);
    const detail = await asAdmin('GET', `/api/admin/enrolments/${family.childId}`);
    expect(detail.json.guide).toEqual({ id: gia.user.id, name: 'Gia Guide' });
  });

  it('refuses an account that is not a guide, a child never enrolled, and a bad filter', async () => {
    const notGuide = await asAdmin('PUT', `/api/admin/enrolments/${family.childId}/guide`, {
      guideId: family.userId,
    });
    expect(notGuide.status).toBe(400);
    expect(fieldsOf(notGuide)).toHaveProperty('guideId');
    const newcomer = await familyWithChild(api, { ...child, firstName: 'Noor' });
    const never = await asAdmin('PUT', `/api/admin/enrolments/${newcomer.childId}/guide`, {
      guideId: gia.user.id,
    });
    expect(never.status).toBe(404);
    expect((await asAdmin('GET', '/api/admin/enrolments?guide=someone')).status).toBe(400);
    expect(await guideOf(family.childId)).toMatchObject([{ guideId: gia.user.id }]);
  });

  it('never assigns past a guide’s capacity, even two at the same moment', async () => {
    expect((await asAdmin('PATCH', `/api/admin/guides/${gus.user.id}`, { capacity: 0 })).status).toBe(400);
    expect((await asAdmin('PATCH', `/api/admin/guides/${gus.user.id}`, { capacity: 61 })).status).toBe(400);
    const changed = await asAdmin('PATCH', `/api/admin/guides/${gus.user.id}`, { capacity: 1 });
    expect(changed.json).toMatchObject({ capacity: 1, load: 0 });
    const [first, second] = await Promise.all([enrolledChild('Ari'), enrolledChild('Bo')]);
    const answers = await Promise.all(
      [first, second].map((id) =>
        asAdmin('PUT', `/api/admin/enrolments/${id}/guide`, { guideId: gus.user.id }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(fieldsOf(answers.find((a) => a.status === 409))).toHaveProperty('guideId');
    const [guide] = await db.select().from(guides).where(eq(guides.userId, gus.user.id));
    expect(guide?.capacity).toBe(1);
    // Room again: the child refused joins; then a capacity below the children followed is refused.
    expect((await asAdmin('PATCH', `/api/admin/guides/${gus.user.id}`, { capacity: 2 })).status).toBe(200);
    const refused = answers[0]?.status === 409 ? first : second;
    const joined = await asAdmin('PUT', `/api/admin/enrolments/${refused}/guide`, { guideId: gus.user.id });
    expect(joined.status).toBe(200);
    const below = await asAdmin('PATCH', `/api/admin/guides/${gus.user.id}`, { capacity: 1 });
    expect(below.status).toBe(409);
    expect(fieldsOf(below)).toHaveProperty('capacity');
    expect(guidesOf(await asAdmin('GET', '/api/admin/guides'))[1]).toMatchObject({ load: 2, capacity: 2 });
  });
});

describe('a guide reaches only the children assigned to them', () => {
  it('lists their own children, with the recordings waiting', async () => {
    const mine = await asGia('GET', '/api/guide/children');
    expect(mine.status).toBe(200);
    expect(itemsOf(mine)).toEqual([
      expect.objectContaining({
        childId: family.childId,
        childName: 'Maya',
        familyName: 'Sam Parent',
        waiting: 1,
      }),
    ]);
    expect(JSON.stringify(mine.json)).not.toContain('@example.com');
    // Families by name only: a search by their email finds nobody.
    const byEmail = await asGia('GET', `/api/guide/children?q=${encodeURIComponent(family.email)}`);
    expect(itemsOf(byEmail)).toEqual([]);
    expect(idsOf(await asGia('GET', '/api/guide/children?q=Sam'))).toContain(family.childId);
    const theirs = await asGus('GET', '/api/guide/children');
    expect(idsOf(theirs)).not.toContain(family.childId);
  });

  it('opens their child, its recording and its audio; another guide gets 404 for each', async () => {
    const detail = await asGia('GET', `/api/guide/children/${family.childId}`);
    expect(detail.status).toBe(200);
    expect(detail.json.recordings).toEqual([expect.objectContaining({ id: recordingId, score: null })]);
    const recording = await asGia('GET', `/api/guide/recordings/${recordingId}`);
    expect(recording.json.words).toEqual(TEXT.split(' '));
    const audio = await call(api, 'GET', `/api/guide/recordings/${recordingId}/audio`, {
      token: gia.idToken,
    });
    expect(audio.status).toBe(200);
    expect(
      ((await asGia('GET', '/api/guide/recordings')).json as unknown as { id: string }[]).map((r) => r.id),
    ).toContain(recordingId);
    for (const path of [
      `/api/guide/children/${family.childId}`,
      `/api/guide/recordings/${recordingId}`,
      `/api/guide/recordings/${recordingId}/audio`,
    ])
      expect((await asGus('GET', path)).status, path).toBe(404);
    expect((await asGus('GET', '/api/guide/recordings')).json).toEqual([]);
  });

  it('starts from what listening on the family’s device heard, until the guide saves their own marks', async () => {
    expect((await asGia('GET', `/api/guide/recordings/${recordingId}`)).json.heard).toBeNull();
    const heard = {
      marks: [{ word: 2, kind: 'omission' }],
      lastWord: null,
      readingMs: 3000,
      confidence: 0.82,
      corrected: 1,
    };
    const saved = await asParent(
      'PUT',
      `/api/children/${family.childId}/recordings/${recordingId}/heard`,
      heard,
    );
    expect(saved.status).toBe(200);
    const detail = await asGia('GET', `/api/guide/recordings/${recordingId}`);
    expect(detail.json.heard).toEqual(heard);
    expect(detail.json.record).toBeNull();
    expect((await asGus('GET', `/api/guide/recordings/${recordingId}`)).status).toBe(404);
  });

  it('keeps guides out of admin routes and payments, and parents out of guide routes', async () => {
    for (const path of [
      '/api/admin/guides',
      '/api/admin/enrolments',
      '/api/admin/test-payments',
      '/api/admin/users',
    ])
      expect((await asGia('GET', path)).status, path).toBe(403);
    for (const path of ['/api/guide/children', '/api/guide/recordings'])
      expect((await asParent('GET', path)).status, path).toBe(403);
    expect((await asGia('GET', `/api/children/${family.childId}`)).status).toBe(404);
  });
});

describe('a weekly note', () => {
  let weekId = '';
  const notePath = () => `/api/guide/children/${family.childId}/weeks/${weekId}/note`;
  beforeAll(async () => {
    weekId = await weekUnderWay(db, family.childId);
    // Maya's parent asked for the guide's scores and notes by email.
    const optIn = await asParent('PUT', '/api/me/email-preferences', { guideMessages: true });
    expect(optIn.json).toMatchObject({ guideMessages: true });
  });

  it('refuses an empty or long note, another guide and another child’s week, storing nothing', async () => {
    expect(fieldsOf(await asGia('PUT', notePath(), { body: '   ' }))).toHaveProperty('body');
    expect(fieldsOf(await asGia('PUT', notePath(), { body: 'x'.repeat(2001) }))).toHaveProperty('body');
    expect((await asGus('PUT', notePath(), { body: 'Hello' })).status).toBe(404);
    const other = await enrolledChild('Cy');
    const wrongChild = `/api/guide/children/${other}/weeks/${weekId}/note`;
    expect((await asGia('PUT', wrongChild, { body: 'Hello' })).status).toBe(404);
    expect(await db.select().from(guideNotes)).toEqual([]);
  });

  it('is saved, shown on the family’s plan, told once; two tabs: one wins', async () => {
    const first = await asGia('PUT', notePath(), { body: 'Maya read every day this week. Bravo!' });
    expect(first.json).toMatchObject({ version: 1, guideName: 'Gia Guide' });
    const plan = await asParent('GET', `/api/children/${family.childId}/plan`);
    expect(JSON.stringify(plan.json)).toContain(
      '"guideNote":{"body":"Maya read every day this week. Bravo!"',
    );
    expect(await notesOf(family.childId, 'guide_note')).toHaveLength(1);
    const answers = await Promise.all([
      asGia('PUT', notePath(), { body: 'First tab', version: 1 }),
      asGia('PUT', notePath(), { body: 'Second tab', version: 1 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(fieldsOf(answers.find((a) => a.status === 409))).toHaveProperty('version');
    expect(await notesOf(family.childId, 'guide_note')).toHaveLength(1);
    const [mail, ...more] = await guideMail('note');
    expect(more).toEqual([]);
    const rendered = await renderEmail(guideMessageEmail, mail?.data);
    expect(rendered.subject).toMatch(/^A note from Gia Guide about Maya’s week \d+$/);
    expect(rendered.text).toContain('Maya read every day this week. Bravo!');
    expect(rendered.unsubscribeUrl).toMatch(/\/email-preferences\?token=[\w-]+&list=guide$/);
    const audit = await db.select().from(auditLog).where(eq(auditLog.entityId, weekId));
    expect(audit.map((a) => a.action)).toEqual(['guide_note.save', 'guide_note.save']);
  });
});

describe('a book for the next week', () => {
  const swapPath = () => `/api/guide/children/${family.childId}/swap`;
  let fresh = '';
  let read = '';
  beforeAll(async () => {
    const made = await db
      .insert(books)
      .values([
        { title: 'The Fox and the Hill', author: 'R. Vale', readingLevel: 'sapling', topics: ['animals'] },
        { title: 'A Book Maya Read', author: 'L. Page', readingLevel: 'sapling', topics: [] },
      ])
      .returning();
    fresh = String(made[0]?.id);
    read = String(made[1]?.id);
    await db.insert(readingLogs).values({
      childId: family.childId,
      bookId: read,
      title: 'A Book Maya Read',
      readOn: new Date().toISOString().slice(0, 10),
      minutes: 20,
    });
  });

  it('refuses a book not in the catalogue or already read, an empty reason, another guide, storing nothing', async () => {
    const reason = 'She loves foxes.';
    expect(fieldsOf(await asGia('PUT', swapPath(), { bookId: randomUUID(), reason }))).toHaveProperty(
      'bookId',
    );
    const already = await asGia('PUT', swapPath(), { bookId: read, reason });
    expect(fieldsOf(already).bookId).toMatch(/has already read/);
    expect(fieldsOf(await asGia('PUT', swapPath(), { bookId: fresh, reason: ' ' }))).toHaveProperty('reason');
    expect((await asGus('PUT', swapPath(), { bookId: fresh, reason })).status).toBe(404);
    expect(await db.select().from(guideSwaps)).toEqual([]);
    const short = await enrolledChild('Dee');
    await asAdmin('PUT', `/api/admin/enrolments/${short}/guide`, { guideId: gia.user.id });
    await db
      .update(subscriptions)
      .set({ endsAt: new Date(Date.now() + 3 * 86_400_000) })
      .where(eq(subscriptions.childId, short));
    const last = await asGia('PUT', `/api/guide/children/${short}/swap`, { bookId: fresh, reason });
    expect(last.status).toBe(409);
  });

  it('waits for the next plan, which puts it first with the reason; taking it back leaves none', async () => {
    const chosen = await asGia('PUT', swapPath(), { bookId: fresh, reason: 'She loves foxes.' });
    expect(chosen.json).toMatchObject({ book: { title: 'The Fox and the Hill' }, guideName: 'Gia Guide' });
    expect((await asGia('GET', `/api/guide/children/${family.childId}`)).json.swap).toMatchObject({
      reason: 'She loves foxes.',
    });
    expect((await asGia('DELETE', swapPath())).status).toBe(204);
    expect(await db.select().from(guideSwaps)).toEqual([]);
    await asGia('PUT', swapPath(), { bookId: fresh, reason: 'She loves foxes.' });
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.childId, family.childId));
    const made = await makeWeeklyPlan(db, { subscriptionId: String(subscription?.id), weekIndex: 1 });
    expect(made.status).toBe('created');
    const planned = await db
      .select()
      .from(weeklyPlanBooks)
      .where(eq(weeklyPlanBooks.planId, 'planId' in made ? made.planId : ''))
      .orderBy(weeklyPlanBooks.position);
    expect(planned[0]?.bookId).toBe(fresh);
    // The recommender chose it too (the only Sapling book left): the guide's reason comes first.
    expect((planned[0]?.reasons as unknown[] | undefined)?.[0]).toEqual({
      kind: 'guide',
      guideName: 'Gia Guide',
      reason: 'She loves foxes.',
    });
    expect(await db.select().from(guideSwaps)).toEqual([]);
  });

  it('is not planned when the child read it since it was chosen, and waits no more', async () => {
    const [later] = await db
      .insert(books)
      .values({ title: 'The Owl at Noon', author: 'R. Vale', readingLevel: 'sapling', topics: ['animals'] })
      .returning();
    expect((await asGia('PUT', swapPath(), { bookId: later?.id, reason: 'More owls.' })).status).toBe(200);
    await db.insert(readingLogs).values({
      childId: family.childId,
      bookId: later?.id,
      title: 'The Owl at Noon',
      readOn: new Date().toISOString().slice(0, 10),
      minutes: 15,
    });
    const [subscription] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.childId, family.childId));
    const made = await makeWeeklyPlan(db, { subscriptionId: String(subscription?.id), weekIndex: 2 });
    expect(made.status).toBe('created');
    const planned = await db
      .select()
      .from(weeklyPlanBooks)
      .where(eq(weeklyPlanBooks.planId, 'planId' in made ? made.planId : ''));
    expect(planned.map((b) => b.bookId)).not.toContain(later?.id);
    expect(await db.select().from(guideSwaps)).toEqual([]);
  });
});

describe('a running record', () => {
  const record = (over: Record<string, unknown> = {}) => ({
    marks: [
      { word: 1, kind: 'substitution', said: 'big' },
      { word: 4, kind: 'self_correction' },
    ],
    readingMs: 4_000,
    fluency: 3,
    note: 'Maya fixed "up" on her own. Try the hill words again.',
    ...over,
  });

  it('refuses what cannot be right, naming the field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ marks: [{ word: 7, kind: 'omission' }] }, 'marks'],
      [{ marks: [{ word: 0, kind: 'repetition' }] }, 'marks.0.kind'],
      [{ fluency: 5 }, 'fluency'],
      [{ fluency: 0 }, 'fluency'],
      [{ note: 'x'.repeat(601) }, 'note'],
      [{ readingMs: 60_000 }, 'readingMs'],
      [{ lastWord: 7 }, 'lastWord'],
      // Seven words in a second is no reading: a slip in the time.
      [{ readingMs: 1_000 }, 'readingMs'],
      [{ version: 2 ** 31 }, 'version'],
    ];
    for (const [over, field] of cases) {
      const res = await asGia('PUT', `/api/guide/recordings/${recordingId}/record`, record(over));
      expect(res.status, field).toBe(400);
      expect(Object.keys(fieldsOf(res)), field).toContain(field);
    }
    expect(await scoresOf(recordingId)).toEqual([]);
    expect((await asGus('PUT', `/api/guide/recordings/${recordingId}/record`, record())).status).toBe(404);
  });

  it('scores the marks, tells the family once, and logs every save', async () => {
    const res = await asGia('PUT', `/api/guide/recordings/${recordingId}/record`, record());
    expect(res.status).toBe(200);
    // 7 words, 1 error, 1 self-correction: 86%, 6 words right in 4 seconds = 90 a minute, 1:2.
    expect(res.json).toMatchObject({
      words: 7,
      errors: 1,
      selfCorrections: 1,
      wordsCorrect: 6,
      wordsCorrectPerMinute: 90,
      selfCorrectionRatio: 2,
      guideName: 'Gia Guide',
      version: 1,
    });
    expect(res.json.accuracy).toBeCloseTo(6 / 7);
    const told = await notesOf(family.childId, 'running_record');
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('86% of words read right, 90 words correct a minute');
    const again = await asGia(
      'PUT',
      `/api/guide/recordings/${recordingId}/record`,
      record({ version: 1, fluency: 4 }),
    );
    expect(again.json).toMatchObject({ version: 2, fluency: 4 });
    expect(await notesOf(family.childId, 'running_record')).toHaveLength(1);
    // One email of the first score, with its figures, for the parent who asked for them.
    const [mail, ...more] = await guideMail('score');
    expect(more).toEqual([]);
    const rendered = await renderEmail(guideMessageEmail, mail?.data);
    expect(rendered.subject).toBe('Gia Guide listened to Maya’s reading');
    expect(rendered.text).toMatch(/86%\s+of the words read right/);
    expect(rendered.text).toMatch(/90\s+words correct a minute/);
    // Never for a parent who did not ask.
    const other = await enrolledChild('Dot');
    expect(
      await queueGuideMessage(db, other, 'score:x', { ...(mail?.data as object), kind: 'score' } as never),
    ).toBe(false);
    // The family sees the score beside the recording, and the trend against the norms.
    const listed = await asParent('GET', `/api/children/${family.childId}/recordings`);
    expect((listed.json as unknown as { runningRecord: unknown }[])[0]?.runningRecord).toMatchObject({
      wordsCorrectPerMinute: 90,
      fluency: 4,
      guideName: 'Gia Guide',
    });
    const trend = await asParent('GET', `/api/children/${family.childId}/fluency`);
    expect(trend.json).toMatchObject({
      grade: 2,
      points: [{ recordingId, wordsCorrectPerMinute: 90 }],
    });
    expect(String(trend.json.caveat)).toMatch(/not practised/);
    const exported = await asParent('GET', '/api/me/export');
    expect(JSON.stringify(exported.json)).toContain('"runningRecord":{');
    expect(JSON.stringify(exported.json)).toContain('"guideName":"Gia Guide"');
    const saves = await db.select().from(auditLog).where(eq(auditLog.entityId, recordingId));
    expect(saves.map((a) => [a.action, a.actorId])).toEqual([
      ['running_record.save', gia.user.id],
      ['running_record.save', gia.user.id],
    ]);
  });

  it('two tabs saving from the same version: one wins, the other is told', async () => {
    const answers = await Promise.all([
      asGia('PUT', `/api/guide/recordings/${recordingId}/record`, record({ version: 2, note: 'First tab' })),
      asGia('PUT', `/api/guide/recordings/${recordingId}/record`, record({ version: 2, note: 'Second tab' })),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.status === 200)?.json.note;
    const [stored] = await scoresOf(recordingId);
    expect(stored).toMatchObject({ version: 3, note: winner });
    expect((await asGia('PUT', `/api/guide/recordings/${recordingId}/record`, record())).status).toBe(409);
  });

  it('stays with the family when the guide is unassigned, or stops being a guide', async () => {
    const off = await asAdmin('PUT', `/api/admin/enrolments/${family.childId}/guide`, { guideId: null });
    expect(off.json.guide).toBeNull();
    expect((await asGia('GET', `/api/guide/children/${family.childId}`)).status).toBe(404);
    expect(idsOf(await asGia('GET', '/api/guide/children'))).not.toContain(family.childId);
    expect(await scoresOf(recordingId)).toMatchObject([{ guideName: 'Gia Guide', guideId: gia.user.id }]);
    await asAdmin('PUT', `/api/admin/enrolments/${family.childId}/guide`, { guideId: gia.user.id });
    expect((await asAdmin('PATCH', `/api/admin/users/${gia.user.id}`, { role: 'parent' })).status).toBe(200);
    expect(await db.select().from(guides).where(eq(guides.userId, gia.user.id))).toEqual([]);
    expect(await guideOf(family.childId)).toEqual([]);
    expect((await asGia('GET', '/api/guide/children')).status).toBe(403);
    expect(await scoresOf(recordingId)).toHaveLength(1);
  });
});
