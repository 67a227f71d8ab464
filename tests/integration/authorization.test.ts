import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultInterviewSchedule } from '../../src/features/interviews/interviews.server';
import { generateSlots } from '../../src/features/interviews/slots';
import { passages, plans } from '../../src/platform/db/schema.server';
import { diskStorage } from '../../src/platform/storage/disk.server';
import { ADMIN_EMAIL, call, registeredAccount, type TestApi, testApi, testDatabase } from './harness';

type Actor = 'anonymous' | 'parent' | 'otherParent' | 'admin';

interface Case {
  method: string;
  /**
   * The OpenAPI path; {id} is filled with the id named by `idOf` (the parent's child by default),
   * {childId} with the parent's child and {eventId} with an event (in paths and bodies),
   * {recordingId} and {passageId} with a read-aloud attempt (with audio) and a passage, {entryId}
   * with an entry of the child's reading log, {planId} with a plan. A query
   * string after the path is sent but not compared with the OpenAPI document.
   */
  path: string;
  idOf?: keyof typeof ids;
  body?: unknown;
  /** A raw body (an upload) with its headers, instead of JSON. */
  raw?: { body: string | Uint8Array<ArrayBuffer>; headers: Record<string, string> };
  expect: Record<Actor, number>;
}

const TINY_WEBP = new Uint8Array(
  await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
    .webp()
    .toBuffer(),
);
const child = { firstName: 'Ava', ageBand: '4-6', readingLevel: 'sprout' };
/** Interview slots: the parent holds the first (made in beforeAll), the entries below use the others. */
const interviewSlots = generateSlots(defaultInterviewSchedule(), new Date(Date.now() + 3_600_000)).map(
  (s) => s.startsAt,
);

