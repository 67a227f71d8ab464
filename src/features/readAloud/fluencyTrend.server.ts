import { and, asc, eq, gte, isNotNull, or } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { passages, recordingHeard, recordingScores, recordings } from '~/platform/db/schema.server';
import { type GradeFacts, NORMS_CAVEAT, NORMS_SOURCE, normsFor, schoolGrade, seasonOf } from './fluency';
import { TRUST } from './listening/heardReading';
import type { FluencyTrend } from './readAloud.schema';
import { accuracyOf } from './runningRecord';

type Counted = Pick<typeof recordingScores.$inferSelect, 'words' | 'errors' | 'wordsCorrectPerMinute'>;

/** A reading's figures: the guide's marks when they have marked it, else what listening heard. */
function countedFigures(score: Counted | null, heard: (Counted & { confidence: number }) | null) {
  const counted = score ?? heard;
  if (!counted) return null;
  return {
    countedBy: score ? ('guide' as const) : ('listening' as const),
    confidence: score ? null : (heard?.confidence ?? null),
    wordsCorrectPerMinute: counted.wordsCorrectPerMinute,
    accuracy: accuracyOf(counted.words, counted.errors),
  };
}

/**
 * A child's words correct per minute over their counted readings, oldest first: those their guide
 * marked, and those listening on the device heard surely enough (the guide's marks win where there
 * are both). With the norms for the child's grade and today's season (the family's chart, the reports).
 */
export async function fluencyTrend(
  db: Db,
  child: GradeFacts & { id: string },
  now = new Date(),
): Promise<FluencyTrend> {
  const rows = await db
    .select({ recording: recordings, title: passages.title, score: recordingScores, heard: recordingHeard })
    .from(recordings)
    .leftJoin(recordingScores, eq(recordingScores.recordingId, recordings.id))
    .leftJoin(
      recordingHeard,
      and(eq(recordingHeard.recordingId, recordings.id), gte(recordingHeard.confidence, TRUST.minConfidence)),
    )
    .leftJoin(passages, eq(passages.id, recordings.passageId))
    .where(
      and(
        eq(recordings.childId, child.id),
        or(isNotNull(recordingScores.recordingId), isNotNull(recordingHeard.recordingId)),
      ),
    )
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
    points: rows.flatMap(({ recording, title, score, heard }) => {
      const figures = countedFigures(score, heard);
      if (!figures) return [];
      return [
        { recordingId: recording.id, at: recording.createdAt.toISOString(), passageTitle: title, ...figures },
      ];
    }),
  };
}
