import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { passages, recordingScores, recordings } from '~/platform/db/schema.server';
import { type GradeFacts, NORMS_CAVEAT, NORMS_SOURCE, normsFor, schoolGrade, seasonOf } from './fluency';
import type { FluencyTrend } from './readAloud.schema';
import { accuracyOf } from './runningRecord';

/**
 * A child's words correct per minute over the recordings their guide marked, oldest first, with the
 * norms for the child's grade and today's season (the family's chart, and the reports).
 */
export async function fluencyTrend(
  db: Db,
  child: GradeFacts & { id: string },
  now = new Date(),
): Promise<FluencyTrend> {
  const rows = await db
    .select({ recording: recordings, title: passages.title, score: recordingScores })
    .from(recordingScores)
    .innerJoin(recordings, eq(recordings.id, recordingScores.recordingId))
    .leftJoin(passages, eq(passages.id, recordings.passageId))
    .where(eq(recordingScores.childId, child.id))
    .orderBy(asc(recordings.createdAt), asc(recordings.id));
  const grade = schoolGrade(child, now);
  const season = seasonOf(now);
  return {
    grade,
    gradeEstimated: child.schoolGrade === undefined || child.schoolGrade === null,
    season,
    norms: normsFor(grade, season),
    source: NORMS_SOURCE,
    caveat: NORMS_CAVEAT,
    points: rows.map(({ recording, title, score }) => ({
      recordingId: recording.id,
      at: recording.createdAt.toISOString(),
      passageTitle: title,
      wordsCorrectPerMinute: score.wordsCorrectPerMinute,
      accuracy: accuracyOf(score.words, score.errors),
    })),
  };
}
