import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { passages, recordingHeard, recordingScores, recordings } from '~/platform/db/schema.server';
import type { ReadingLevel } from '~/platform/domain';
import { DomainError, notFound } from '~/platform/errors';
import { mediaUrlOf } from '~/platform/storage/mediaUrl.server';
import type { Storage } from '~/platform/storage/storage';
import { loadDictionary, pronounce } from './listening/pronunciations.server';
import {
  passageWords,
  RECORDING_TYPES,
  RECORDINGS_PREFIX,
  type RecordingType,
  readingRate,
} from './readAloud';
import type { HeardFigures, Passage, PassageListening, RecordingDto } from './readAloud.schema';
import { accuracyOf } from './runningRecord';

type PassageRow = typeof passages.$inferSelect;
type RecordingRow = typeof recordings.$inferSelect;

/** How many attempts a child's history shows, newest first. */
const RECORDINGS_SHOWN = 100;

export const passageDto = (p: PassageRow): Passage => ({
  id: p.id,
  title: p.title,
  level: p.readingLevel,
  text: p.text,
  wordCount: p.wordCount,
  audioUrl: mediaUrlOf(p.audioPath),
  portfolio: p.portfolio,
});

/** The passages to practise (the voice portfolio's stay out of practice, so they stay unpracticed). */
export async function listPassages(db: Db, level?: ReadingLevel): Promise<Passage[]> {
  const rows = await db
    .select()
    .from(passages)
    .where(and(eq(passages.portfolio, false), level ? eq(passages.readingLevel, level) : undefined))
    .orderBy(asc(passages.readingLevel), asc(passages.title));
  return rows.map(passageDto);
}

/** The passage an attempt was read from; one not in the library is refused, naming the field. */
export async function passageToRead(db: Db, id: string): Promise<PassageRow> {
  const [row] = await db.select().from(passages).where(eq(passages.id, id)).limit(1);
  if (!row) {
    throw new DomainError('validation_failed', 'That passage is not in our library.', {
      passageId: 'Choose a passage from the list.',
    });
  }
  return row;
}

/** How each word of a passage may be said (listening on the device); 404 for a passage not in the library. */
export async function passageListening(db: Db, id: string): Promise<PassageListening> {
  const [row] = await db.select({ text: passages.text }).from(passages).where(eq(passages.id, id)).limit(1);
  if (!row) throw notFound('That passage');
  return { pronunciations: pronounce(await loadDictionary(), passageWords(row.text)) };
}

type ScoreRow = typeof recordingScores.$inferSelect;

/** The figures of a saved heard reading, as the family's history shows them. */
export const heardFigures = (row: typeof recordingHeard.$inferSelect): HeardFigures => ({
  accuracy: accuracyOf(row.words, row.errors),
  wordsCorrectPerMinute: row.wordsCorrectPerMinute,
  errors: row.errors,
  words: row.words,
  confidence: row.confidence,
  corrected: row.corrected,
});

export const recordingDto = (
  r: RecordingRow,
  passageTitle: string | null,
  score: ScoreRow | null = null,
  heard: typeof recordingHeard.$inferSelect | null = null,
): RecordingDto => ({
  id: r.id,
  passageId: r.passageId,
  passageTitle,
  durationMs: r.durationMs,
  wordsPerMinute: r.wordsPerMinute,
  hasAudio: r.audioPath !== null,
  portfolio: r.portfolio,
  createdAt: r.createdAt.toISOString(),
  heard: heard && heardFigures(heard),
  runningRecord: score && {
    accuracy: accuracyOf(score.words, score.errors),
    wordsCorrectPerMinute: score.wordsCorrectPerMinute,
    errors: score.errors,
    selfCorrections: score.selfCorrections,
    fluency: score.fluency,
    note: score.note,
    guideName: score.guideName,
  },
});

/** A child's attempts, newest first, with the title of the passage read. */
export async function listRecordings(db: Db, childId: string): Promise<RecordingDto[]> {
  const rows = await db
    .select({ recording: recordings, title: passages.title, score: recordingScores, heard: recordingHeard })
    .from(recordings)
    .leftJoin(passages, eq(passages.id, recordings.passageId))
    .leftJoin(recordingScores, eq(recordingScores.recordingId, recordings.id))
    .leftJoin(recordingHeard, eq(recordingHeard.recordingId, recordings.id))
    .where(eq(recordings.childId, childId))
    .orderBy(desc(recordings.createdAt), desc(recordings.id))
    .limit(RECORDINGS_SHOWN);
  return rows.map((r) => recordingDto(r.recording, r.title, r.score, r.heard));
}

