import { readFile } from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import { makeWeeklyPlan } from '~/features/program/weeklyPlans.server';
import { passageWords, RECORDINGS_PREFIX } from '~/features/readAloud/readAloud';
import { type Miscue, scoreRunningRecord } from '~/features/readAloud/runningRecord';
import type { Db, Tx } from '~/platform/db/client.server';
import {
  children,
  guideAssignments,
  guideNotes,
  guides,
  passages,
  recordingScores,
  recordings,
  subscriptions,
  users,
  weeklyPlans,
} from '~/platform/db/schema.server';
import type { Storage } from '~/platform/storage/storage';
import { DEMO_ACCOUNTS } from './demoAccounts';
import { at, DEMO_BEHIND_READER } from './demoContent';

const RECORDINGS = new URL('./media/recordings/', import.meta.url);
const PASSAGE = 'The Lighthouse Keeper';

/**
 * Maya's three read-alouds of "The Lighthouse Keeper" (speech-synthesised, see
 * media/recordings/README.md), oldest first: the first two marked by the demo guide, the last
 * waiting. Each mark names its word as the passage has it, found by place.
 */
const TAKES = [
  {
    file: 'maya-lighthouse-1.mp3',
    durationMs: 28_700,
    day: -12,
    fluency: 2,
    marks: [
      ['slipped', 'substitution', 'slid'],
      ['great', 'omission'],
      ['exactly', 'omission'],
    ],
    note: 'Maya read on bravely after each slip. She left out two small words (great, exactly): running a finger under the line helps the eyes keep up with the voice.',
  },
  {
    file: 'maya-lighthouse-2.mp3',
    durationMs: 27_700,
    day: -6,
    fluency: 3,
    marks: [
      ['struck', 'self_correction', 'stuck'],
      ['sweep', 'substitution', 'swept'],
    ],
    note: 'She heard herself say “stuck” and put it right on her own: exactly what strong readers do. Smoother phrasing this time, too.',
  },
  { file: 'maya-lighthouse-3.mp3', durationMs: 24_200, day: -1, fluency: null, marks: [], note: '' },
] as const;

/** The mark on the first passage word spelled `word` (its punctuation aside). */
function markOn(
  words: readonly string[],
  [word, kind, said]: readonly [string, Miscue['kind'], string?],
): Miscue {
  const index = words.findIndex((w) => w.replace(/[^\p{L}]/gu, '') === word);
  if (index < 0) throw new Error(`"${word}" is not in the demo passage`);
  return { word: index, kind, ...(said ? { said } : {}) };
}

/**
 * The demo reading guide: their account row and settings, following Maya and the demo reader who
 * is behind, with Maya's recordings (two marked, one waiting to be heard).
 */
export async function seedDemoGuide(tx: Tx, storage: Storage, maya: { id: string }) {
  const account = DEMO_ACCOUNTS.guide;
  const [guide] = await tx
    .insert(users)
    .values({
      firebaseUid: account.uid,
      email: account.email,
      displayName: account.displayName,
      role: 'guide',
      privacyConsentAt: new Date(),
    })
    .returning();
  if (!guide) throw new Error('the demo guide was not created');
  await tx.insert(guides).values({ userId: guide.id, capacity: 12 });
  const followed = await tx
    .select({ id: children.id })
    .from(children)
    .where(inArray(children.id, [maya.id]))
    .union(tx.select({ id: children.id }).from(children).where(eq(children.firstName, DEMO_BEHIND_READER)));
  await tx
    .insert(guideAssignments)
    .values(followed.map((c) => ({ childId: c.id, guideId: guide.id, assignedAt: at(-3, 9) })));
  await seedMayaRecordings(tx, storage, maya.id, { id: guide.id, name: account.displayName });
}

async function seedMayaRecordings(
  tx: Tx,
  storage: Storage,
  childId: string,
  guide: { id: string; name: string },
) {
  const [passage] = await tx.select().from(passages).where(eq(passages.title, PASSAGE));
  if (!passage) throw new Error(`the demo passage "${PASSAGE}" is missing`);
  const words = passageWords(passage.text);
  for (const take of TAKES) {
    const stored = await storage.put(
      `${RECORDINGS_PREFIX}${childId}/${take.file}`,
      await readFile(new URL(take.file, RECORDINGS)),
    );
    const createdAt = at(take.day, 17, 30);
    const [recording] = await tx
      .insert(recordings)
      .values({
        childId,
        passageId: passage.id,
        durationMs: take.durationMs,
        audioPath: stored.key,
        audioType: 'audio/mpeg',
        createdAt,
      })
      .returning();
    if (!recording || take.fluency === null) continue;
    const marks = take.marks.map((m) => markOn(words, m));
    const readingMs = take.durationMs - 700;
    const score = scoreRunningRecord({ marks, wordCount: words.length, readingMs });
    await tx.insert(recordingScores).values({
      recordingId: recording.id,
      childId,
      guideId: guide.id,
      guideName: guide.name,
      marks,
      readingMs,
      fluency: take.fluency,
      note: take.note,
      words: score.words,
      errors: score.errors,
      selfCorrections: score.selfCorrections,
      wordsCorrect: score.wordsCorrect,
      wordsCorrectPerMinute: score.wordsCorrectPerMinute,
      createdAt: new Date(createdAt.getTime() + 20 * 3_600_000),
      updatedAt: new Date(createdAt.getTime() + 20 * 3_600_000),
    });
  }
}

const WEEK_NOTE =
  'Maya has made a lovely start: two short sessions already, and she chose the lighthouse story herself. This week, try reading the first page aloud together, taking turns a sentence each.';

/**
 * Maya's first week with its note from the demo guide. The week's plan is made here, as the plan job
 * would make it (makeWeeklyPlan makes it once, so the job then finds it done), so the demo shows a
 * guide's note from the first minute.
 */
export async function seedDemoWeekNote(db: Db, mayaId: string) {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.childId, mayaId));
  const [guide] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.guide.email));
  if (!subscription || !guide) return;
  await makeWeeklyPlan(db, { subscriptionId: subscription.id, weekIndex: 0 });
  const [plan] = await db
    .select({ id: weeklyPlans.id })
    .from(weeklyPlans)
    .where(and(eq(weeklyPlans.subscriptionId, subscription.id), eq(weeklyPlans.weekIndex, 0)));
  if (!plan) return;
  await db
    .insert(guideNotes)
    .values({
      planId: plan.id,
      childId: mayaId,
      guideId: guide.id,
      guideName: guide.displayName,
      body: WEEK_NOTE,
    })
    .onConflictDoNothing();
}
