import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import { passageWords } from '~/features/readAloud/readAloud';
import {
  accuracyOf,
  type Miscue,
  percentText,
  recordRefusals,
  scoreRunningRecord,
  selfCorrectionRatio,
} from '~/features/readAloud/runningRecord';
import { recordAudit } from '~/platform/admin/audit.server';
import type { Db } from '~/platform/db/client.server';
import {
  children,
  guideAssignments,
  passages,
  recordingHeard,
  recordingScores,
  recordings,
} from '~/platform/db/schema.server';
import { conflict, invalid, notFound } from '~/platform/errors';
import { nudge } from '~/platform/jobs/signals';
import { pagePath } from '~/platform/routes';
import { queueGuideMessage } from './guideEmails.server';
import type { GuideRecording, GuideRecordingDetail, RunningRecordDto, ScoreInput } from './guides.schema';
import { saveVersion } from './versionedSave';

/** The guide asking: their account id and the name families read on a score. */
export interface GuideActor {
  id: string;
  name: string;
}

/** Rows whose child the guide follows now. */
const assignedTo = (guideId: string) =>
  sql`exists (select 1 from ${guideAssignments} ga where ga.child_id = ${recordings.childId} and ga.guide_id = ${guideId}::uuid)`;

type ScoreRow = typeof recordingScores.$inferSelect;