/** Every API route × who is asking → the status they get. */
const MATRIX: Case[] = [
  {
    method: 'GET',
    path: '/api/health',
    expect: { anonymous: 200, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/openapi.json',
    expect: { anonymous: 200, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/user/loginRegister',
    body: {},
    expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/plans',
    expect: { anonymous: 200, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/inquiries',
    body: { name: 'Jo', email: 'jo@example.com', subject: 'Hello', message: 'A question about programs.' },
    expect: { anonymous: 201, parent: 201, otherParent: 201, admin: 201 },
  },
  { method: 'GET', path: '/api/me', expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 200 } },
  {
    method: 'GET',
    path: '/api/children',
    expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/children',
    body: child,
    expect: { anonymous: 401, parent: 201, otherParent: 201, admin: 201 },
  },
  // A child belongs to one family: nobody else sees it, administrators included (they use the admin routes).
  {
    method: 'GET',
    path: '/api/children/{id}',
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'GET',
    path: '/api/admin/users',
    expect: { anonymous: 401, parent: 403, otherParent: 403, admin: 200 },
  },
  // blogs
  {
    method: 'GET',
    path: '/api/blogs',
    expect: { anonymous: 200, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/blogs/{id}',
    idOf: 'publishedBlog',
    expect: { anonymous: 200, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/me/blogs',
    expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/me/blogs',
    body: { title: 'A family post', contentHtml: '<p>Words about reading.</p>' },
    expect: { anonymous: 401, parent: 201, otherParent: 201, admin: 201 },
  },
  // A draft belongs to its author: nobody else can send it for review.
  {
    method: 'POST',
    path: '/api/me/blogs/{id}/submit',
    idOf: 'parentDraft',
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/admin/blogs/{id}/review',
    idOf: 'submittedBlog',
    body: { decision: 'approve' },
    expect: { anonymous: 401, parent: 403, otherParent: 403, admin: 200 },
  },
  // myblogs: a family reads, changes and deletes only its own posts (404 for anyone else, as for
  // no post at all); the author deletes last, so the others meet a post that still exists.
  {
    method: 'GET',
    path: '/api/me/blogs/{id}',
    idOf: 'editableDraft',
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'PATCH',
    path: '/api/me/blogs/{id}',
    idOf: 'editableDraft',
    body: { title: 'A family post, revised', contentHtml: '<p>More words about reading.</p>' },
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/me/blogs/{id}',
    idOf: 'deletableDraft',
    expect: { anonymous: 401, otherParent: 404, admin: 404, parent: 204 },
  },
  {
    method: 'POST',
    path: '/api/me/blog-images',
    // A real (tiny) picture: the server decodes and re-encodes it.
    raw: { body: TINY_WEBP, headers: { 'content-type': 'image/webp' } },
    expect: { anonymous: 401, parent: 201, otherParent: 201, admin: 201 },
  },
  // events: public reads; a family sees and changes only its own children's registrations.
  {
    method: 'GET',
    path: '/api/events',
    expect: { anonymous: 200, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/events/{eventId}',
    expect: { anonymous: 200, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/events/{eventId}/registrations',
    expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/events/{eventId}/registrations',
    body: { childId: '{childId}' },
    expect: { anonymous: 401, parent: 201, otherParent: 404, admin: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/events/{eventId}/registrations/{childId}',
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/admin/events',
    body: {
      title: 'Story time',
      startsAt: '2099-06-14T15:00:00Z',
      endsAt: '2099-06-14T16:00:00Z',
      location: 'Library',
      capacity: 10,
    },
    expect: { anonymous: 401, parent: 403, otherParent: 403, admin: 201 },
  },
  // read-aloud: passages for any family; a child's attempts and recordings for its family only.
  {
    method: 'GET',
    path: '/api/passages',
    expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/children/{id}/recordings',
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/children/{id}/recordings?passageId={passageId}&durationMs=30000',
    expect: { anonymous: 401, parent: 201, otherParent: 404, admin: 404 },
  },
  {
    method: 'GET',
    path: '/api/children/{id}/recordings/{recordingId}/audio',
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/children/{id}/recordings/{recordingId}',
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  // reading log: a child's log is its family's alone; the catalogue search is public.
  {
    method: 'GET',
    path: '/api/children/{id}/reading',
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/children/{id}/reading',
    body: { title: 'Matrix book', readOn: '2025-06-01', minutes: 10 },
    expect: { anonymous: 401, parent: 201, otherParent: 404, admin: 404 },
  },
  {
    method: 'PATCH',
    path: '/api/children/{id}/reading/{entryId}',
    body: { minutes: 12 },
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  // After the PATCH: the parent's DELETE takes the entry away.
  {
    method: 'DELETE',
    path: '/api/children/{id}/reading/{entryId}',
    expect: { anonymous: 401, otherParent: 404, admin: 404, parent: 204 },
  },
  {
    method: 'GET',
    path: '/api/books',
    expect: { anonymous: 200, parent: 200, otherParent: 200, admin: 200 },
  },
  // family: the signed-in family's own notifications, details, export
  {
    method: 'GET',
    path: '/api/me/notifications/unread',
    expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/children/{id}/notifications',
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/children/{id}/notifications/read',
    body: {},
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'PATCH',
    path: '/api/me',
    body: { displayName: 'Sam P.' },
    expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'PATCH',
    path: '/api/children/{id}',
    body: child,
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'GET',
    path: '/api/me/export',
    expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 200 },
  },
  // interviews: a family sees and changes only its own booking.
  {
    method: 'GET',
    path: '/api/interviews/slots',
    expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/me/interviews',
    expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 200 },
  },
  // The parent already holds an interview; the other parent takes this slot, so the admin finds it taken.
  {
    method: 'POST',
    path: '/api/interviews',
    body: { startsAt: interviewSlots[1] },
    expect: { anonymous: 401, parent: 409, otherParent: 201, admin: 409 },
  },
  {
    method: 'GET',
    path: '/api/interviews/{id}',
    idOf: 'interview',
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'PATCH',
    path: '/api/interviews/{id}',
    idOf: 'interview',
    body: { startsAt: interviewSlots[2] },
    expect: { anonymous: 401, otherParent: 404, admin: 404, parent: 200 },
  },
  {
    method: 'DELETE',
    path: '/api/interviews/{id}',
    idOf: 'interview',
    expect: { anonymous: 401, otherParent: 404, admin: 404, parent: 200 },
  },
  // payments: check-out, the family's orders, the sandbox's test payment and the provider's webhook
  {
    method: 'POST',
    path: '/api/checkout',
    body: { planId: '{planId}', childId: '{childId}' },
    expect: { anonymous: 401, parent: 201, otherParent: 404, admin: 404 },
  },
  {
    method: 'GET',
    path: '/api/orders/{id}',
    idOf: 'order',
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/orders/{id}/sandbox-pay',
    idOf: 'order',
    body: { outcome: 'fail' },
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'GET',
    path: '/api/me/orders',
    expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 200 },
  },
  // Nobody signs in to it: Stripe's signature is the credential, and an unsigned call is refused.
  {
    method: 'POST',
    path: '/api/payments/webhook',
    body: { id: 'evt_1', type: 'payment_intent.succeeded' },
    expect: { anonymous: 400, parent: 400, otherParent: 400, admin: 400 },
  },
  // Keep these last: they delete the child and the accounts the entries above use.
  {
    method: 'DELETE',
    path: '/api/children/{id}',
    expect: { anonymous: 401, parent: 200, otherParent: 404, admin: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/me',
    body: { confirm: 'delete our family' },
    // The matrix has one administrator: the last one cannot delete themselves.
    expect: { anonymous: 401, parent: 200, otherParent: 200, admin: 409 },
  },
];

let database: Awaited<ReturnType<typeof testDatabase>>;
let api: TestApi;
let tokens: Record<Actor, string | undefined>;
/** Ids the paths are filled with, made in beforeAll. */
const ids = {
  child: '',
  publishedBlog: '',
  parentDraft: '',
  submittedBlog: '',
  event: '',
  passage: '',
  recording: '',
  editableDraft: '',
  deletableDraft: '',
  entry: '',
  interview: '',
  plan: '',
  order: '',
};
let mediaDir: string;
/** Fills a path or body with this run's ids. */
const fill = (text: string, idOf: keyof typeof ids = 'child') =>
  text
    .replaceAll('{eventId}', ids.event)
    .replaceAll('{childId}', ids.child)
    .replaceAll('{passageId}', ids.passage)
    .replaceAll('{recordingId}', ids.recording)
    .replaceAll('{entryId}', ids.entry)
    .replaceAll('{planId}', ids.plan)
    .replace('{id}', ids[idOf]);

beforeAll(async () => {
  database = await testDatabase();
  mediaDir = await mkdtemp(join(tmpdir(), 'qr-matrix-media-'));
  api = testApi(database, { storage: diskStorage(mediaDir) });
  const [parent, otherParent, admin] = await Promise.all([
    registeredAccount(api),
    registeredAccount(api),
    registeredAccount(api, ADMIN_EMAIL, 'Ada Admin'),
  ]);
  tokens = {
    anonymous: undefined,
    parent: parent.idToken,
    otherParent: otherParent.idToken,
    admin: admin.idToken,
  };
  const created = await call(api, 'POST', '/api/children', { token: parent.idToken, body: child });
  ids.child = String(created.json._id);
  const entry = await call(api, 'POST', `/api/children/${ids.child}/reading`, {
    token: parent.idToken,
    body: { title: 'Matrix entry', readOn: '2025-06-02', minutes: 15 },
  });
  ids.entry = String((entry.json as { entry: { _id: string } }).entry._id);
  const interview = await call(api, 'POST', '/api/interviews', {
    token: parent.idToken,
    body: { startsAt: interviewSlots[0] },
  });
  ids.interview = String(interview.json._id);

  const newDraft = async () => {
    const res = await call(api, 'POST', '/api/me/blogs', {
      token: parent.idToken,
      body: { title: 'Matrix post', contentHtml: '<p>Words about reading.</p>' },
    });
    return String(res.json._id);
  };
  const submitted = async () => {
    const id = await newDraft();
    await call(api, 'POST', `/api/me/blogs/${id}/submit`, { token: parent.idToken });
    return id;
  };
  const event = await call(api, 'POST', '/api/admin/events', {
    token: admin.idToken,
    body: MATRIX.find((c) => c.path === '/api/admin/events')?.body,
  });
  ids.event = String(event.json._id);
  ids.parentDraft = await newDraft();
  ids.editableDraft = await newDraft();
  ids.deletableDraft = await newDraft();
  ids.submittedBlog = await submitted();
  ids.publishedBlog = await submitted();
  await call(api, 'POST', `/api/admin/blogs/${ids.publishedBlog}/review`, {
    token: admin.idToken,
    body: { decision: 'approve' },
  });
  const [passage] = await database.db
    .insert(passages)
    .values({ title: 'Matrix passage', readingLevel: 'sprout', text: 'Sam has a red gate.', wordCount: 5 })
    .returning();
  ids.passage = String(passage?.id);
  const recording = await call(
    api,
    'POST',
    `/api/children/${ids.child}/recordings?passageId=${ids.passage}&durationMs=5000`,
    { token: parent.idToken, rawBody: 'audio bytes', headers: { 'content-type': 'audio/webm' } },
  );
  ids.recording = String(recording.json.id);
  const [plan] = await database.db
    .insert(plans)
    .values({ name: 'Matrix plan', durationMonths: 1, priceCents: 2900 })
    .returning();
  ids.plan = String(plan?.id);
  const order = await call(api, 'POST', '/api/checkout', {
    token: parent.idToken,
    body: { planId: ids.plan, childId: ids.child },
  });
  ids.order = String(order.json.orderId);
});
afterAll(async () => {
  await database?.dispose();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe('authorization matrix', () => {
  it('covers every route the API describes', async () => {
    const doc = (await call(api, 'GET', '/api/openapi.json')).json as {
      paths: Record<string, Record<string, unknown>>;
    };
    const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const covered = MATRIX.map((c) => `${c.method} ${c.path.split('?')[0]}`);
    // Admin routes the matrix leaves out are covered by adminGuard.test.ts, which finds them itself.
    const needed = described.filter((d) => !d.includes(' /api/admin/') || covered.includes(d));
    expect(covered.filter((c) => c !== 'GET /api/openapi.json').sort()).toEqual(needed.sort());
  });

  for (const entry of MATRIX) {
    for (const actor of Object.keys(entry.expect) as Actor[]) {
      it(`${entry.method} ${entry.path} as ${actor} → ${entry.expect[actor]}`, async () => {
        const token = tokens[actor];
        const res = await call(api, entry.method, fill(entry.path, entry.idOf), {
          ...(token ? { token } : {}),
          ...(entry.body !== undefined ? { body: JSON.parse(fill(JSON.stringify(entry.body))) } : {}),
          ...(entry.raw ? { rawBody: entry.raw.body, headers: entry.raw.headers } : {}),
        });
        expect(res.status).toBe(entry.expect[actor]);
        if (res.status >= 400) expect(res.json.error?.code).toEqual(expect.any(String));
      });
    }
  }
});
