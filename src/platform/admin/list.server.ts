import {
  type AnyColumn,
  asc,
  count,
  desc,
  type InferSelectModel,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '~/platform/db/client.server';
import type { AdminPage } from './list.schema';

/** `%words%` for LIKE, with the user's own % and _ taken literally. */
export function likePattern(q: string): string {
  return `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Rows whose columns contain the search, case-insensitively; undefined (no filter) for an empty search. */
export function containsSearch(q: string, columns: SQLWrapper[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = likePattern(q);
  return or(...columns.map((column) => sql`lower(${column}::text) like ${pattern}`));
}

/** The chosen order, then the id, so rows with equal keys keep one order from page to page. */
export function orderOf(column: AnyColumn | SQL, dir: 'asc' | 'desc', id: AnyColumn): SQL[] {
  const by = dir === 'asc' ? asc : desc;
  return [by(column), by(id)];
}

/** LIMIT and OFFSET of a page number. */
export function pageWindow(page: number, limit: number) {
  return { limit, offset: (page - 1) * limit };
}

/** How many rows of a table match. */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

export function pageOf<T>(items: T[], total: number, page: number, pageSize: number): AdminPage<T> {
  return { items, total, page, pageSize };
}

/**
 * One page of a table's rows in the given order, each made a DTO, then the count of all that
 * match: the admin lists that show one table's rows as they are.
 */
export async function tablePage<T extends PgTable, R>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  { page, limit }: { page: number; limit: number },
  dto: (row: InferSelectModel<T>) => R,
): Promise<AdminPage<R>> {
  const window = pageWindow(page, limit);
  const rows = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(window.limit)
    .offset(window.offset)) as InferSelectModel<T>[];
  return pageOf(rows.map(dto), await countRows(db, table, where), page, limit);
}
