import { randomUUID } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Role } from '~/platform/access';
import { DAY_MS } from '~/platform/days';
import { type Db, queryRows } from '~/platform/db/client.server';
import { blogImages } from '~/platform/db/schema.server';
import { DomainError } from '~/platform/errors';
import { prepareWebImage } from '~/platform/storage/media.server';
import { siteMediaPath } from '~/platform/storage/mediaUrl.server';
import { reserveUpload } from '~/platform/storage/quotas.server';
import type { Storage } from '~/platform/storage/storage';
import { sniffImageType } from './images';

/** Where blog pictures are stored: `blog/{uuid}.webp`. */
const BLOG_IMAGE_KEY = 'blog/[0-9A-Za-z_-]+\\.webp';

/** A picture no post shows is kept this long after its upload (the author may still be writing). */
export const ORPHAN_GRACE_MS = DAY_MS;

/**
 * Stores a picture for a post: counted against the account's daily quota first (429 when over,
 * before anything is decoded), then resized to WebP. Its row is written before its file, so no file
 * is ever stored that the clean-up does not know of. A picture refused on the way is not counted.
 */
export async function storeBlogImage(
  db: Db,
  storage: Storage,
  account: { id: string; role: Role },
  upload: { bytes: Uint8Array; type: string },
): Promise<{ url: string }> {
  // The declared type must be what the bytes are: no HTML or SVG dressed up as a photo.
  if (sniffImageType(upload.bytes) !== upload.type) {
    throw new DomainError('validation_failed', 'This file is not the picture it says it is.', {
      body: 'The file is not a JPEG, PNG or WebP picture.',
    });
  }
  const reservation = await reserveUpload(db, account, 'blog_image', upload.bytes.byteLength);
  try {
    // Resized for the web, as WebP, without the camera's metadata (place, time, device).
    const picture = await prepareWebImage(upload.bytes);
    const key = `blog/${randomUUID()}.webp`;
    await db.insert(blogImages).values({ key, uploadedBy: account.id });
    try {
      await storage.put(key, picture.bytes);
    } catch (error) {
      await db.delete(blogImages).where(eq(blogImages.key, key));
      throw error;
    }
    return { url: siteMediaPath(key) };
  } catch (error) {
    await reservation.release().catch(() => {});
    throw error;
  }
}

/** True while some post, of any status, shows the picture in its text or as its cover. */
const inUse = (key: string | SQL) => sql`exists (
  select 1 from blogs
  where cover_path = ${key} or strpos(content_html, ${key}) > 0
)`;

/**
 * Removes pictures uploaded for posts that never used them (or no longer do): those no post's text
 * or cover shows, of any status, uploaded more than `graceMs` ago. Each is checked again as its row
 * is deleted, then its file goes; a file that cannot be removed keeps its row, for the next run.
 * Answers how many were removed. Pictures uploaded before the table existed are not known to it.
 */
export async function deleteOrphanedBlogImages(
  db: Db,
  storage: Storage,
  options: { graceMs?: number; limit?: number; logger?: Pick<Logger, 'warn'> } = {},
): Promise<number> {
  const graceMs = options.graceMs ?? ORPHAN_GRACE_MS;
  // Every picture the posts show, in one pass over them; then the old ones not among them.
  const orphans = await queryRows<{ key: string; uploaded_by: string | null; created_at: string | Date }>(
    db,
    sql`
    with shown as (
      select cover_path as key from blogs where cover_path is not null
      union
      select (regexp_matches(content_html, ${BLOG_IMAGE_KEY}, 'g'))[1] from blogs
    )
    select i.key, i.uploaded_by, i.created_at from blog_images i
    where i.created_at < now() - ${graceMs} * interval '1 millisecond'
      and not exists (select 1 from shown where shown.key = i.key)
    order by i.created_at
    limit ${options.limit ?? 1000}`,
  );
  let removed = 0;
  for (const orphan of orphans) {
    // A post saved since the pass above keeps its picture.
    const [gone] = await db
      .delete(blogImages)
      .where(sql`${blogImages.key} = ${orphan.key} and not ${inUse(orphan.key)}`)
      .returning({ key: blogImages.key });
    if (!gone) continue;
    try {
      await storage.delete(orphan.key);
      removed += 1;
    } catch (error) {
      options.logger?.warn(
        { key: orphan.key, errorName: (error as Error)?.name },
        'blog picture not removed',
      );
      await db
        .insert(blogImages)
        .values({ key: orphan.key, uploadedBy: orphan.uploaded_by, createdAt: new Date(orphan.created_at) })
        .onConflictDoNothing();
    }
  }
  return removed;
}

/**
 * A deleted account's posts are gone (in `tx`): forgets the pictures it uploaded and the covers of
 * those posts, unless a remaining post still shows one, and answers their keys, whose files the
 * caller schedules for removal in the same transaction.
 */
export async function releaseAuthorPictures(
  tx: Db,
  userId: string,
  deletedCovers: readonly (string | null)[],
): Promise<string[]> {
  const uploaded = await tx
    .delete(blogImages)
    .where(sql`${blogImages.uploadedBy} = ${userId} and not ${inUse(sql`${blogImages.key}`)}`)
    .returning({ key: blogImages.key });
  const covers: string[] = [];
  for (const cover of new Set(deletedCovers)) {
    if (!cover) continue;
    const [stillShown] = await queryRows<{ shown: boolean }>(tx, sql`select ${inUse(cover)} as shown`);
    if (stillShown?.shown) continue;
    await tx.delete(blogImages).where(eq(blogImages.key, cover));
    covers.push(cover);
  }
  return [...uploaded.map((u) => u.key), ...covers];
}
