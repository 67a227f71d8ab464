import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blogs, emails, notifications } from '../../src/platform/db/schema.server';
import {
  adminAccount,
  auditEntries,
  call,
  caller,
  created,
  expectFieldErrors,
  familyWithChild,
  fileApi,
} from './harness';
import { atOnce, onlyWinner, RACE_TIMEOUT, raceRounds } from './races';

const { database, api, mediaDir } = await fileApi({ media: 'admin-blogs' });
const [parent, admin] = await Promise.all([
  familyWithChild(api, { firstName: 'Nora', ageBand: '8-10', readingLevel: 'branch' }, 'Jordan Rivers'),
  adminAccount(api),
]);
const { childId } = parent;
const asAdmin = caller(api, admin.idToken);

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const words = (title: string) => `<p>${title}: a few honest words about reading together at home.</p>`;

/** A family's post, sent for review. */
async function submitted(title: string, extra: Record<string, unknown> = {}) {
  const res = await call(api, 'POST', '/api/me/blogs', {
    token: parent.idToken,
    body: { title, contentHtml: words(title), childId, ...extra },
  });
  expect(res.status).toBe(201);
  const id = String(res.json.id);
  expect((await call(api, 'POST', `/api/me/blogs/${id}/submit`, { token: parent.idToken })).status).toBe(200);
  return id;
}

const list = (query = '') => asAdmin('GET', `/api/admin/blogs${query}`);
/** The administrator's edit of a post. */
const editPost = (id: string, body: unknown) => asAdmin('PATCH', `/api/admin/blogs/${id}`, body);
/** A post by the team, which must be accepted. */
const teamPost = (body: Record<string, unknown>) =>
  created<Record<string, unknown>>(api, '/api/admin/blogs', admin.idToken, body);
const titlesOf = (res: Awaited<ReturnType<typeof list>>) =>
  (res.json.items as { title: string }[]).map((item) => item.title);
const rowOf = async (id: string) => (await database.db.select().from(blogs).where(eq(blogs.id, id)))[0];
const auditOf = (id: string) => auditEntries(database, id);

async function uploadCover() {
  const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
  const res = await api.request(
    '/api/me/blog-images',
    {
      method: 'POST',
      headers: {
        'content-type': 'image/png',
        'content-length': String(png.byteLength),
        authorization: `Bearer ${admin.idToken}`,
      },
      body: new Uint8Array(png),
    },
    { clientAddress: '127.0.0.1' },
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

describe('the review queue', () => {
  it('lists submitted posts oldest first, searchable and paged; other statuses on request', async () => {
    const first = await submitted('Queue alpha, the oldest');
    await submitted('Queue beta');
    await submitted('Queue gamma, the newest');
    // Submitted times one second apart, so the order does not hang on the clock's resolution.
    for (const [i, title] of ['Queue alpha, the oldest', 'Queue beta', 'Queue gamma, the newest'].entries()) {
      await database.db
        .update(blogs)
        .set({ submittedAt: new Date(Date.UTC(2026, 0, 1, 9, 0, i)) })
        .where(eq(blogs.title, title));
    }
    const draft = await call(api, 'POST', '/api/me/blogs', {
      token: parent.idToken,
      body: { title: 'Queue draft, not sent', contentHtml: words('Draft') },
    });

    const queue = await list('?q=queue');
    expect(queue.status).toBe(200);
    expect(titlesOf(queue)).toEqual(['Queue alpha, the oldest', 'Queue beta', 'Queue gamma, the newest']);
    expect(queue.json).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(queue.json.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: first,
          status: 'submitted',
          authorName: 'Jordan Rivers',
          authorEmail: parent.email,
          childFirstName: 'Nora',
          readingMinutes: 1,
        }),
      ]),
    );
    expect(titlesOf(await list('?q=queue&dir=desc'))[0]).toBe('Queue gamma, the newest');
    expect(titlesOf(await list('?q=queue&sort=title&dir=desc'))[0]).toBe('Queue gamma, the newest');
    const second = await list('?q=queue&limit=2&page=2');
    expect(titlesOf(second)).toEqual(['Queue gamma, the newest']);
    expect(second.json.total).toBe(3);
    // By the author's signature or email, case-insensitively; LIKE characters are taken literally.
    expect((await list('?q=JORDAN%20rivers')).json.total).toBeGreaterThanOrEqual(3);
    expect((await list(`?q=${encodeURIComponent(parent.email)}`)).json.total).toBeGreaterThanOrEqual(3);
    expect((await list('?q=%25')).json.total).toBe(0);

    const drafts = await list('?status=draft&q=queue');
    expect(titlesOf(drafts)).toEqual(['Queue draft, not sent']);
    expect((drafts.json.items as { id: string }[])[0]?.id).toBe(draft.json.id);
    expect((await list('?status=all&q=queue')).json.total).toBe(4);
  });

  it('refuses bad list queries, naming the field', async () => {
    await expectFieldErrors(list, [
      ['?status=published', 'status'],
      ['?sort=wordCount', 'sort'],
      ['?dir=up', 'dir'],
      ['?page=0', 'page'],
      ['?limit=500', 'limit'],
      [`?q=${'x'.repeat(101)}`, 'q'],
    ]);
  });
});