export function runningRecordDto(row: ScoreRow): RunningRecordDto {
  return {
    marks: row.marks as Miscue[],
    lastWord: row.lastWord,
    readingMs: row.readingMs,
    fluency: row.fluency,
    note: row.note,
    words: row.words,
    errors: row.errors,
    selfCorrections: row.selfCorrections,
    wordsCorrect: row.wordsCorrect,
    accuracy: accuracyOf(row.words, row.errors),
    wordsCorrectPerMinute: row.wordsCorrectPerMinute,
    selfCorrectionRatio: selfCorrectionRatio(row.errors, row.selfCorrections),
    guideName: row.guideName,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The recordings of the guide's children: those still waiting for a running record (oldest
 * first), or every one of one child (newest first). Only attempts with audio can be heard.
 */
export async function guideRecordings(
  db: Db,
  guideId: string,
  filter: { waiting: true } | { childId: string },
): Promise<GuideRecording[]> {
  const where: SQL[] = [assignedTo(guideId), isNotNull(recordings.audioPath)];
  if ('waiting' in filter) where.push(isNull(recordingScores.recordingId));
  else where.push(eq(recordings.childId, filter.childId));
  const rows = await db
    .select({
      recording: recordings,
      childName: children.firstName,
      title: passages.title,
      score: recordingScores,
    })
    .from(recordings)
    .innerJoin(children, eq(children.id, recordings.childId))
    .leftJoin(passages, eq(passages.id, recordings.passageId))
    .leftJoin(recordingScores, eq(recordingScores.recordingId, recordings.id))
    .where(and(...where))
    .orderBy('waiting' in filter ? asc(recordings.createdAt) : desc(recordings.createdAt), asc(recordings.id))
    .limit(200);
  return rows.map(({ recording, childName, title, score }) => ({
    id: recording.id,
    childId: recording.childId,
    childName,
    passageTitle: title,
    durationMs: recording.durationMs,
    portfolio: recording.portfolio,
    createdAt: recording.createdAt.toISOString(),
    score: score
      ? {
          accuracy: accuracyOf(score.words, score.errors),
          wordsCorrectPerMinute: score.wordsCorrectPerMinute,
          fluency: score.fluency,
          guideName: score.guideName,
          updatedAt: score.updatedAt.toISOString(),
        }
      : null,
  }));
}

/** One recording of a child the guide follows, with its passage and the running record so far; else 404. */
export async function recordingForGuide(db: Db, guideId: string, recordingId: string) {
  const [row] = await db
    .select({
      recording: recordings,
      childName: children.firstName,
      passage: passages,
      score: recordingScores,
      heard: recordingHeard,
    })
    .from(recordings)
    .innerJoin(children, eq(children.id, recordings.childId))
    .leftJoin(passages, eq(passages.id, recordings.passageId))
    .leftJoin(recordingScores, eq(recordingScores.recordingId, recordings.id))
    .leftJoin(recordingHeard, eq(recordingHeard.recordingId, recordings.id))
    .where(and(eq(recordings.id, recordingId), assignedTo(guideId)))
    .limit(1);
  if (!row) throw notFound('That recording');
  return row;
}

export async function recordingDetail(
  db: Db,
  guideId: string,
  recordingId: string,
): Promise<GuideRecordingDetail> {
  const { recording, childName, passage, score, heard } = await recordingForGuide(db, guideId, recordingId);
  return {
    id: recording.id,
    childId: recording.childId,
    childName,
    passageTitle: passage?.title ?? null,
    durationMs: recording.durationMs,
    portfolio: recording.portfolio,
    createdAt: recording.createdAt.toISOString(),
    words: passage ? passageWords(passage.text) : [],
    hasAudio: recording.audioPath !== null,
    record: score ? runningRecordDto(score) : null,
    heard: heard && {
      marks: heard.marks as Miscue[],
      lastWord: heard.lastWord,
      readingMs: heard.readingMs,
      confidence: heard.confidence,
      corrected: heard.corrected,
    },
  };
}

/**
 * Saves the guide's running record of a recording: the marks checked against the passage, the
 * figures worked out here, the guide's name kept with it. A save made from an older version than
 * the one stored is refused (two tabs or two guides: the first wins, the second is told). The
 * family is told of a first score; every save is in the audit log.
 */
export async function saveRunningRecord(
  db: Db,
  guide: GuideActor,
  recordingId: string,
  input: ScoreInput,
): Promise<RunningRecordDto> {
  const { recording, childName, passage } = await recordingForGuide(db, guide.id, recordingId);
  if (!passage || recording.audioPath === null)
    throw conflict('This recording can no longer be scored: its passage or its audio was removed.');
  const words = passageWords(passage.text).length;
  const fields = recordRefusals(input, words, recording.durationMs);
  if (Object.keys(fields).length > 0) throw invalid(fields);
  const score = scoreRunningRecord({ ...input, wordCount: words });
  const values = {
    recordingId,
    childId: recording.childId,
    guideId: guide.id,
    guideName: guide.name,
    marks: input.marks.map((m) => ({ word: m.word, kind: m.kind, ...(m.said ? { said: m.said } : {}) })),
    lastWord: input.lastWord,
    readingMs: input.readingMs,
    fluency: input.fluency,
    note: input.note,
    words: score.words,
    errors: score.errors,
    selfCorrections: score.selfCorrections,
    wordsCorrect: score.wordsCorrect,
    wordsCorrectPerMinute: score.wordsCorrectPerMinute,
  };
  return db
    .transaction(async (tx) => {
      const saved = await writeScore(tx, values, input.version);
      await recordAudit(tx, guide.id, 'running_record.save', recordingId, {
        childId: recording.childId,
        version: saved.version,
      });
      if (saved.version === 1) await tellFamily(tx, saved, { guideName: guide.name, childName, passage });
      return runningRecordDto(saved);
    })
    .finally(() => nudge('email'));
}

/** A first score: the family is notified, and emailed if they asked for the guide's messages. */
async function tellFamily(
  tx: Db,
  saved: typeof recordingScores.$inferSelect,
  about: { guideName: string; childName: string; passage: { title: string } },
) {
  const accuracy = percentText(runningRecordDto(saved).accuracy);
  await notifyChild(tx, saved.childId, {
    kind: 'running_record',
    title: `${about.guideName} listened to ${about.childName}’s reading`,
    body: `${about.passage.title}: ${accuracy} of words read right, ${saved.wordsCorrectPerMinute} words correct a minute.`,
    link: pagePath('/readonance/oration'),
  });
  await queueGuideMessage(tx, saved.childId, `score:${saved.recordingId}`, {
    kind: 'score',
    guideName: about.guideName,
    passageTitle: about.passage.title,
    accuracy,
    wordsCorrectPerMinute: saved.wordsCorrectPerMinute,
    fluency: saved.fluency,
    note: saved.note,
  });
}

/** The first score (version 1), or the next version of the one the guide opened; else 409. */
async function writeScore(
  tx: Db,
  values: typeof recordingScores.$inferInsert,
  version: number,
): Promise<ScoreRow> {
  const stale = () =>
    conflict(
      'Someone saved a running record of this recording since you opened it. Reload to see theirs, then make your changes again.',
      'conflict',
      { version: 'This running record was changed since you opened it.' },
    );
  return saveVersion(
    version,
    {
      first: () => tx.insert(recordingScores).values(values).onConflictDoNothing().returning(),
      over: () =>
        tx
          .update(recordingScores)
          .set({ ...values, version: sql`${recordingScores.version} + 1`, updatedAt: sql`now()` })
          .where(
            and(eq(recordingScores.recordingId, values.recordingId), eq(recordingScores.version, version)),
          )
          .returning(),
    },
    stale,
  );
}
