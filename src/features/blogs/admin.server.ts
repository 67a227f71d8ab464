import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '~/platform/admin/audit.server';
import type { AdminPage } from '~/platform/admin/list.schema';
import { containsSearch, orderOf, pageOf, pageWindow } from '~/platform/admin/list.server';
import type { Db } from '~/platform/db/client.server';
import { onlyRow } from '~/platform/db/client.server';
import { blogs, children, users } from '~/platform/db/schema.server';
import { conflict, notFound } from '~/platform/errors';
import { sanitizePostHtml } from '~/platform/sanitize.server';
import {
  type AdminBlogDetail,
  type AdminBlogQuery,
  type AdminBlogSummary,
  type AdminBlogUpdate,
  TEAM_PEN_NAME,
} from './admin.schema';
import { readingMinutes } from './blogs';
import { editableMediaUrl, emptyPost, preparePost } from './blogs.server';

type BlogRow = typeof blogs.$inferSelect;
const reviewers = alias(users, 'reviewers');

/** Milliseconds, like the public list's cursors (the column refuses finer times). */
const nowInMilliseconds = sql`date_trunc('milliseconds', now())`;

const iso = (d: Date | null) => d?.toISOString() ?? null;

function summaryOf(row: {
  blog: BlogRow;
  authorEmail: string | null;
  childFirstName: string | null;
}): AdminBlogSummary {
  const { blog } = row;
  return {
    id: blog.id,
    title: blog.title,
    status: blog.status,
    authorName: blog.authorName,
    authorEmail: row.authorEmail,
    childFirstName: row.childFirstName,
    submittedAt: iso(blog.submittedAt),
    updatedAt: blog.updatedAt.toISOString(),
    publishedAt: iso(blog.publishedAt),
    readingMinutes: readingMinutes(blog.wordCount),
  };
}

const listColumns = { blog: blogs, authorEmail: users.email, childFirstName: children.firstName };