describe('one post for review', () => {
  it('answers any status with its sanitized HTML and the review details; 404 and 400 otherwise', async () => {
    const id = await submitted('Opened for review', {
      contentHtml: '<p>Kind words.</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
    });
    const res = await asAdmin('GET', `/api/admin/blogs/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.json).toMatchObject({
      id: id,
      status: 'submitted',
      contentHtml: '<p>Kind words.</p>',
      childFirstName: 'Nora',
      authorEmail: parent.email,
      reviewerName: null,
      byTeam: false,
      coverUrl: null,
    });
    expect((await asAdmin('GET', `/api/admin/blogs/${UNKNOWN}`)).status).toBe(404);
    expect((await asAdmin('GET', '/api/admin/blogs/not-an-id')).status).toBe(400);
  });

  it('lets exactly one of two concurrent reviews (an approval, a return) win, round after round; the other hears who reviewed it', {
    timeout: RACE_TIMEOUT,
  }, async () => {
    await raceRounds(async (round) => {
      const id = await submitted(`Reviewed by one reviewer, round ${round}`);
      const review = (decision: 'approve' | 'reject', note: string) => () =>
        asAdmin('POST', `/api/admin/blogs/${id}/review`, { decision, note });
      const results = await atOnce([
        review('approve', 'Lovely, thank you.'),
        review('reject', 'Please add the book titles.'),
      ]);
      const approved = onlyWinner(results, (r) => r.status === 200) === 0;
      const loser = results[approved ? 1 : 0];
      expect(loser?.status).toBe(409);
      expect(loser?.json.error).toEqual({
        code: 'already_reviewed',
        message: approved
          ? 'This post was already approved by Ada Admin and is published now.'
          : 'This post was already reviewed by Ada Admin: it was returned to the family with a note.',
      });
      // One review recorded, one child told, and the post is what the winner decided.
      expect((await auditOf(id)).map((e) => e.action)).toEqual([approved ? 'blog.approve' : 'blog.reject']);
      const notes = await database.db
        .select()
        .from(notifications)
        .where(
          and(
            eq(notifications.childId, childId),
            inArray(notifications.link, [`/blogs/${id}`, `/user/myblogs/${id}`]),
          ),
        );
      expect(notes.map((n) => n.link)).toEqual([approved ? `/blogs/${id}` : `/user/myblogs/${id}`]);
      const after = await asAdmin('GET', `/api/admin/blogs/${id}`);
      expect(after.json).toMatchObject(
        approved
          ? { status: 'approved', reviewerName: 'Ada Admin', reviewNote: 'Lovely, thank you.' }
          : { status: 'rejected', reviewerName: 'Ada Admin', reviewNote: 'Please add the book titles.' },
      );
      expect((await call(api, 'GET', `/api/blogs/${id}`)).status).toBe(approved ? 200 : 404);

      const late = await asAdmin('POST', `/api/admin/blogs/${id}/review`, {
        decision: approved ? 'reject' : 'approve',
        note: 'Too late.',
      });
      expect(late.json.error?.code).toBe('already_reviewed');
      return approved ? 'approval' : 'return';
    });
  });

  it('tells the second reviewer of a returned post it was already reviewed', async () => {
    const id = await submitted('Returned once');
    const reject = await asAdmin('POST', `/api/admin/blogs/${id}/review`, {
      decision: 'reject',
      note: 'Please add a title for each book.',
    });
    expect(reject.status).toBe(200);
    const again = await asAdmin('POST', `/api/admin/blogs/${id}/review`, { decision: 'approve' });
    expect(again.status).toBe(409);
    expect(again.json.error?.message).toBe(
      'This post was already reviewed by Ada Admin: it was returned to the family with a note.',
    );
    // The family is told by email as well, once: the review that came second queued nothing.
    const mail = await database.db.select().from(emails).where(eq(emails.template, 'blog-review'));
    const aboutThis = mail.filter((m) => (m.data as { postId?: string }).postId === id);
    expect(aboutThis).toHaveLength(1);
    expect(aboutThis[0]?.data).toMatchObject({
      decision: 'reject',
      note: 'Please add a title for each book.',
    });
  });
});

describe('corrections before approval', () => {
  it('saves sanitized changes to a submitted post, keeps it in the queue and audits the edit', async () => {
    const id = await submitted('Needs a tidy');
    const cover = await uploadCover();
    const res = await editPost(id, {
      title: 'Tidied by the team',
      contentHtml: '<h1>Start</h1><p onclick="x()">Better words.</p><script>alert(1)</script>',
      excerpt: 'A tidy summary.',
      coverUrl: cover,
      coverAlt: 'A green field',
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      title: 'Tidied by the team',
      status: 'submitted',
      contentHtml: '<h2>Start</h2><p>Better words.</p>',
      excerpt: 'A tidy summary.',
      coverUrl: cover,
      coverAlt: 'A green field',
      authorName: 'Jordan Rivers',
    });
    const row = await rowOf(id);
    expect(row?.coverPath).toBe(cover.replace('/media/', ''));
    const [edit] = await auditOf(id);
    expect(edit).toMatchObject({ action: 'blog.edit', actorId: admin.user.id });
    expect(edit?.details).toMatchObject({
      changed: expect.arrayContaining(['title', 'contentHtml', 'excerpt', 'coverPath', 'coverAlt']),
      title: 'Needs a tidy → Tidied by the team',
    });

    // Replacing the cover removes the old upload; the post keeps the new one.
    const next = await uploadCover();
    const replaced = await editPost(id, {
      title: 'Tidied by the team',
      contentHtml: '<p>Better words.</p>',
      coverUrl: next,
      coverAlt: 'Field',
    });
    expect(replaced.json.coverUrl).toBe(next);
    const stored = await readdir(join(mediaDir, 'blog'));
    expect(stored).toContain(next.split('/').pop());
    expect(stored).not.toContain(cover.split('/').pop());
  });

  it('refuses bad input on every field, naming it, and changes nothing', async () => {
    const id = await submitted('Left exactly as sent');
    const before = await rowOf(id);
    const good = { title: 'A good title', contentHtml: '<p>Words</p>' };
    const cases: [Record<string, unknown>, string][] = [
      [{ contentHtml: '<p>Words</p>' }, 'title'],
      [{ ...good, title: 'Hi' }, 'title'],
      [{ ...good, title: 'x'.repeat(151) }, 'title'],
      [{ ...good, title: '<script>alert(1)</script>' }, 'title'],
      [{ title: 'A good title' }, 'contentHtml'],
      [{ ...good, contentHtml: 42 }, 'contentHtml'],
      [{ ...good, contentHtml: `<p>${'a '.repeat(30_001)}</p>` }, 'contentHtml'],
      [{ ...good, contentHtml: '<script>alert(1)</script><p> </p>' }, 'contentHtml'],
      [{ ...good, excerpt: '<b>bold</b>' }, 'excerpt'],
      [{ ...good, excerpt: 'x'.repeat(301) }, 'excerpt'],
      [{ ...good, authorName: '<i>x</i>' }, 'authorName'],
      [{ ...good, authorName: 'A' }, 'authorName'],
      [{ ...good, coverUrl: 'https://elsewhere.example/cat.jpg', coverAlt: 'A cat' }, 'coverUrl'],
      [{ ...good, coverUrl: '/media/../secrets.webp', coverAlt: 'A cat' }, 'coverUrl'],
      [{ ...good, coverUrl: `/media/blog/${UNKNOWN}.webp` }, 'coverAlt'],
      [{ ...good, coverAlt: 'x'.repeat(201) }, 'coverAlt'],
      [{ ...good, coverAlt: 'A <b>cat</b>' }, 'coverAlt'],
      [{ ...good, publish: 'yes' }, 'publish'],
    ];
    for (const [body, field] of cases) {
      const res = await editPost(id, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json.error?.fields ?? {}), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    expect(await rowOf(id)).toEqual(before);
    expect(await auditOf(id)).toHaveLength(0);
  });

  it('answers 404 for an unknown post and 409 once it is reviewed or while a family still writes it', async () => {
    const body = { title: 'A good title', contentHtml: '<p>Words</p>' };
    expect((await editPost(UNKNOWN, body)).status).toBe(404);
    const id = await submitted('Approved, then final');
    await asAdmin('POST', `/api/admin/blogs/${id}/review`, { decision: 'approve' });
    const late = await editPost(id, body);
    expect(late.status).toBe(409);
    expect(late.json.error?.message).toMatch(/it is published/);
    expect((await rowOf(id))?.title).toBe('Approved, then final');

    const familyDraft = await call(api, 'POST', '/api/me/blogs', {
      token: parent.idToken,
      body: { ...body, title: 'Theirs' },
    });
    const mine = await editPost(String(familyDraft.json.id), body);
    expect(mine.status).toBe(409);
    expect(mine.json.error?.message).toMatch(/family’s draft/);

    // A family's post is published by approving it (so the child hears), never by publish: true.
    const waiting = await submitted('Waits for approval');
    const publish = await editPost(waiting, { ...body, publish: true });
    expect(publish.status).toBe(409);
    expect((await rowOf(waiting))?.status).toBe('submitted');
  });
});

describe('posts by the team', () => {
  it('publishes at once, signed by the administrator, to the millisecond, and audits it', async () => {
    const post = await teamPost({
      title: 'News from the team',
      contentHtml: '<p>Our summer list is here.</p><script>steal()</script>',
      publish: true,
    });
    expect(post).toMatchObject({
      title: 'News from the team',
      status: 'approved',
      authorName: 'Ada Admin',
      contentHtml: '<p>Our summer list is here.</p>',
      byTeam: true,
      reviewerName: 'Ada Admin',
    });
    const id = String(post.id);
    const row = await rowOf(id);
    expect(row?.publishedAt?.getTime() ?? 0).toBeGreaterThan(Date.now() - 60_000);
    expect((row?.publishedAt?.getTime() ?? 0) % 1).toBe(0);
    const published = await call(api, 'GET', `/api/blogs/${id}`);
    expect(published.status).toBe(200);
    const page = await call(api, 'GET', '/api/blogs?limit=50');
    expect((page.json.posts as { id: string }[]).map((p) => p.id)).toContain(id);
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['blog.publish']);
  });

  it('keeps a team draft private until an administrator publishes it', async () => {
    const post = await teamPost({
      title: 'Team draft',
      contentHtml: '<p>Half written.</p>',
      authorName: 'The Quill Reads team',
      publish: false,
    });
    const id = String(post.id);
    expect(post).toMatchObject({
      status: 'draft',
      authorName: 'The Quill Reads team',
      publishedAt: null,
    });
    expect((await call(api, 'GET', `/api/blogs/${id}`)).status).toBe(404);

    const saved = await editPost(id, {
      title: 'Team draft, finished',
      contentHtml: '<p>All written now.</p>',
    });
    expect(saved.json).toMatchObject({ status: 'draft', title: 'Team draft, finished' });
    const published = await editPost(id, {
      title: 'Team draft, finished',
      contentHtml: '<p>All written now.</p>',
      publish: true,
    });
    expect(published.json).toMatchObject({ status: 'approved' });
    expect((await call(api, 'GET', `/api/blogs/${id}`)).status).toBe(200);
    expect((await auditOf(id)).map((e) => e.action).sort()).toEqual([
      'blog.create',
      'blog.edit',
      'blog.edit',
      'blog.publish',
    ]);
  });

  it('refuses a post with no words or no choice to publish, and stores nothing', async () => {
    const before = (await database.db.select({ id: blogs.id }).from(blogs)).length;
    for (const [body, field] of [
      [{ title: 'Empty', contentHtml: '<p><script>x</script></p>', publish: true }, 'contentHtml'],
      [{ title: 'No choice', contentHtml: '<p>Words</p>' }, 'publish'],
      [{ title: 'x', contentHtml: '<p>Words</p>', publish: true }, 'title'],
    ] as const) {
      const res = await asAdmin('POST', '/api/admin/blogs', body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.json.error?.fields ?? {})).toContain(field);
    }
    expect((await database.db.select({ id: blogs.id }).from(blogs)).length).toBe(before);
  });

  it('signs with the team’s name when the administrator has none', async () => {
    const { createTeamPost } = await import('../../src/features/blogs/admin.server');
    const id = await createTeamPost(
      database.db,
      { id: admin.user.id, displayName: ' ' },
      { title: 'Unsigned', contentHtml: '<p>Words here.</p>', publish: false },
    );
    expect((await rowOf(id))?.authorName).toBe('The Quill Reads team');
  });
});
