import { and, eq, ne, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DELETE_CONFIRMATION } from '../../src/features/family/family.schema';
import {
  auditLog,
  blogImages,
  children,
  fileDeletions,
  passages,
  recordings,
  users,
} from '../../src/platform/db/schema.server';
import {
  pendingFileDeletions,
  removeScheduledFiles,
  retryDelayMs,
} from '../../src/platform/storage/fileDeletions.server';
import type { Storage } from '../../src/platform/storage/storage';
import {
  adminAccount,
  call,
  familyWithChild,
  fileApi,
  recordAttempt,
  testApi,
  uploadBlogPicture,
} from './harness';

// Deleting a family is complete or does not happen: every stored file goes (retried until it
// does), the audit log keeps no email or name of theirs, and the answer says "deleted" only once
// the sign-in is gone too.

const { database, api, storage } = await fileApi({ media: 'family-deletion' });
const admin = await adminAccount(api);
const PNG = new Uint8Array(
  await sharp({ create: { width: 40, height: 30, channels: 3, background: '#d95' } })
    .png()
    .toBuffer(),
);

const [passage] = await database.db
  .insert(passages)
  .values({ title: 'The pond', readingLevel: 'branch', text: 'Ducks swim on the pond.', wordCount: 5 })
  .returning();

/** A family with a recording, a picture in a draft post, and an audit line naming the parent. */
async function busyFamily(name: string) {
  const f = await familyWithChild(api, { firstName: 'Maya', ageBand: '8-10', readingLevel: 'branch' }, name);
  await recordAttempt(api, f, passage?.id);
  const picture = await uploadBlogPicture(api, f.token, PNG);
  expect(picture.status, JSON.stringify(picture.json)).toBe(201);
  const url = String(picture.json.url);
  const draft = await call(api, 'POST', '/api/me/blogs', {
    token: f.token,
    body: {
      title: 'Our week',
      contentHtml: `<p>We read every day.</p><img src="${url}" alt="Our shelf">`,
      childId: f.childId,
    },
  });
  expect(draft.status, JSON.stringify(draft.json)).toBe(201);
  // The team's record of a change to the account names it.
  const disable = await call(api, 'PATCH', `/api/admin/users/${f.userId}`, {
    token: admin.idToken,
    body: { disabled: true },
  });
  expect(disable.status).toBe(200);
  await call(api, 'PATCH', `/api/admin/users/${f.userId}`, {
    token: admin.idToken,
    body: { disabled: false },
  });
  const [row] = await database.db.select().from(recordings).where(eq(recordings.childId, f.childId));
  return { ...f, files: [String(row?.audioPath), url.replace('/media/', '')] };
}

const remove = (api: ReturnType<typeof testApi>, token: string) =>
  call(api, 'DELETE', '/api/me', { token, body: { confirm: DELETE_CONFIRMATION } });

describe('deleting a family', () => {
  it('removes every stored file and leaves no email or name in the audit log', async () => {
    const f = await busyFamily('Robin Quill');
    for (const key of f.files) expect(await storage.stat(key), key).not.toBeNull();
    const auditText = async () =>
      JSON.stringify(
        await database.db
          .select({ details: auditLog.details })
          .from(auditLog)
          .where(and(eq(auditLog.entityId, f.userId), ne(auditLog.action, 'user.note'))),
      );
    expect(await auditText()).toContain(f.email);
    // Only whole names and addresses change: not a longer name, nor another address ending alike.
    await database.db.insert(auditLog).values({
      action: 'user.note',
      entity: 'user',
      entityId: f.userId,
      details: {
        note: 'Robin Quill asked; Robin Quillson did not',
        cc: `jo${f.email}`,
        nested: [{ to: f.email.toUpperCase() }],
      },
    });

    expect((await remove(api, f.token)).status).toBe(200);
    for (const key of f.files) expect(await storage.stat(key), key).toBeNull();
    expect(await database.db.select().from(blogImages).where(eq(blogImages.uploadedBy, f.userId))).toEqual(
      [],
    );
    expect((await pendingFileDeletions(database.db)).count).toBe(0);
    // The history still reads as one account's, under a pseudonym.
    const after = await auditText();
    expect(after).not.toContain(f.email);
    expect(after).not.toContain('Robin Quill');
    expect(after).toMatch(/deleted account [0-9a-f]{8}/);
    const [note] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'user.note'));
    expect(note?.details).toEqual({
      note: expect.stringMatching(/^deleted account [0-9a-f]{8} asked; Robin Quillson did not$/),
      cc: `jo${f.email}`,
      nested: [{ to: expect.stringMatching(/^deleted account [0-9a-f]{8}$/) }],
    });
  });

  it('deletes nothing and says so when the sign-in account cannot be removed', async () => {
    const f = await busyFamily('Sasha Keep');
    const refusing = testApi(database, {
      storage,
      deleteSignInAccount: async () => {
        throw new Error('the identity service is down');
      },
    });
    const res = await remove(refusing, f.token);
    expect(res.status).toBe(503);
    expect(res.json.error?.message).toContain('nothing was deleted');
    expect(await database.db.select().from(users).where(eq(users.id, f.userId))).toHaveLength(1);
    expect(await database.db.select().from(children).where(eq(children.id, f.childId))).toHaveLength(1);
    for (const key of f.files) expect(await storage.stat(key), key).not.toBeNull();
    expect(JSON.stringify(await database.db.select().from(auditLog))).toContain(f.email);
    // Once the sign-in can go, everything goes.
    expect((await remove(api, f.token)).status).toBe(200);
    expect(await database.db.select().from(users).where(eq(users.id, f.userId))).toEqual([]);
  });

  it('keeps trying to remove a file the storage refused, waiting longer each time, until it is gone', async () => {
    const f = await busyFamily('Tam Retry');
    let refuse = true;
    const flaky: Storage = {
      ...storage,
      delete: async (key) => {
        if (refuse) throw new Error('the storage is out of reach');
        return storage.delete(key);
      },
    };
    const res = await remove(testApi(database, { storage: flaky }), f.token);
    expect(res.status).toBe(200);
    const waiting = await database.db.select().from(fileDeletions);
    expect(waiting.map((w) => w.key).sort()).toEqual([...f.files].sort());
    expect(waiting.every((w) => w.attempts === 1 && w.lastError?.includes('out of reach'))).toBe(true);

    // Not due yet: nothing is tried.
    expect(await removeScheduledFiles(database.db, flaky)).toEqual({ removed: 0, failed: 0 });
    const later = new Date(Date.now() + retryDelayMs(1) + 1000);
    expect(await removeScheduledFiles(database.db, flaky, { now: later })).toEqual({ removed: 0, failed: 2 });
    const [again] = await database.db.select().from(fileDeletions).limit(1);
    expect(again?.attempts).toBe(2);
    expect(again!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(later.getTime() + retryDelayMs(2) - 1000);

    refuse = false;
    const muchLater = new Date(later.getTime() + retryDelayMs(2) + 1000);
    expect(await removeScheduledFiles(database.db, flaky, { now: muchLater })).toEqual({
      removed: 2,
      failed: 0,
    });
    for (const key of f.files) expect(await storage.stat(key), key).toBeNull();
    expect(await database.db.execute(sql`select 1 from file_deletions`)).toMatchObject({ rows: [] });
  });
});
