import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { notificationDto } from '~/features/notifications/notifications.server';
import { readingStats } from '~/features/reading/readingStats.server';
import { gradeIn, schoolYearOf, utcDay } from '~/platform/days';
import type { Db } from '~/platform/db/client.server';
import { onlyRow } from '~/platform/db/client.server';
import {
  children,
  eventRegistrations,
  notifications,
  progressReports,
  recordings,
} from '~/platform/db/schema.server';
import { conflict } from '~/platform/errors';
import type { ChildRow } from '~/platform/identity/accounts.server';
import { removeFilesNow, scheduleFileDeletions } from '~/platform/storage/fileDeletions.server';
import type { Storage as MediaStorage } from '~/platform/storage/storage';
import type { ChildDto, ChildInput, ChildProgramDto } from './children.schema';
import { programsOfChildren } from './programs.server';

const RECENT_NOTIFICATIONS = 20;
type NotificationRow = typeof notifications.$inferSelect;

/** The grade as given, with the school year it was given in (so it moves up each August). */
const gradeColumns = (input: ChildInput) => {
  const grade = input.schoolGrade ?? null;
  return { schoolGrade: grade, schoolGradeYear: grade === null ? null : schoolYearOf(new Date()) };
};

/** The child's school grade today, if the family gave one. */
export const currentGrade = (child: Pick<ChildRow, 'schoolGrade' | 'schoolGradeYear'>, day = new Date()) =>
  child.schoolGrade === null || child.schoolGradeYear === null
    ? null
    : gradeIn({ grade: child.schoolGrade, schoolYear: child.schoolGradeYear }, day);

export async function updateChild(db: Db, userId: string, childId: string, input: ChildInput) {
  const [row] = await db
    .update(children)
    .set({
      firstName: input.firstName,
      birthYear: input.birthYear ?? null,
      ageBand: input.ageBand ?? null,
      ...gradeColumns(input),
      readingLevel: input.readingLevel,
      // A level the parent sets by hand is a new start for the weekly plans' review of the ratings.
      placementBasis: sql`case when ${children.readingLevel} = ${input.readingLevel} then ${children.placementBasis} else null end`,
      placedAt: sql`case when ${children.readingLevel} = ${input.readingLevel} then ${children.placedAt} else now() end`,
      interests: input.interests ?? [],
      updatedAt: sql`now()`,
    })
    .where(and(eq(children.id, childId), eq(children.userId, userId)))
    .returning();
  return row;
}

/**
 * Gives back the event seats the children hold (upcoming or past alike, so counts stay true) and
 * answers the stored files to remove once the database change has committed: the recordings, and
 * the progress reports and certificates.
 */
export async function releaseChildren(tx: Db, childIds: string[]): Promise<string[]> {
  if (childIds.length === 0) return [];
  await tx.execute(sql`
    update events e set seats_taken = greatest(0, e.seats_taken - r.n), updated_at = now()
    from (select event_id, count(*)::int as n from event_registrations
          where ${inArray(eventRegistrations.childId, childIds)} group by event_id) r
    where e.id = r.event_id`);
  const files = await tx
    .select({ path: recordings.audioPath })
    .from(recordings)
    .where(inArray(recordings.childId, childIds));
  const reports = await tx
    .select({ pdf: progressReports.pdfPath, certificate: progressReports.certificatePath })
    .from(progressReports)
    .where(inArray(progressReports.childId, childIds));
  return [...files.map((f) => f.path), ...reports.flatMap((r) => [r.pdf, r.certificate])].filter(
    (p): p is string => Boolean(p),
  );
}

/**
 * Removes one child and everything about them: reading, recordings (files too), notifications, seats.
 * `alsoInTransaction` runs inside the same transaction once the child is gone (the admin console
 * writes its audit line there, so the deletion and its record commit together).
 */
export async function deleteChild(
  db: Db,
  storage: MediaStorage,
  userId: string,
  childId: string,
  alsoInTransaction?: (tx: Db) => Promise<void>,
) {
  const files = await db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: children.id })
      .from(children)
      .where(and(eq(children.id, childId), eq(children.userId, userId)))
      .for('update');
    if (!own) return null;
    const paths = await releaseChildren(tx, [childId]);
    // The recordings' files go once the rows have (a row pointing at a missing file would be
    // worse than the reverse), and are retried until they do (fileDeletions.server.ts).
    await scheduleFileDeletions(tx, paths);
    await tx.delete(children).where(eq(children.id, childId));
    await alsoInTransaction?.(tx);
    return paths;
  });
  if (files === null) return false;
  await removeFilesNow(db, storage, files);
  return true;
}