/** One attempt of this child, or undefined (another child's attempt is indistinguishable from none). */
export async function findRecording(
  db: Db,
  childId: string,
  recordingId: string,
): Promise<RecordingRow | undefined> {
  const [row] = await db
    .select()
    .from(recordings)
    .where(and(eq(recordings.id, recordingId), eq(recordings.childId, childId)))
    .limit(1);
  return row;
}

/** A recording's audio as the answer to its request, never cached; 404 without audio (or its file). */
export async function recordingAudio(
  storage: Storage,
  row: Pick<RecordingRow, 'audioPath' | 'audioType'> | undefined,
): Promise<Response> {
  const stored = row?.audioPath ? await storage.stat(row.audioPath) : null;
  if (!row?.audioPath || !stored) throw notFound('That recording');
  const body = await storage.read(row.audioPath);
  return new Response(body, {
    status: 200,
    headers: {
      'Content-Type': row.audioType ?? stored.contentType,
      'Content-Length': String(stored.size),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
      'Content-Disposition': 'inline',
    },
  });
}

/** Where a new recording of this child is stored: a random name nobody can guess or list. */
function recordingKey(childId: string, type: RecordingType): string {
  return `${RECORDINGS_PREFIX}${childId}/${randomUUID()}.${RECORDING_TYPES[type]}`;
}

/**
 * Saves an attempt; words per minute come from the passage's word count and the duration, never
 * from the browser. The audio is written first and removed again if the row cannot be saved.
 */
export async function saveRecording(
  db: Db,
  storage: Storage,
  input: {
    childId: string;
    passage: PassageRow;
    durationMs: number;
    audio?: { bytes: Uint8Array; type: RecordingType } | undefined;
    /** A reading for the child's voice portfolio (checked by `portfolioReadingCheck`). */
    portfolio?: boolean;
  },
): Promise<RecordingDto> {
  const key = input.audio ? recordingKey(input.childId, input.audio.type) : null;
  if (key && input.audio) await storage.put(key, input.audio.bytes);
  try {
    const [row] = await db
      .insert(recordings)
      .values({
        childId: input.childId,
        passageId: input.passage.id,
        durationMs: input.durationMs,
        wordsPerMinute: readingRate(input.passage.wordCount, input.durationMs, input.audio !== undefined),
        audioPath: key,
        audioType: input.audio?.type ?? null,
        portfolio: input.portfolio ?? false,
      })
      .returning();
    if (!row) throw new Error('The attempt was not saved');
    return recordingDto(row, input.passage.title);
  } catch (error) {
    if (key) await storage.delete(key).catch(() => {});
    throw error;
  }
}

/**
 * Deletes one attempt and its audio; false when this child has no such attempt. The file goes
 * first: if that fails, the attempt stays listed and can be deleted again.
 */
export async function deleteRecording(
  db: Db,
  storage: Storage,
  childId: string,
  recordingId: string,
): Promise<boolean> {
  const row = await findRecording(db, childId, recordingId);
  if (!row) return false;
  if (row.audioPath) await storage.delete(row.audioPath);
  await db.delete(recordings).where(and(eq(recordings.id, row.id), eq(recordings.childId, childId)));
  return true;
}

/**
 * Removes every recording of a child: the audio files, then the rows. Call it before deleting
 * the child (the database's cascade removes rows, but it cannot reach the files). Answers how
 * many files were removed.
 */
export async function deleteChildRecordings(db: Db, storage: Storage, childId: string): Promise<number> {
  const rows = await db
    .select({ audioPath: recordings.audioPath })
    .from(recordings)
    .where(and(eq(recordings.childId, childId), isNotNull(recordings.audioPath)));
  for (const { audioPath } of rows) if (audioPath) await storage.delete(audioPath);
  await db.delete(recordings).where(eq(recordings.childId, childId));
  return rows.length;
}
