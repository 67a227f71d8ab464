import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { DAY_MS } from '~/platform/days';
import type { Db } from '~/platform/db/client.server';
import { passages, recordingHeard, recordingScores, recordings } from '~/platform/db/schema.server';
import { levelsNearest, type ReadingLevel } from '~/platform/domain';
import { conflict } from '~/platform/errors';
import type { Portfolio } from './readAloud.schema';
import { passageDto, recordingDto } from './readAloud.server';

/** A voice portfolio's passage is read once every four weeks. */
export const PORTFOLIO_EVERY_DAYS = 28;
/** It opens a day early: a family that reads on the same weekday every fourth week is never turned away by an hour. */
const OPENS_AFTER_MS = (PORTFOLIO_EVERY_DAYS - 1) * DAY_MS;
/** Five years of readings, every four weeks. */
const READINGS_SHOWN = 66;

type PassageRow = typeof passages.$inferSelect;
interface PortfolioChild {
  id: string;
  firstName: string;
  readingLevel: ReadingLevel;
}

/** The child's portfolio readings, oldest first, with what their guide or listening counted. */
async function portfolioReadings(db: Db, childId: string) {
  const rows = await db
    .select({ recording: recordings, passage: passages, score: recordingScores, heard: recordingHeard })
    .from(recordings)
    .leftJoin(passages, eq(passages.id, recordings.passageId))
    .leftJoin(recordingScores, eq(recordingScores.recordingId, recordings.id))
    .leftJoin(recordingHeard, eq(recordingHeard.recordingId, recordings.id))
    .where(and(eq(recordings.childId, childId), eq(recordings.portfolio, true)))
    .orderBy(desc(recordings.createdAt), desc(recordings.id))
    .limit(READINGS_SHOWN);
  return rows.reverse();
}

/**
 * The child's portfolio passage: the one of their latest portfolio reading, while it is in the
 * library and still a portfolio passage (the same passage every time is the point); else the
 * library's portfolio passage nearest the child's level (their own, then easier, then harder).
 */
async function portfolioPassage(
  db: Db,
  child: PortfolioChild,
  readings: Awaited<ReturnType<typeof portfolioReadings>>,
): Promise<PassageRow | undefined> {
  const kept = readings.findLast((r) => r.passage?.portfolio)?.passage;
  if (kept) return kept;
  const order = levelsNearest(child.readingLevel);
  const candidates = await db
    .select()
    .from(passages)
    .where(and(eq(passages.portfolio, true), inArray(passages.readingLevel, order)))
    .orderBy(asc(passages.title), asc(passages.id));
  return order.map((level) => candidates.find((p) => p.readingLevel === level)).find(Boolean);
}

/** When the next reading may be made: four weeks after the last (a day's grace), or null for now. */
function opensAt(readings: Awaited<ReturnType<typeof portfolioReadings>>, now: Date): Date | null {
  const last = readings.at(-1)?.recording.createdAt;
  if (!last) return null;
  const opens = new Date(last.getTime() + OPENS_AFTER_MS);
  return opens > now ? opens : null;
}

/** A child's voice portfolio: their passage, when the next reading opens, and the readings so far. */
export async function childPortfolio(db: Db, child: PortfolioChild, now = new Date()): Promise<Portfolio> {
  const readings = await portfolioReadings(db, child.id);
  const passage = await portfolioPassage(db, child, readings);
  return {
    passage: passage ? passageDto(passage) : null,
    everyDays: PORTFOLIO_EVERY_DAYS,
    opensAt: opensAt(readings, now)?.toISOString() ?? null,
    readings: readings.map((r) => recordingDto(r.recording, r.passage?.title ?? null, r.score, r.heard)),
  };
}

/**
 * Whether an attempt at this passage is a portfolio reading: false for a practice passage; true
 * for the child's own portfolio passage when the next reading is open. Otherwise 409: another
 * portfolio passage, or too soon (a passage read more often would no longer be unpracticed).
 */
export async function portfolioReadingCheck(
  db: Db,
  child: PortfolioChild,
  passage: PassageRow,
  now = new Date(),
): Promise<boolean> {
  if (!passage.portfolio) return false;
  const readings = await portfolioReadings(db, child.id);
  const own = await portfolioPassage(db, child, readings);
  if (own?.id !== passage.id)
    throw conflict(`“${passage.title}” is not ${child.firstName}’s portfolio passage.`, 'conflict', {
      passageId: `${child.firstName} reads “${own?.title ?? 'another passage'}” for the voice portfolio.`,
    });
  const opens = opensAt(readings, now);
  if (opens) {
    const days = Math.ceil((opens.getTime() - now.getTime()) / DAY_MS);
    throw conflict(
      `${child.firstName}’s next portfolio reading opens in ${days === 1 ? 'a day' : `${days} days`}: the passage is read once every four weeks, so that it stays unpracticed. To read it again now, delete the last portfolio reading first.`,
    );
  }
  return true;
}
