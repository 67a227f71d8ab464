import { eq } from 'drizzle-orm';
import { passageWords } from '~/features/readAloud/readAloud';
import { scoreRunningRecord } from '~/features/readAloud/runningRecord';
import type { Tx } from '~/platform/db/client.server';
import { passages, recordingHeard, recordings } from '~/platform/db/schema.server';
import { at, DEMO_PORTFOLIO } from './demoContent';

/**
 * Maya's two portfolio readings so far, four weeks apart and saved as figures only: the practice
 * page shows them side by side, and the next one is open today.
 */
export async function seedDemoPortfolio(tx: Tx, childId: string) {
  const [passage] = await tx.select().from(passages).where(eq(passages.title, DEMO_PORTFOLIO.passage));
  if (!passage) throw new Error(`the demo portfolio passage "${DEMO_PORTFOLIO.passage}" is missing`);
  const wordCount = passageWords(passage.text).length;
  for (const reading of DEMO_PORTFOLIO.readings) {
    const [recording] = await tx
      .insert(recordings)
      .values({
        childId,
        passageId: passage.id,
        durationMs: reading.durationMs,
        wordsPerMinute: Math.round((wordCount * 60_000) / reading.durationMs),
        portfolio: true,
        createdAt: at(reading.day, 18, 10),
      })
      .returning();
    if (!recording) throw new Error('the demo portfolio reading was not saved');
    const marks = reading.missed.map((word) => ({ word, kind: 'omission' as const }));
    const score = scoreRunningRecord({ marks, wordCount, readingMs: reading.readingMs });
    await tx.insert(recordingHeard).values({
      recordingId: recording.id,
      marks,
      lastWord: null,
      readingMs: reading.readingMs,
      confidence: reading.confidence,
      words: score.words,
      errors: score.errors,
      wordsCorrect: score.wordsCorrect,
      wordsCorrectPerMinute: score.wordsCorrectPerMinute,
    });
  }
}
