import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { findBook } from '~/features/catalogue/books.server';
import type { Db } from '~/platform/db/client.server';
import { onlyRow } from '~/platform/db/client.server';
import { readingLogs } from '~/platform/db/schema.server';
import { invalid } from '~/platform/errors';
import type { ChildRow } from '~/platform/identity/accounts.server';
import { reachMilestones } from './milestones.server';
import { pausedDays } from './pauses.server';
import {
  type DayTotal,
  type EntryCursor,
  earliestReadingDay,
  encodeEntryCursor,
  MAX_MINUTES_PER_DAY,
  summarize,
} from './reading';
import type {
  ParsedReadingEntryInput,
  ParsedReadingEntryPatch,
  ReadingChange,
  ReadingEntry,
  ReadingLog,
} from './reading.schema';

type EntryRow = typeof readingLogs.$inferSelect;

function entryDto(row: EntryRow): ReadingEntry {
  return {
    id: row.id,
    bookId: row.bookId,
    title: row.title,
    author: row.author,
    readOn: row.readOn,
    minutes: row.minutes,
    pages: row.pages,
    rating: row.rating,
    finished: row.finished,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The child's reading per day, oldest first: everything the summary needs, a row a day. */
async function readingDays(db: Db, childId: string): Promise<DayTotal[]> {
  const rows = await db
    .select({
      day: readingLogs.readOn,
      minutes: sql<number>`sum(${readingLogs.minutes})::int`,
      pages: sql<number>`coalesce(sum(${readingLogs.pages}), 0)::int`,
      entries: sql<number>`count(*)::int`,
    })
    .from(readingLogs)
    .where(eq(readingLogs.childId, childId))
    .groupBy(readingLogs.readOn)
    .orderBy(asc(readingLogs.readOn));
  return rows.map((r) => ({
    ...r,
    minutes: Number(r.minutes),
    pages: Number(r.pages),
    entries: Number(r.entries),
  }));
}

// The list is sorted by creation time to the millisecond, like the cursors that point into it.
const createdMs = sql`date_trunc('milliseconds', ${readingLogs.createdAt})`;

/** One page of the child's entries, newest day first, and the figures of the whole log. */
export async function readingLog(
  db: Db,
  child: ChildRow,
  options: { today: string; before?: EntryCursor | undefined; limit: number },
): Promise<ReadingLog> {
  const { today, before, limit } = options;
  const position = before
    ? sql`(${readingLogs.readOn}, ${createdMs}, ${readingLogs.id}) < (${before.readOn}::date, ${before.createdAt.toISOString()}::timestamptz, ${before.id}::uuid)`
    : undefined;
  const [rows, days, paused] = await Promise.all([
    db
      .select()
      .from(readingLogs)
      .where(and(eq(readingLogs.childId, child.id), position))
      .orderBy(desc(readingLogs.readOn), desc(createdMs), desc(readingLogs.id))
      .limit(limit + 1),
    readingDays(db, child.id),
    pausedDays(db, [child.id], today),
  ]);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    child: { _id: child.id, name: child.firstName },
    entries: page.map(entryDto),
    nextCursor:
      rows.length > limit && last
        ? encodeEntryCursor({ readOn: last.readOn, createdAt: last.createdAt, id: last.id })
        : null,
    summary: summarize(days, today, paused.get(child.id)),
  };
}

async function catalogueBook(tx: Db, bookId: string) {
  const book = await findBook(tx, bookId);
  if (!book)
    throw invalid({
      bookId: 'That book is not in our catalogue. Choose another, or enter the title yourself.',
    });
  return book;
}

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
const number = (n: number) => n.toLocaleString('en-US');

/** A day holds 24 hours: the entry being saved must not push the day's total past them. */
async function checkDayTotal(tx: Db, child: ChildRow, day: string, minutes: number, exceptId?: string) {
  const [row] = await tx
    .select({ minutes: sql<number>`coalesce(sum(${readingLogs.minutes}), 0)::int` })
    .from(readingLogs)
    .where(
      and(
        eq(readingLogs.childId, child.id),
        eq(readingLogs.readOn, day),
        exceptId ? ne(readingLogs.id, exceptId) : undefined,
      ),
    );
  const already = Number(row?.minutes ?? 0);
  if (already + minutes > MAX_MINUTES_PER_DAY) {
    const left = MAX_MINUTES_PER_DAY - already;
    throw invalid({
      minutes: `${child.firstName} already has ${number(already)} minutes on ${dayLabel(day)}: these ${number(minutes)} would make ${number(already + minutes)}, more than the ${number(MAX_MINUTES_PER_DAY)} minutes in a day. ${left > 0 ? `Enter ${number(left)} or fewer.` : 'That day is full.'}`,
    });
  }
}

function checkNotBeforeBirth(child: ChildRow, day: string) {
  const earliest = earliestReadingDay(child.birthYear);
  if (day < earliest)
    throw invalid({
      readOn: earliest.startsWith('2000')
        ? 'Enter a day from 1 January 2000 on.'
        : `That is before ${child.firstName} was born: enter a day from ${earliest.slice(0, 4)} on.`,
    });
}

/**
 * Runs a change to the child's log in one transaction with the child's row locked, so two
 * entries saved at the same moment cannot both fit under a day's 24 hours, nor both announce a
 * milestone.
 */
async function inChildTransaction<T>(db: Db, child: ChildRow, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from children where id = ${child.id} for update`);
    return work(tx);
  });
}

export async function addEntry(
  db: Db,
  child: ChildRow,
  input: ParsedReadingEntryInput,
): Promise<ReadingChange> {
  return inChildTransaction(db, child, async (tx) => {
    // A catalogue book's title and author come from the catalogue, never from the browser.
    const book = input.bookId ? await catalogueBook(tx, input.bookId) : null;
    checkNotBeforeBirth(child, input.readOn);
    await checkDayTotal(tx, child, input.readOn, input.minutes);
    const row = onlyRow(
      await tx
        .insert(readingLogs)
        .values({
          childId: child.id,
          bookId: input.bookId ?? null,
          title: book?.title ?? input.title ?? '',
          author: book ? book.author : input.author || null,
          readOn: input.readOn,
          minutes: input.minutes,
          pages: input.pages ?? null,
          rating: input.rating ?? null,
          finished: input.finished ?? false,
        })
        .returning(),
    );
    return { entry: entryDto(row), milestones: await reachMilestones(tx, child, row.readOn) };
  });
}

/** Changes an entry of the child's log; undefined when the child has no such entry. */
export async function updateEntry(
  db: Db,
  child: ChildRow,
  entryId: string,
  patch: ParsedReadingEntryPatch,
): Promise<ReadingChange | undefined> {
  return inChildTransaction(db, child, async (tx) => {
    const [current] = await tx
      .select()
      .from(readingLogs)
      .where(and(eq(readingLogs.id, entryId), eq(readingLogs.childId, child.id)))
      .limit(1);
    if (!current) return undefined;
    const changes: Partial<typeof readingLogs.$inferInsert> = {};
    if (patch.bookId) {
      const book = await catalogueBook(tx, patch.bookId);
      Object.assign(changes, { bookId: patch.bookId, title: book.title, author: book.author });
    } else {
      // Leaving the catalogue (bookId: null) keeps the title unless a new one is given.
      if (patch.bookId === null) changes.bookId = null;
      const ownBook = patch.bookId === null || current.bookId === null;
      if (patch.title !== undefined && ownBook) changes.title = patch.title;
      if (patch.author !== undefined && ownBook) changes.author = patch.author || null;
    }
    if (patch.readOn !== undefined) changes.readOn = patch.readOn;
    if (patch.minutes !== undefined) changes.minutes = patch.minutes;
    if (patch.pages !== undefined) changes.pages = patch.pages;
    if (patch.rating !== undefined) changes.rating = patch.rating;
    if (patch.finished !== undefined) changes.finished = patch.finished;
    const day = changes.readOn ?? current.readOn;
    if (changes.readOn !== undefined) checkNotBeforeBirth(child, day);
    if (changes.readOn !== undefined || changes.minutes !== undefined)
      await checkDayTotal(tx, child, day, changes.minutes ?? current.minutes, current.id);
    // A new title for a catalogue book changes nothing: the catalogue names it.
    const [row] =
      Object.keys(changes).length === 0
        ? [current]
        : await tx.update(readingLogs).set(changes).where(eq(readingLogs.id, current.id)).returning();
    if (!row) throw new Error('update returned no row');
    return { entry: entryDto(row), milestones: await reachMilestones(tx, child, row.readOn) };
  });
}

/** Deletes an entry of the child's log. Milestones stay reached: logging it again announces nothing. */
export async function deleteEntry(db: Db, child: ChildRow, entryId: string): Promise<boolean> {
  const deleted = await db
    .delete(readingLogs)
    .where(and(eq(readingLogs.id, entryId), eq(readingLogs.childId, child.id)))
    .returning({ id: readingLogs.id });
  return deleted.length > 0;
}
