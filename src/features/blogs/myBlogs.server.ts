import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, onlyRow } from '~/platform/db/client.server';
import { blogs } from '~/platform/db/schema.server';
import { conflict, notFound } from '~/platform/errors';
import { ownChildOr404 } from '~/platform/identity/accounts.server';
import { sanitizePostHtml } from '~/platform/sanitize.server';
import {
  type BlogDraftInput,
  type BlogUpdateInput,
  DELETABLE_BLOG_STATUSES,
  EDITABLE_BLOG_STATUSES,
  type MyBlog,
  type MyBlogDetail,
} from './blogs.schema';
import { emptyPost, preparePost } from './blogs.server';

// A family's own posts: written as drafts, changed, sent for review, deleted while not yet public.

type BlogRow = typeof blogs.$inferSelect;

/** A new post, a draft until the family sends it for review. */
export async function createDraft(
  db: Db,
  author: { id: string; displayName: string },
  input: BlogDraftInput,
): Promise<MyBlog> {
  // A post names only one of the family's own children.
  if (input.childId) await ownChildOr404(db, author.id, input.childId);
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

/** A post as its family sees it in their list. */
export function myBlogDto(row: BlogRow): MyBlog {
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

/** The family's posts, the last changed first. */
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

/** Whether the post is one of this family's, whatever its status. */
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
  if (input.childId) await ownChildOr404(db, userId, input.childId);
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
