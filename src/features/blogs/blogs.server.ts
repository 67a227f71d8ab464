import { and, asc, desc, eq, gt, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import { recordAudit } from '~/platform/admin/audit.server';
import { type Db, onlyRow, queryRows } from '~/platform/db/client.server';
import { blogs, children, users } from '~/platform/db/schema.server';
import { conflict, invalid, notFound } from '~/platform/errors';
import { sanitizePostHtml } from '~/platform/sanitize.server';
import { type BlogCursor, countWords, encodeCursor, excerptOf, readingMinutes, textOfHtml } from './blogs';
import {
  type BlogDraftInput,
  type BlogPost,
  type BlogSummary,
  type BlogUpdateInput,
  DELETABLE_BLOG_STATUSES,
  EDITABLE_BLOG_STATUSES,
  type MyBlog,
  type MyBlogDetail,
} from './blogs.schema';

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

export const mediaUrl = (path: string | null) => (path ? `/media/${path}` : null);

function summaryDto(row: SummaryRow): BlogSummary {
  return {
    id: row.id,
    title: row.title,
    authorName: row.authorName,
    excerpt: row.excerpt,
    publishedAt: (row.publishedAt ?? new Date(0)).toISOString(),
    readingMinutes: readingMinutes(row.wordCount),
    coverUrl: mediaUrl(row.coverPath),
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
    contentHtml: sanitizePostHtml(row.contentHtml),
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
  return rows.map((row) => ({ ...summaryDto(row), contentHtml: sanitizePostHtml(row.contentHtml) }));
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

async function ownsChild(db: Db, userId: string, childId: string): Promise<boolean> {
  const [child] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), eq(children.userId, userId)))
    .limit(1);
  return Boolean(child);
}

export async function createDraft(
  db: Db,
  author: { id: string; displayName: string },
  input: BlogDraftInput,
): Promise<MyBlog> {
  if (input.childId && !(await ownsChild(db, author.id, input.childId))) throw notFound('That child');
  const prepared = preparePost(input);
  if (prepared.wordCount === 0) throw emptyPost();
  const row = onlyRow(
    await db
      .insert(blogs)
      .values({
        authorId: author.id,
        childId: input.childId ?? null,
        authorName: input.authorName?.trim() || author.displayName,
        title: input.title.trim(),
        ...prepared,
        status: 'draft',
      })
      .returning(),
  );
  return myBlogDto(row);
}

function myBlogDto(row: BlogRow): MyBlog {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    reviewNote: row.reviewNote,
    updatedAt: row.updatedAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

export async function listMyPosts(db: Db, userId: string): Promise<MyBlog[]> {
  const rows = await db
    .select()
    .from(blogs)
    .where(eq(blogs.authorId, userId))
    .orderBy(desc(blogs.updatedAt))
    .limit(200);
  return rows.map(myBlogDto);
}

/** A draft (or a rejected post, after changes) goes to the review queue. */
export async function submitPost(db: Db, userId: string, id: string): Promise<MyBlog> {
  const [row] = await db
    .update(blogs)
    .set({ status: 'submitted', submittedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(blogs.id, id), eq(blogs.authorId, userId), inArray(blogs.status, ['draft', 'rejected'])))
    .returning();
  if (row) return myBlogDto(row);
  if (!(await ownPostExists(db, userId, id))) throw notFound('That post');
  throw conflict('This post is already waiting for review or published.');
}

/**
 * Approves or rejects a submitted post. The status check is part of the update, so of two
 * administrators acting at once exactly one succeeds; the other is told it was already reviewed.
 * The author's child hears about it either way.
 */
export async function reviewPost(
  db: Db,
  reviewerId: string,
  id: string,
  review: { decision: 'approve' | 'reject'; note?: string | undefined },
): Promise<MyBlog> {
  return db.transaction(async (tx) => {
    const approve = review.decision === 'approve';
    const [row] = await tx
      .update(blogs)
      .set({
        status: approve ? 'approved' : 'rejected',
        reviewerId,
        reviewNote: review.note?.trim() || null,
        reviewedAt: sql`now()`,
        updatedAt: sql`now()`,
        // Milliseconds, like the cursors that point at it (the column refuses finer times).
        ...(approve ? { publishedAt: sql`date_trunc('milliseconds', now())` } : {}),
      })
      .where(and(eq(blogs.id, id), eq(blogs.status, 'submitted')))
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ status: blogs.status })
        .from(blogs)
        .where(eq(blogs.id, id))
        .limit(1);
      if (!existing) throw notFound('That post');
      if (existing.status === 'approved' || existing.status === 'rejected') {
        // The reviewer who came second is told who acted and what the post is now.
        const by = (await reviewerOf(tx, id)) ?? 'another administrator';
        throw conflict(
          existing.status === 'approved'
            ? `This post was already approved by ${by} and is published now.`
            : `This post was already reviewed by ${by}: it was returned to the family with a note.`,
          'already_reviewed',
        );
      }
      throw conflict(
        existing.status === 'draft'
          ? 'This post has not been submitted for review: the family is still writing it.'
          : 'This post has not been submitted for review.',
      );
    }
    if (row.childId) {
      await notifyChild(tx, row.childId, {
        kind: 'blog',
        title: approve ? 'Your family’s blog post was published' : 'Your blog post needs a few changes',
        body: approve
          ? `“${row.title}” is now on the blog.`
          : `“${row.title}” was not published yet. Our reviewer wrote: ${row.reviewNote ?? ''}`,
        link: approve ? `/blogs/${row.id}` : `/user/myblogs/${row.id}`,
      });
    }
    await recordAudit(
      tx,
      reviewerId,
      approve ? 'blog.approve' : 'blog.reject',
      row.id,
      row.reviewNote ? { note: row.reviewNote } : undefined,
    );
    return myBlogDto(row);
  });
}

