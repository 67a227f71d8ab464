import * as z from 'zod';

const ADMIN_SEARCH_MAX = 100;

/**
 * The query of every admin list that grows: a search, a sort among the list's own keys, a
 * direction and a page. Page numbers (not cursors) because the team jumps between pages and
 * admin tables stay in the thousands; the public lists use keyset pages instead.
 */
export function adminListQuery<const K extends readonly [string, ...string[]]>(
  sortKeys: K,
  defaults: { sort: K[number]; dir: 'asc' | 'desc' },
) {
  return z.object({
    q: z
      .string()
      .trim()
      .max(ADMIN_SEARCH_MAX, `Keep the search to ${ADMIN_SEARCH_MAX} characters or fewer.`)

      .default(''),
    sort: z.enum(sortKeys, { error: `Sort by one of: ${sortKeys.join(', ')}.` }).default(defaults.sort),
    dir: z.enum(['asc', 'desc'], { error: 'Sort asc or desc.' }).default(defaults.dir),
    page: z.coerce
      .number({ error: 'Give a page number.' })
      .int('Give a whole page number.')
      .min(1, 'Pages start at 1.')
      .max(100_000, 'That page is too far.')

      .default(1),
    limit: z.coerce
      .number({ error: 'Give a page size.' })
      .int('Give a whole page size.')
      .min(1, 'At least one row per page.')
      .max(100, 'At most 100 rows per page.')

      .default(25),
  });
}

/** One page of an admin list, with the total that matches the search (for "page 2 of 7"). */
export function adminPageSchema<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      total: z.int(),
      page: z.int(),
      pageSize: z.int(),
    })
    .meta({ id });
}

export interface AdminPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
