import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { decodeCursor } from '../../src/features/blogs/blogs';
import { listPublishedPosts } from '../../src/features/blogs/blogs.server';
import { auditLog, blogs, notifications } from '../../src/platform/db/schema.server';
import { adminAccount, call, familyWithChild, fileApi, registeredAccount } from './harness';

const { database, api } = await fileApi();
const [parent, otherParent, admin] = await Promise.all([
  familyWithChild(api, { firstName: 'Nora', ageBand: '8-10', readingLevel: 'branch' }),
  registeredAccount(api),
  adminAccount(api),
]);
const { childId } = parent;

/** The parent sends a draft for review. */
const submit = (id: string) => call(api, 'POST', `/api/me/blogs/${id}/submit`, { token: parent.idToken });
/** The administrator reviews a post. */
const review = (id: string, body: unknown) =>
  call(api, 'POST', `/api/admin/blogs/${id}/review`, { token: admin.idToken, body });

const post = (title: string, extra: Record<string, unknown> = {}) => ({
  title,
  contentHtml: `<p>${title}: a few honest words about reading together at home.</p>`,
  ...extra,
});

async function draft(body: Record<string, unknown>, token = parent.idToken) {
  const res = await call(api, 'POST', '/api/me/blogs', { token, body });
  expect(res.status).toBe(201);
  return String(res.json.id);
}

async function publish(title: string, extra: Record<string, unknown> = {}) {
  const id = await draft(post(title, extra));
  expect((await submit(id)).status).toBe(200);
  expect((await review(id, { decision: 'approve' })).status).toBe(200);
  return id;
}

const blogCount = async () => (await database.db.select({ id: blogs.id }).from(blogs)).length;