export async function listChildren(db: Db, userId: string): Promise<ChildRow[]> {
  return db.select().from(children).where(eq(children.userId, userId)).orderBy(children.createdAt);
}

export async function countChildren(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(children)
    .where(eq(children.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Adds a child unless the family already has `limit`: the family's row is locked while counting,
 * so two requests at the same moment cannot both take the last place.
 */
export async function createChildWithinLimit(
  db: Db,
  userId: string,
  input: ChildInput,
  limit: number,
): Promise<ChildRow> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    if ((await countChildren(tx, userId)) >= limit)
      throw conflict(`A family account can hold up to ${limit} children.`);
    return createChild(tx, userId, input);
  });
}

export async function createChild(db: Db, userId: string, input: ChildInput): Promise<ChildRow> {
  const child = onlyRow(
    await db
      .insert(children)
      .values({
        userId,
        firstName: input.firstName,
        birthYear: input.birthYear ?? null,
        ageBand: input.ageBand ?? null,
        ...gradeColumns(input),
        readingLevel: input.readingLevel,
        interests: input.interests ?? [],
      })
      .returning(),
  );
  return child;
}

async function recentNotifications(db: Db, childIds: string[]): Promise<Map<string, NotificationRow[]>> {
  const byChild = new Map<string, NotificationRow[]>();
  if (childIds.length === 0) return byChild;
  const rows = await db
    .select()
    .from(notifications)
    .where(inArray(notifications.childId, childIds))
    .orderBy(desc(notifications.createdAt))
    .limit(RECENT_NOTIFICATIONS * childIds.length);
  for (const row of rows) {
    const list = byChild.get(row.childId) ?? [];
    if (list.length < RECENT_NOTIFICATIONS) list.push(row);
    byChild.set(row.childId, list);
  }
  return byChild;
}

type ReadingStats = { readingThisWeek: number; streakDays: number };

type Programs = { current: ChildProgramDto | null; queued: ChildProgramDto[] };

/**
 * Each child's programs that have not ended: the one running now (never hidden behind one bought
 * after it) and those queued, in the order they will run.
 */
async function programsOf(db: Db, childIds: string[]): Promise<Map<string, Programs>> {
  const found = new Map<string, Programs>();
  const now = new Date();
  const rows = await programsOfChildren(db, childIds, now);
  for (const row of rows) {
    const programs = found.get(row.childId) ?? { current: null, queued: [] };
    const program = {
      planName: row.planName,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    };
    if (!programs.current && row.startsAt <= now) programs.current = program;
    else programs.queued.push(program);
    found.set(row.childId, programs);
  }
  return found;
}

function childDto(
  child: ChildRow,
  notes: NotificationRow[],
  reading: ReadingStats | undefined,
  programs: Programs | undefined,
): ChildDto {
  return {
    _id: child.id,
    name: child.firstName,
    birthYear: child.birthYear,
    ageBand: child.ageBand,
    schoolGrade: currentGrade(child),
    readingLevel: child.readingLevel,
    interests: child.interests,
    notifications: notes.map(notificationDto),
    readingThisWeek: reading?.readingThisWeek ?? 0,
    streakDays: reading?.streakDays ?? 0,
    subscription: programs?.current ?? null,
    queued: programs?.queued ?? [],
  };
}

/** The children as the API answers them; a few queries for the whole family, whatever its size. */
export async function childrenDtos(db: Db, rows: ChildRow[]): Promise<ChildDto[]> {
  const ids = rows.map((c) => c.id);
  // "This week" and "today" by the server's UTC date: the cards are a glance, the log page is exact.
  const [notes, reading, programs] = await Promise.all([
    recentNotifications(db, ids),
    readingStats(db, ids, utcDay(new Date())),
    programsOf(db, ids),
  ]);
  return rows.map((c) => childDto(c, notes.get(c.id) ?? [], reading.get(c.id), programs.get(c.id)));
}
