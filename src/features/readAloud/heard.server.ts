import { eq } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { passages, recordingHeard } from '~/platform/db/schema.server';
import { conflict, invalid, notFound } from '~/platform/errors';
import { passageWords } from './readAloud';
import type { HeardFigures, HeardInput } from './readAloud.schema';
import { findRecording, heardFigures } from './readAloud.server';
import { recordRefusals, scoreRunningRecord } from './runningRecord';

/**
 * Saves what listening on the device heard in one of this child's attempts (again after a
 * correction: the last save counts): the marks are checked against the passage as a guide's are,
 * and the figures are worked out here. 404 for another family's attempt; 409 when the passage has
 * since been removed.
 */
export async function saveHeard(
  db: Db,
  childId: string,
  recordingId: string,
  input: HeardInput,
): Promise<HeardFigures> {
  const recording = await findRecording(db, childId, recordingId);
  if (!recording) throw notFound('That attempt');
  const [passage] = recording.passageId
    ? await db.select({ text: passages.text }).from(passages).where(eq(passages.id, recording.passageId))
    : [];
  if (!passage) throw conflict('This attempt’s passage was removed, so its words cannot be marked.');
  const wordCount = passageWords(passage.text).length;
  const fields = recordRefusals(input, wordCount, recording.durationMs);
  if (input.corrected > wordCount) fields.corrected = `The passage has ${wordCount} words.`;
  if (Object.keys(fields).length > 0) throw invalid(fields);
  const score = scoreRunningRecord({ ...input, wordCount });
  const values = {
    recordingId,
    marks: input.marks.map((m) => ({ word: m.word, kind: m.kind })),
    lastWord: input.lastWord,
    readingMs: input.readingMs,
    confidence: input.confidence,
    corrected: input.corrected,
    words: score.words,
    errors: score.errors,
    wordsCorrect: score.wordsCorrect,
    wordsCorrectPerMinute: score.wordsCorrectPerMinute,
  };
  const [row] = await db
    .insert(recordingHeard)
    .values(values)
    .onConflictDoUpdate({ target: recordingHeard.recordingId, set: values })
    .returning();
  if (!row) throw new Error('The heard reading was not saved');
  return heardFigures(row);
}