describe('writing, submitting and reviewing a post', () => {
  it('keeps a draft private, sanitized, with its word count and a summary', async () => {
    const id = await draft(
      post('Our garden reading club', {
        contentHtml:
          '<h1>Hello</h1><p onclick="steal()">We read <strong>outside</strong>.</p><script>alert(1)</script><img src="x" onerror="alert(1)">',
        childId,
      }),
    );
    const [row] = await database.db.select().from(blogs).where(eq(blogs.id, id));
    expect(row?.contentHtml).toBe('<h2>Hello</h2><p>We read <strong>outside</strong>.</p>');
    expect(row?.status).toBe('draft');
    expect(row?.wordCount).toBe(4);
    expect(row?.excerpt).toBe('Hello We read outside.');
    expect(row?.authorName).toBe('Sam Parent');
    expect((await call(api, 'GET', `/api/blogs/${id}`)).status).toBe(404);

    const mine = await call(api, 'GET', '/api/me/blogs', { token: parent.idToken });
    expect(mine.json).toEqual(expect.arrayContaining([expect.objectContaining({ id: id, status: 'draft' })]));
    const theirs = await call(api, 'GET', '/api/me/blogs', { token: otherParent.idToken });
    expect(theirs.json).toEqual([]);
  });

  it('refuses bad drafts, naming the field, and stores nothing', async () => {
    const before = await blogCount();
    const cases: [unknown, string][] = [
      [{ contentHtml: '<p>Words</p>' }, 'title'],
      [{ title: 'Hi', contentHtml: '<p>Words</p>' }, 'title'],
      [{ title: 'x'.repeat(151), contentHtml: '<p>Words</p>' }, 'title'],
      [{ title: '<script>alert(1)</script>', contentHtml: '<p>Words</p>' }, 'title'],
      [{ title: 42, contentHtml: '<p>Words</p>' }, 'title'],
      [{ title: 'A good title' }, 'contentHtml'],
      [{ title: 'A good title', contentHtml: ['<p>'] }, 'contentHtml'],
      [{ title: 'A good title', contentHtml: `<p>${'a '.repeat(30_001)}</p>` }, 'contentHtml'],
      [{ title: 'A good title', contentHtml: '<script>only a script</script><p> </p>' }, 'contentHtml'],
      [{ title: 'A good title', contentHtml: '<p>Words</p>', excerpt: '<b>bold</b>' }, 'excerpt'],
      [{ title: 'A good title', contentHtml: '<p>Words</p>', childId: 'not-an-id' }, 'childId'],
    ];
    for (const [body, field] of cases) {
      const res = await call(api, 'POST', '/api/me/blogs', { token: parent.idToken, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json.error?.fields ?? {})).toContain(field);
    }
    expect(await blogCount()).toBe(before);
  });

  it('answers 404 for a child of another family, revealing nothing', async () => {
    const before = await blogCount();
    const res = await call(api, 'POST', '/api/me/blogs', {
      token: otherParent.idToken,
      body: post('Not my child', { childId }),
    });
    expect(res.status).toBe(404);
    expect(await blogCount()).toBe(before);
  });

  it('submits only the author’s own drafts, once', async () => {
    const id = await draft(post('Submitted once'));
    expect(
      (await call(api, 'POST', `/api/me/blogs/${id}/submit`, { token: otherParent.idToken })).status,
    ).toBe(404);
    expect((await submit(id)).status).toBe(200);
    const again = await submit(id);
    expect(again.status).toBe(409);
    expect((await submit('nope')).status).toBe(400);
  });

  it('approves: the post is public at once, the child is told, the change is audited', async () => {
    const id = await draft(post('Approved and public', { childId }));
    await submit(id);
    const res = await review(id, { decision: 'approve' });
    expect(res.status).toBe(200);
    expect(res.json.status).toBe('approved');

    const pub = await call(api, 'GET', `/api/blogs/${id}`);
    expect(pub.status).toBe(200);
    expect(pub.json).toMatchObject({
      id: id,
      title: 'Approved and public',
      authorName: 'Sam Parent',
      readingMinutes: 1,
    });
    const notes = await database.db.select().from(notifications).where(eq(notifications.childId, childId));
    expect(notes.map((n) => n.link)).toContain(`/blogs/${id}`);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.action).toBe('blog.approve');
  });

  it('rejects with a note the family sees; a rejection needs one', async () => {
    const id = await draft(post('Needs a little work', { childId }));
    await submit(id);
    const noNote = await review(id, { decision: 'reject' });
    expect(noNote.status).toBe(400);
    expect(noNote.json.error?.fields).toHaveProperty('note');
    for (const body of [
      {},
      { decision: 'maybe' },
      { decision: 'reject', note: '<script>x</script>' },
      { decision: 'reject', note: 'x'.repeat(1001) },
    ]) {
      expect((await review(id, body)).status).toBe(400);
    }
    const [unchanged] = await database.db.select().from(blogs).where(eq(blogs.id, id));
    expect(unchanged?.status).toBe('submitted');

    const res = await review(id, { decision: 'reject', note: 'Please add a photo credit.' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'rejected', reviewNote: 'Please add a photo credit.' });
    expect((await call(api, 'GET', `/api/blogs/${id}`)).status).toBe(404);
    // Changed and sent again, it goes back to the queue.
    expect((await submit(id)).status).toBe(200);
  });

  it('lets only one of two administrators acting at once review a post', async () => {
    const id = await draft(post('Reviewed once'));
    await submit(id);
    const [a, b] = await Promise.all([
      review(id, { decision: 'approve' }),
      review(id, { decision: 'reject', note: 'Too short.' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.json.error?.code).toBe('already_reviewed');
    expect(loser.json.error?.message).toMatch(/^This post was already (approved|reviewed) by Ada Admin/);
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit).toHaveLength(1);
  });

  it('refuses to review a draft or an unknown post', async () => {
    const id = await draft(post('Still a draft'));
    const res = await review(id, { decision: 'approve' });
    expect(res.status).toBe(409);
    const unknown = await review('00000000-0000-4000-8000-000000000000', { decision: 'approve' });
    expect(unknown.status).toBe(404);
  });
});

describe('the public list', () => {
  it('pages through every published post, newest first, by cursor, without repeats', async () => {
    for (const title of [
      'Page post one',
      'Page post two',
      'Page post three',
      'Page post four',
      'Page post five',
    ]) {
      await publish(title);
    }
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const path: string = `/api/blogs?limit=2${after ? `&after=${after}` : ''}`;
      const res = await call(api, 'GET', path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('public');
      const page = res.json as unknown as {
        posts: { id: string; publishedAt: string }[];
        nextCursor: string | null;
      };
      expect(page.posts.length).toBeLessThanOrEqual(2);
      seen.push(...page.posts.map((p) => p.id));
      after = page.nextCursor;
      pages++;
    } while (after && pages < 50);
    const published = await database.db
      .select({ id: blogs.id })
      .from(blogs)
      .where(eq(blogs.status, 'approved'));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.sort()).toEqual(published.map((p) => p.id).sort());

    const first = (await call(api, 'GET', '/api/blogs?limit=50')).json as unknown as {
      posts: { publishedAt: string }[];
    };
    const dates = first.posts.map((p) => p.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('walks back with `before` to exactly the pages it came through', async () => {
    const forward: string[][] = [];
    let page = await listPublishedPosts(database.db, { limit: 2 });
    forward.push(page.posts.map((p) => p.id));
    while (page.nextCursor) {
      page = await listPublishedPosts(database.db, { after: decodeCursor(page.nextCursor), limit: 2 });
      forward.push(page.posts.map((p) => p.id));
    }
    expect(forward.length).toBeGreaterThan(2);
    const backward: string[][] = [page.posts.map((p) => p.id)];
    while (page.previousCursor) {
      page = await listPublishedPosts(database.db, { before: decodeCursor(page.previousCursor), limit: 2 });
      backward.unshift(page.posts.map((p) => p.id));
    }
    expect(backward).toEqual(forward);
  });

  it('keeps publication times to the millisecond the cursors carry', async () => {
    const finer = await database.db.execute(
      sql`select count(*)::int as n from blogs where published_at <> date_trunc('milliseconds', published_at)`,
    );
    expect((finer as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    await expect(
      database.db.execute(
        sql`update blogs set published_at = '2026-01-01T10:00:00.123456Z' where status = 'approved'`,
      ),
    ).rejects.toThrow();
  });

  it('refuses bad paging input, naming the field', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1.5', 'limit'],
      ['after=garbage!', 'after'],
      ['after=bm90LWEtY3Vyc29y', 'after'],
      ['after=MDAwMC0wMS0wMVQwMDowMDowMC4wMDBaXzAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLTAwMDAwMDAwMDAwMA', 'after'],
      [`after=${'a'.repeat(101)}`, 'after'],
    ];
    for (const [query, field] of cases) {
      const res = await call(api, 'GET', `/api/blogs?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.json.error?.fields ?? {})).toContain(field);
    }
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call(api, 'GET', '/api/blogs/not-an-id')).status).toBe(400);
    expect((await call(api, 'GET', '/api/blogs/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
