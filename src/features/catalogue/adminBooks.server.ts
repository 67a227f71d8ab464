import { randomUUID } from 'node:crypto';
import { and, count, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type * as z from 'zod';
import { recordAudit } from '~/platform/admin/audit.server';
import type { AdminPage } from '~/platform/admin/list.schema';
import { containsSearch, likePattern, orderOf, tablePage } from '~/platform/admin/list.server';
import type { Db } from '~/platform/db/client.server';
import { books, readingLogs } from '~/platform/db/schema.server';
import { uniqueViolation } from '~/platform/db/violations';
import { DomainError, invalid } from '~/platform/errors';
import { mediaUrlOf } from '~/platform/storage/mediaUrl.server';
import type { Storage } from '~/platform/storage/storage';
import {
  type AdminBook,
  type AdminBookDetail,
  ageRangeError,
  type bookInputSchema,
  type bookListQuerySchema,
  type bookPatchSchema,
} from './catalogue.schema';
import { compactIsbn } from './isbn';
import { levelOrder, removeStoredFile, swapStoredFile } from './media.server';

type BookRow = typeof books.$inferSelect;
type BookInput = z.output<typeof bookInputSchema>;
type BookPatch = z.output<typeof bookPatchSchema>;
type BookListQuery = z.output<typeof bookListQuerySchema>;

const bookDto = (row: BookRow): AdminBook => ({
  id: row.id,
  title: row.title,
  author: row.author,
  isbn: row.isbn,
  ageMin: row.ageMin,
  ageMax: row.ageMax,
  level: row.readingLevel,
  summary: row.summary,
  topics: row.topics,
  coverUrl: mediaUrlOf(row.coverPath),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Title, author or ISBN contain the search; an ISBN typed with hyphens still finds the book. */
function bookSearch(q: string): SQL | undefined {
  const words = containsSearch(q, [books.title, books.author, books.isbn]);
  const digits = compactIsbn(q);
  if (!words || digits === q.toUpperCase() || !/^[\dX]{3,}$/.test(digits)) return words;
  return or(words, sql`lower(${books.isbn}) like ${likePattern(digits)}`);
}

export async function listBooks(db: Db, query: BookListQuery): Promise<AdminPage<AdminBook>> {
  const { q, sort, dir } = query;
  const where = bookSearch(q);
  const column = {
    title: sql`lower(${books.title})`,
    author: sql`lower(${books.author})`,
    level: levelOrder(books.readingLevel),
    createdAt: books.createdAt,
  }[sort];
  return tablePage(db, books, where, orderOf(column, dir, books.id), query, bookDto);
}

export async function getBook(db: Db, id: string): Promise<AdminBookDetail | undefined> {
  const [row] = await db.select().from(books).where(eq(books.id, id)).limit(1);
  if (!row) return undefined;
  const [logs] = await db.select({ n: count() }).from(readingLogs).where(eq(readingLogs.bookId, id));
  return { ...bookDto(row), readingLogCount: Number(logs?.n ?? 0) };
}

const duplicateIsbn = (title?: string) =>
  new DomainError('conflict', 'Another book in the catalogue already has this ISBN.', {
    isbn: title
      ? `“${title}” already has this ISBN: each book is listed once.`
      : 'Another book already has this ISBN: each book is listed once.',
  });

/** Refuses an ISBN another book holds, naming that book (the unique index catches any race). */
async function assertIsbnFree(db: Db, isbn: string | null | undefined, exceptId?: string) {
  if (!isbn) return;
  const [other] = await db
    .select({ title: books.title })
    .from(books)
    .where(and(eq(books.isbn, isbn), exceptId ? ne(books.id, exceptId) : undefined))
    .limit(1);
  if (other) throw duplicateIsbn(other.title);
}

async function withIsbnConflict<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error) === 'books_isbn_key') throw duplicateIsbn();
    throw error;
  }
}

export async function createBook(db: Db, actorId: string, input: BookInput): Promise<AdminBook> {
  await assertIsbnFree(db, input.isbn);
  return withIsbnConflict(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(books)
        .values({
          title: input.title,
          author: input.author,
          isbn: input.isbn,
          ageMin: input.ageMin,
          ageMax: input.ageMax,
          readingLevel: input.level,
          summary: input.summary,
          topics: input.topics,
        })
        .returning();
      if (!row) throw new Error('The book was not saved');
      await recordAudit(tx, actorId, 'book.create', row.id, { title: row.title, isbn: row.isbn });
      return bookDto(row);
    }),
  );
}