function myBlogDetailDto(row: BlogRow): MyBlogDetail {
  return {
    ...myBlogDto(row),
    // Sanitized again on the way out, as for public posts.
    contentHtml: sanitizePostHtml(row.contentHtml),
    excerpt: row.excerpt,
    childId: row.childId,
    authorName: row.authorName,
  };
}

/** One of the family's own posts; someone else's is as missing as one that never existed. */
export async function getMyPost(db: Db, userId: string, id: string): Promise<MyBlogDetail | undefined> {
  const [row] = await db
    .select()
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.authorId, userId)))
    .limit(1);
  return row ? myBlogDetailDto(row) : undefined;
}

async function ownPostExists(db: Db, userId: string, id: string) {
  const [own] = await db
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.authorId, userId)))
    .limit(1);
  return Boolean(own);
}

/**
 * Saves the family's changes while the post is a draft, in review or returned. A post in review
 * goes back to draft (the reviewer should not read a text that is still changing); a returned post
 * keeps its status and note until it is sent again. The status check is part of the update, so an
 * administrator approving at the same moment and this edit cannot both win: whichever the database
 * applies second finds the status changed and is refused.
 */
export async function updateMyPost(
  db: Db,
  userId: string,
  id: string,
  input: BlogUpdateInput,
): Promise<MyBlogDetail> {
  if (input.childId && !(await ownsChild(db, userId, input.childId))) throw notFound('That child');
  const prepared = preparePost(input);
  if (prepared.wordCount === 0) throw emptyPost();
  const [row] = await db
    .update(blogs)
    .set({
      title: input.title.trim(),
      ...prepared,
      ...(input.childId !== undefined ? { childId: input.childId } : {}),
      ...(input.authorName !== undefined ? { authorName: input.authorName.trim() } : {}),
      status: sql`case when ${blogs.status} = 'submitted' then 'draft' else ${blogs.status} end`,
      submittedAt: sql`case when ${blogs.status} = 'submitted' then null else ${blogs.submittedAt} end`,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(blogs.id, id), eq(blogs.authorId, userId), inArray(blogs.status, [...EDITABLE_BLOG_STATUSES])),
    )
    .returning();
  if (row) return myBlogDetailDto(row);
  if (!(await ownPostExists(db, userId, id))) throw notFound('That post');
  throw conflict('This post is published: it can no longer be changed.');
}

/** Deletes a draft or a returned post; a post in review or published stays. */
export async function deleteMyPost(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(blogs)
    .where(
      and(eq(blogs.id, id), eq(blogs.authorId, userId), inArray(blogs.status, [...DELETABLE_BLOG_STATUSES])),
    )
    .returning({ id: blogs.id });
  if (deleted.length > 0) return;
  if (!(await ownPostExists(db, userId, id))) throw notFound('That post');
  throw conflict(
    'Only drafts and posts returned with a note can be deleted: this one is in review or published.',
  );
}

/** The display name of whoever reviewed a post, for the message to a reviewer who came second. */
async function reviewerOf(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: users.displayName })
    .from(blogs)
    .innerJoin(users, eq(users.id, blogs.reviewerId))
    .where(eq(blogs.id, id))
    .limit(1);
  return row?.name ?? null;
}