/** The review queue (or any status): searched by title, signature or the author's email. */
export async function listAdminPosts(db: Db, query: AdminBlogQuery): Promise<AdminPage<AdminBlogSummary>> {
  const { q, sort, dir, page, limit, status } = query;
  const where = and(
    status === 'all' ? undefined : eq(blogs.status, status),
    containsSearch(q, [blogs.title, blogs.authorName, users.email]),
  );
  const column = {
    submittedAt: blogs.submittedAt,
    title: sql`lower(${blogs.title})`,
    authorName: sql`lower(${blogs.authorName})`,
    updatedAt: blogs.updatedAt,
    publishedAt: blogs.publishedAt,
  }[sort];
  const window = pageWindow(page, limit);
  const [rows, [counted]] = await Promise.all([
    db
      .select(listColumns)
      .from(blogs)
      .leftJoin(users, eq(users.id, blogs.authorId))
      .leftJoin(children, eq(children.id, blogs.childId))
      .where(where)
      .orderBy(...orderOf(column, dir, blogs.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(blogs)
      .leftJoin(users, eq(users.id, blogs.authorId))
      .where(where),
  ]);
  return pageOf(rows.map(summaryOf), Number(counted?.n ?? 0), page, limit);
}

/** One post of any status, with what the reviewer needs to decide. */
export async function getAdminPost(db: Db, id: string): Promise<AdminBlogDetail | undefined> {
  const [row] = await db
    .select({
      ...listColumns,
      authorRole: users.role,
      reviewerName: reviewers.displayName,
    })
    .from(blogs)
    .leftJoin(users, eq(users.id, blogs.authorId))
    .leftJoin(children, eq(children.id, blogs.childId))
    .leftJoin(reviewers, eq(reviewers.id, blogs.reviewerId))
    .where(eq(blogs.id, id))
    .limit(1);
  if (!row) return undefined;
  const { blog } = row;
  return {
    ...summaryOf(row),
    // Sanitized again on the way out, exactly as the public page does.
    contentHtml: sanitizePostHtml(blog.contentHtml),
    excerpt: blog.excerpt,
    coverUrl: editableMediaUrl(blog.coverPath),
    coverAlt: blog.coverAlt,
    reviewNote: blog.reviewNote,
    reviewedAt: iso(blog.reviewedAt),
    reviewerName: row.reviewerName,
    byTeam: row.authorRole === 'admin',
  };
}

/** The storage key of an uploaded picture's address ("/media/blog/x.webp" → "blog/x.webp"). */
const coverPathOf = (url: string | null | undefined) =>
  url === undefined ? undefined : url === null ? null : url.replace(/^\/media\//, '');

/** What is stored of the team's input; a cover left out stays as it was, null removes it. */
function fieldsOf(input: Omit<AdminBlogUpdate, 'publish'>) {
  const coverPath = coverPathOf(input.coverUrl);
  const coverAlt = coverPath === null ? '' : input.coverAlt?.trim();
  return {
    title: input.title.trim(),
    ...preparePost(input),
    ...(coverPath !== undefined ? { coverPath } : {}),
    ...(coverAlt !== undefined ? { coverAlt } : {}),
  };
}

/**
 * A post by the team: signed with the administrator's name (or the team's), published at once
 * or kept as a team draft that any administrator can finish.
 */
export async function createTeamPost(
  db: Db,
  admin: { id: string; displayName: string },
  input: Omit<AdminBlogUpdate, 'publish'> & { publish: boolean },
): Promise<string> {
  const fields = fieldsOf(input);
  if (fields.wordCount === 0) throw emptyPost();
  return db.transaction(async (tx) => {
    const row = onlyRow(
      await tx
        .insert(blogs)
        .values({
          ...fields,
          authorId: admin.id,
          authorName: input.authorName?.trim() || admin.displayName.trim() || TEAM_PEN_NAME,
          status: input.publish ? 'approved' : 'draft',
          ...(input.publish
            ? { publishedAt: nowInMilliseconds, reviewerId: admin.id, reviewedAt: sql`now()` }
            : {}),
        })
        .returning({ id: blogs.id, title: blogs.title }),
    );
    await recordAudit(tx, admin.id, input.publish ? 'blog.publish' : 'blog.create', row.id, {
      title: row.title,
    });
    return row.id;
  });
}

/** What the team is told when a post can no longer be corrected here. */
const STATUS_WORDS = {
  approved: 'it is published',
  rejected: 'it was returned to the family with a note',
  draft: 'the family took it back to change it',
  submitted: 'it is waiting for review',
} as const;

function notEditable(status: BlogRow['status'], publishing: boolean) {
  if (publishing && status === 'submitted') {
    return conflict(
      'A family’s post is published by approving it, so their child is told: save the changes, then approve.',
    );
  }
  return conflict(`This post can no longer be changed here: ${STATUS_WORDS[status]}.`);
}

/**
 * Corrections by the team, while the post waits for review (the family's words, tidied before
 * they are published) or while it is a team draft. The status is part of the update's condition,
 * so an approval landing at the same moment and this edit cannot both win.
 */
export async function editPost(
  db: Db,
  adminId: string,
  id: string,
  input: AdminBlogUpdate,
): Promise<{ oldCoverPath: string | null; coverPath: string | null }> {
  const fields = fieldsOf(input);
  if (fields.wordCount === 0) throw emptyPost();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ blog: blogs, authorRole: users.role })
      .from(blogs)
      .leftJoin(users, eq(users.id, blogs.authorId))
      .where(eq(blogs.id, id))
      .limit(1);
    if (!before) throw notFound('That post');
    const teamDraft = before.blog.status === 'draft' && before.authorRole === 'admin';
    if (before.blog.status === 'draft' && !teamDraft) {
      throw conflict(
        'This post is still a family’s draft: it can be corrected once they send it for review.',
      );
    }
    // Publishing goes through review for a family's post (so their child is told): only team drafts publish here.
    const publish = Boolean(input.publish) && teamDraft;
    if (input.publish && !teamDraft) throw notEditable(before.blog.status, true);
    const [row] = await tx
      .update(blogs)
      .set({
        ...fields,
        ...(input.authorName !== undefined ? { authorName: input.authorName.trim() } : {}),
        updatedAt: sql`now()`,
        ...(publish
          ? {
              status: 'approved' as const,
              publishedAt: nowInMilliseconds,
              reviewerId: adminId,
              reviewedAt: sql`now()`,
            }
          : {}),
      })
      .where(and(eq(blogs.id, id), eq(blogs.status, teamDraft ? 'draft' : 'submitted')))
      .returning();
    if (!row) {
      const [now] = await tx.select({ status: blogs.status }).from(blogs).where(eq(blogs.id, id)).limit(1);
      if (!now) throw notFound('That post');
      throw notEditable(now.status, Boolean(input.publish));
    }
    const changed = (
      ['title', 'contentHtml', 'excerpt', 'coverPath', 'coverAlt', 'authorName'] as const
    ).filter((key) => before.blog[key] !== row[key]);
    await recordAudit(tx, adminId, 'blog.edit', id, {
      changed,
      ...(before.blog.title !== row.title ? { title: `${before.blog.title} → ${row.title}` } : {}),
    });
    if (publish) {
      await recordAudit(tx, adminId, 'blog.publish', id, { title: row.title });
    }
    return { oldCoverPath: before.blog.coverPath, coverPath: row.coverPath };
  });
}
