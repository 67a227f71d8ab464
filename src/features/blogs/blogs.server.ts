import { and, asc, desc, eq, gt, gte, lt, lte, or, sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/platform/db/client.server';
import { blogs } from '~/platform/db/schema.server';
import { invalid } from '~/platform/errors';
import { sanitizePostHtml } from '~/platform/sanitize.server';
import { mediaUrlOf, siteMediaPath, withPublicMedia } from '~/platform/storage/mediaUrl.server';
import { type BlogCursor, countWords, encodeCursor, excerptOf, readingMinutes, textOfHtml } from './blogs';
import type { BlogPost, BlogSummary } from './blogs.schema';

// The public blog: published posts, their pages, archive, feed and sitemap; and what the server
// keeps of any written post. A family's own posts are in myBlogs.server.ts, the review in
// adminReview.server.ts.
/** A post whose text is only markup: nothing a reader would see. */
export const emptyPost = () => invalid({ contentHtml: 'Write the post: only markup was sent.' });

type BlogRow = typeof blogs.$inferSelect;

/** Only approved posts whose publication time has come are public. */
const isPublished = () => and(eq(blogs.status, 'approved'), lte(blogs.publishedAt, sql`now()`));

const summaryColumns = {
  id: blogs.id,
  title: blogs.title,
  authorName: blogs.authorName,
  excerpt: blogs.excerpt,
  publishedAt: blogs.publishedAt,
  wordCount: blogs.wordCount,
  coverPath: blogs.coverPath,
  coverAlt: blogs.coverAlt,
};
type SummaryRow = Pick<
  BlogRow,
  'id' | 'title' | 'authorName' | 'excerpt' | 'publishedAt' | 'wordCount' | 'coverPath' | 'coverAlt'
>;

/** A cover's address as an editor sends it back: the site's own /media form, never the CDN's. */
export const editableMediaUrl = (path: string | null) => (path ? siteMediaPath(path) : null);

function summaryDto(row: SummaryRow): BlogSummary {
  return {
    id: row.id,
    title: row.title,
    authorName: row.authorName,
    excerpt: row.excerpt,
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    readingMinutes: readingMinutes(row.wordCount),
    coverUrl: mediaUrlOf(row.coverPath),
    coverAlt: row.coverAlt,
  };
}

interface PostPage {
  posts: BlogSummary[];
  /** Older posts start after this; null on the last page. */
  nextCursor: string | null;
  /** Newer posts end before this; null on the first page. */
  previousCursor: string | null;
}

/**
 * One page of published posts, newest first, by keyset: the database walks the index from the
 * cursor, so page 500 costs what page 1 costs. `before` pages towards newer posts.
 */
export async function listPublishedPosts(
  db: Db,
  options: { after?: BlogCursor | undefined; before?: BlogCursor | undefined; limit: number },
): Promise<PostPage> {
  const { after, before, limit } = options;
  // Spelled out rather than as a row comparison, so the planner bounds its index range by the
  // cursor's time as well as by now().
  const position = after
    ? and(
        lte(blogs.publishedAt, after.publishedAt),
        or(lt(blogs.publishedAt, after.publishedAt), lt(blogs.id, after.id)),
      )
    : before
      ? and(
          gte(blogs.publishedAt, before.publishedAt),
          or(gt(blogs.publishedAt, before.publishedAt), gt(blogs.id, before.id)),
        )
      : undefined;
  const order = before ? [asc(blogs.publishedAt), asc(blogs.id)] : [desc(blogs.publishedAt), desc(blogs.id)];
  const rows = await db
    .select(summaryColumns)
    .from(blogs)
    .where(and(isPublished(), position))
    .orderBy(...order)
    .limit(limit + 1);
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (before) page.reverse();
  const cursorOf = (row: SummaryRow | undefined) =>
    row?.publishedAt ? encodeCursor({ publishedAt: row.publishedAt, id: row.id }) : null;
  const first = page[0];
  const last = page[page.length - 1];
  return {
    posts: page.map(summaryDto),
    // Going back (before): there are older posts, since we came from one.
    nextCursor: before ? cursorOf(last) : more ? cursorOf(last) : null,
    previousCursor: before ? (more ? cursorOf(first) : null) : after ? cursorOf(first) : null,
  };
}

export async function getPublishedPost(
  db: Db,
  id: string,
): Promise<(BlogPost & { updatedAt: string }) | undefined> {
  const [row] = await db
    .select()
    .from(blogs)
    .where(and(eq(blogs.id, id), isPublished()))
    .limit(1);
  if (!row) return undefined;
  // Sanitized again on the way out: a rule tightened later also covers posts stored earlier.
  return {
    ...summaryDto(row),
    contentHtml: withPublicMedia(sanitizePostHtml(row.contentHtml)),
    // When the words last changed: never before the post was published (dateModified, article:modified_time).
    updatedAt: new Date(Math.max(row.updatedAt.getTime(), row.publishedAt?.getTime() ?? 0)).toISOString(),
  };
}

/** The newest published posts with their text, for the RSS feed. */
export async function latestPublishedPosts(db: Db, limit: number) {
  const rows = await db
    .select()
    .from(blogs)
    .where(isPublished())
    .orderBy(desc(blogs.publishedAt), desc(blogs.id))
    .limit(limit);
  return rows.map((row) => ({
    ...summaryDto(row),
    contentHtml: withPublicMedia(sanitizePostHtml(row.contentHtml)),
  }));
}

interface ArchiveMonth {
  month: string;
  count: number;
  posts: { id: string; title: string; publishedAt: string }[];
}

/**
 * Published posts grouped by month (UTC), newest month first, with at most `perMonth` titles
 * each; the rest of a month is one link away.
 */
export async function archiveMonths(db: Db, perMonth = 12): Promise<ArchiveMonth[]> {
  const rows = await queryRows<{
    month: string;
    count: number;
    id: string;
    title: string;
    published_at: string | Date;
  }>(
    db,
    sql`
    with published as (
      select id, title, published_at, to_char(published_at at time zone 'UTC', 'YYYY-MM') as month,
             row_number() over (partition by date_trunc('month', published_at at time zone 'UTC')
                                order by published_at desc, id desc) as n,
             count(*) over (partition by date_trunc('month', published_at at time zone 'UTC'))::int as count
      from blogs
      where status = 'approved' and published_at <= now()
    )
    select month, count, id, title, published_at from published where n <= ${perMonth}
    order by month desc, published_at desc, id desc`,
  );
  const months: ArchiveMonth[] = [];
  for (const row of rows) {
    let month = months[months.length - 1];
    if (!month || month.month !== row.month) {
      month = { month: row.month, count: Number(row.count), posts: [] };
      months.push(month);
    }
    month.posts.push({
      id: row.id,
      title: row.title,
      publishedAt: new Date(row.published_at).toISOString(),
    });
  }
  return months;
}

/** Every published post of one month ("2026-11"), newest first. */
export async function postsOfMonth(db: Db, month: string): Promise<BlogSummary[]> {
  const start = new Date(`${month}-01T00:00:00.000Z`);
  const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const rows = await db
    .select(summaryColumns)
    .from(blogs)
    .where(
      and(
        isPublished(),
        sql`${blogs.publishedAt} >= ${start.toISOString()}::timestamptz`,
        sql`${blogs.publishedAt} < ${end.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(blogs.publishedAt), desc(blogs.id))
    .limit(1000);
  return rows.map(summaryDto);
}

/** Ids and dates of every published post, for the sitemap. */
export async function publishedPostIds(db: Db, limit = 44_000) {
  return db
    .select({ id: blogs.id, publishedAt: blogs.publishedAt, updatedAt: blogs.updatedAt })
    .from(blogs)
    .where(isPublished())
    .orderBy(desc(blogs.publishedAt))
    .limit(limit);
}

/** What the server keeps of a written post: sanitized HTML, its word count and a summary. */
export function preparePost(input: { contentHtml: string; excerpt?: string | undefined }) {
  const contentHtml = sanitizePostHtml(input.contentHtml);
  const text = textOfHtml(contentHtml);
  return {
    contentHtml,
    wordCount: countWords(text),
    excerpt: input.excerpt?.trim() || excerptOf(text),
  };
}