const COLUMN_OF = {
  title: 'title',
  author: 'author',
  isbn: 'isbn',
  ageMin: 'ageMin',
  ageMax: 'ageMax',
  level: 'readingLevel',
  summary: 'summary',
  topics: 'topics',
} as const satisfies Record<keyof BookPatch, keyof BookRow>;

/** A field's new value is its old one (topics compared in order, as the form shows them). */
const same = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.length === b.length && a.every((v, i) => v === b[i]) : a === b;

/** Changes the fields sent; undefined for an unknown book. The audit line names what changed. */
export async function updateBook(
  db: Db,
  actorId: string,
  id: string,
  patch: BookPatch,
): Promise<AdminBookDetail | undefined> {
  await assertIsbnFree(db, patch.isbn, id);
  const updated = await withIsbnConflict(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(books).where(eq(books.id, id)).for('update');
      if (!row) return undefined;
      const ageMin = patch.ageMin === undefined ? row.ageMin : patch.ageMin;
      const ageMax = patch.ageMax === undefined ? row.ageMax : patch.ageMax;
      const ageError = ageRangeError(ageMin, ageMax);
      if (ageError) {
        throw invalid({
          ageMax: ageError,
        });
      }
      const values: Partial<BookRow> = {};
      const changed: string[] = [];
      for (const [field, column] of Object.entries(COLUMN_OF) as [keyof BookPatch, keyof BookRow][]) {
        const value = patch[field];
        if (value === undefined || same(value, row[column])) continue;
        Object.assign(values, { [column]: value });
        changed.push(field);
      }
      if (changed.length === 0) return row;
      const [saved] = await tx
        .update(books)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(books.id, id))
        .returning();
      if (!saved) return undefined;
      await recordAudit(tx, actorId, 'book.edit', id, {
        title: saved.title,
        changed,
        ...(changed.includes('title') ? { previousTitle: row.title } : {}),
        ...(changed.includes('topics') ? { topics: saved.topics } : {}),
      });
      return saved;
    }),
  );
  return updated ? getBook(db, updated.id) : undefined;
}

/**
 * Deletes a book; its reading-log entries stay, keeping their own title and author (the
 * database sets their book to null). Answers how many entries named it, or undefined.
 */
export async function deleteBook(
  db: Db,
  storage: Storage,
  logger: Pick<Logger, 'warn'>,
  actorId: string,
  id: string,
): Promise<{ readingLogs: number } | undefined> {
  const deleted = await db.transaction(async (tx) => {
    const [logs] = await tx.select({ n: count() }).from(readingLogs).where(eq(readingLogs.bookId, id));
    const [row] = await tx.delete(books).where(eq(books.id, id)).returning();
    if (!row) return undefined;
    const readingLogCount = Number(logs?.n ?? 0);
    await recordAudit(tx, actorId, 'book.delete', id, {
      title: row.title,
      author: row.author,
      isbn: row.isbn,
      readingLogs: readingLogCount,
    });
    return { coverPath: row.coverPath, readingLogs: readingLogCount };
  });
  if (!deleted) return undefined;
  await removeStoredFile(storage, logger, deleted.coverPath);
  return { readingLogs: deleted.readingLogs };
}

/** Where a new cover is stored: a random name, so an old address never shows a new picture. */
const coverKey = () => `books/${randomUUID()}.webp`;

/** Sets (cover given) or removes (null) a book's cover; undefined for an unknown book. */
export async function setBookCover(
  db: Db,
  storage: Storage,
  logger: Pick<Logger, 'warn'>,
  actorId: string,
  id: string,
  cover: { bytes: Uint8Array; width: number; height: number } | null,
): Promise<AdminBook | undefined> {
  const key = cover ? coverKey() : null;
  return swapStoredFile(storage, logger, key, cover?.bytes ?? null, () =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(books).where(eq(books.id, id)).for('update');
      if (!row) return undefined;
      if (!cover && !row.coverPath) return { result: bookDto(row), oldKey: null };
      const [saved] = await tx
        .update(books)
        .set({ coverPath: key, updatedAt: new Date() })
        .where(eq(books.id, id))
        .returning();
      if (!saved) return undefined;
      await recordAudit(
        tx,
        actorId,
        'book.cover',
        id,
        cover
          ? {
              title: row.title,
              cover: row.coverPath ? 'replaced' : 'added',
              size: `${cover.width}×${cover.height}`,
            }
          : { title: row.title, cover: 'removed' },
      );
      return { result: bookDto(saved), oldKey: row.coverPath };
    }),
  );
}
