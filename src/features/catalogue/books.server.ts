import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { books } from '~/platform/db/schema.server';
import type { CatalogueBook } from './catalogue.schema';

/** Catalogue books whose title or author contains the words, titles that start with them first. */
export async function searchBooks(db: Db, query: string, limit: number): Promise<CatalogueBook[]> {
  const term = query.trim().toLowerCase();
  const order: SQL[] = [asc(books.title), asc(books.id)];
  let where: SQL | undefined;
  if (term) {
    const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
    where = sql`(lower(${books.title}) like ${`%${escaped}%`} or lower(${books.author}) like ${`%${escaped}%`})`;
    order.unshift(sql`lower(${books.title}) like ${`${escaped}%`} desc`);
  }
  const rows = await db
    .select({ id: books.id, title: books.title, author: books.author, readingLevel: books.readingLevel })
    .from(books)
    .where(where)
    .orderBy(...order)
    .limit(limit);
  return rows.map((b) => ({ id: b.id, title: b.title, author: b.author, readingLevel: b.readingLevel }));
}

/** A catalogue book's title and author, or undefined for an id the catalogue does not hold. */
export async function findBook(db: Db, bookId: string) {
  const [book] = await db
    .select({ title: books.title, author: books.author })
    .from(books)
    .where(eq(books.id, bookId))
    .limit(1);
  return book;
}
