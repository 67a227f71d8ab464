import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultInterviewSchedule } from '../../src/features/interviews/interviews.server';
import { generateSlots } from '../../src/features/interviews/slots';
import { makeReport } from '../../src/features/reports/reports.server';
import { books, memberships, passages, progressReports } from '../../src/platform/db/schema.server';
import { addPlan, adminAccount, call, fileApi, guideAccount, registeredAccount } from './harness';
import { weekUnderWay } from './programFixtures';

type Actor = 'anonymous' | 'parent' | 'otherParent' | 'admin' | 'guide';

interface Case {
  method: string;
  /**
   * The OpenAPI path; {id} is filled with the id named by `idOf` (the parent's child by default),
   * {childId} with the parent's child and {eventId} with an event (in paths and bodies),
   * {recordingId} and {passageId} with a read-aloud attempt (with audio) and a passage, {entryId}
   * with an entry of the child's reading log, {planId} with a plan, {token} with the parent's
   * calendar address. A query
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

/**
 * The status each of the five actors gets, in the order they ask. The guide follows the parent's
 * second child (Ben); a guide's own account is a family account too, with no children.
 */
const everyone = (status: number) => ({
  anonymous: status,
  parent: status,
  otherParent: status,
  admin: status,
  guide: status,
});
const signedIn = (status: number) => ({
  anonymous: 401,
  parent: status,
  otherParent: status,
  admin: status,
  guide: status,
});
const adminOnly = (status: number) => ({
  anonymous: 401,
  parent: 403,
  otherParent: 403,
  admin: status,
  guide: 403,
});
const guideOnly = (status: number) => ({
  anonymous: 401,
  parent: 403,
  otherParent: 403,
  admin: 403,
  guide: status,
});
/** The parent's own resource: everyone else gets 404, as for none at all. */
const ownerOnly = (status: number) => ({
  anonymous: 401,
  parent: status,
  otherParent: 404,
  admin: 404,
  guide: 404,
});
/** The same, with the parent asking last, so the others meet a resource that still exists. */
const ownerLast = (status: number) => ({
  anonymous: 401,
  otherParent: 404,
  admin: 404,
  guide: 404,
  parent: status,
});

/** One row of the matrix: `METHOD path`, who gets what, and what else the request carries. */
const route = (
  request: string,
  expected: Record<Actor, number>,
  extra: Pick<Case, 'idOf' | 'body' | 'raw'> = {},
): Case => {
  const [method = '', path = ''] = request.split(' ');
  return { method, path, expect: expected, ...extra };
};

const NEW_EVENT = {
  title: 'Story time',
  startsAt: '2099-06-14T15:00:00Z',
  endsAt: '2099-06-14T16:00:00Z',
  location: 'Library',
  streetAddress: '1 Test Lane',
  addressLocality: 'Springfield',
  postalCode: '62701',
  addressCountry: 'US',
  capacity: 10,
};

/** Every API route × who is asking → the status they get. */
const MATRIX: Case[] = [
  route('GET /api/health', everyone(200)),
  route('GET /api/health/live', everyone(200)),
  route('GET /api/openapi.json', everyone(200)),
  route('POST /api/user/loginRegister', signedIn(200), { body: {} }),
  route('GET /api/plans', everyone(200)),
  route('POST /api/inquiries', everyone(201), {
    body: { name: 'Jo', email: 'jo@example.com', subject: 'Hello', message: 'A question about programs.' },
  }),
  route('GET /api/me', signedIn(200)),
  route('GET /api/children', signedIn(200)),
  route('GET /api/me/email-preferences', signedIn(200)),
  route('PUT /api/me/email-preferences', signedIn(200), { body: { weeklyPlans: true } }),
  // No sign-in: the link's token is the credential (this one belongs to nobody).
  route('POST /api/email/unsubscribe?token=tok_nobody_has_this_token_1234', everyone(404)),
  route('POST /api/children', signedIn(201), { body: child }),
  // A child belongs to one family: nobody else sees it, administrators included (they use the admin routes).
  route('GET /api/children/{id}', ownerOnly(200)),
  route('GET /api/admin/users', adminOnly(200)),
  // blogs
  route('GET /api/blogs', everyone(200)),
  route('GET /api/blogs/{id}', everyone(200), { idOf: 'publishedBlog' }),
  route('GET /api/me/blogs', signedIn(200)),
  route('POST /api/me/blogs', signedIn(201), {
    body: { title: 'A family post', contentHtml: '<p>Words about reading.</p>' },
  }),
  // A draft belongs to its author: nobody else can send it for review.
  route('POST /api/me/blogs/{id}/submit', ownerOnly(200), { idOf: 'parentDraft' }),
  route('POST /api/admin/blogs/{id}/review', adminOnly(200), {
    idOf: 'submittedBlog',
    body: { decision: 'approve' },
  }),
  // myblogs: a family reads, changes and deletes only its own posts (404 for anyone else, as for
  // no post at all); the author deletes last, so the others meet a post that still exists.
  route('GET /api/me/blogs/{id}', ownerOnly(200), { idOf: 'editableDraft' }),
  route('PATCH /api/me/blogs/{id}', ownerOnly(200), {
    idOf: 'editableDraft',
    body: { title: 'A family post, revised', contentHtml: '<p>More words about reading.</p>' },
  }),
  route('DELETE /api/me/blogs/{id}', ownerLast(204), { idOf: 'deletableDraft' }),
  // A real (tiny) picture: the server decodes and re-encodes it.
  route('POST /api/me/blog-images', signedIn(201), {
    raw: { body: TINY_WEBP, headers: { 'content-type': 'image/webp' } },
  }),
  // events: public reads; a family sees and changes only its own children's registrations.
  route('GET /api/events', everyone(200)),
  route('GET /api/events/{eventId}', everyone(200)),
  route('GET /api/events/{eventId}/registrations', signedIn(200)),
  route('POST /api/events/{eventId}/registrations', ownerOnly(201), { body: { childId: '{childId}' } }),
  route('DELETE /api/events/{eventId}/registrations/{childId}', ownerOnly(200)),
  route('POST /api/admin/events', adminOnly(201), { body: NEW_EVENT }),
  // read-aloud: passages for any family; a child's attempts and recordings for its family only.
  route('GET /api/passages', signedIn(200)),
  route('GET /api/passages/{id}/listening', signedIn(200), { idOf: 'passage' }),
  route('GET /api/children/{id}/recordings', ownerOnly(200)),
  route('GET /api/children/{id}/fluency', ownerOnly(200)),
  route('GET /api/children/{id}/portfolio', ownerOnly(200)),
  route('POST /api/children/{id}/recordings?passageId={passageId}&durationMs=30000', ownerOnly(201)),
  route('GET /api/children/{id}/recordings/{recordingId}/audio', ownerOnly(200)),
  route('PUT /api/children/{id}/recordings/{recordingId}/heard', ownerOnly(200), {
    body: { marks: [{ word: 1, kind: 'omission' }], lastWord: null, readingMs: 4000, confidence: 0.8 },
  }),
  route('DELETE /api/children/{id}/recordings/{recordingId}', ownerOnly(200)),
  // reading log: a child's log is its family's alone; the catalogue search is public.
  route('GET /api/children/{id}/reading', ownerOnly(200)),
  route('POST /api/children/{id}/reading', ownerOnly(201), {
    body: { title: 'Matrix book', readOn: '2025-06-01', minutes: 10 },
  }),
  route('PATCH /api/children/{id}/reading/{entryId}', ownerOnly(200), { body: { minutes: 12 } }),
  // After the PATCH: the parent's DELETE takes the entry away.
  route('DELETE /api/children/{id}/reading/{entryId}', ownerLast(204)),
  route('GET /api/books', everyone(200)),
  // the program: a child's plan and wall are its family's alone; the calendar address is the
  // family's, and its feed answers whoever holds the address (calendar apps do not sign in).
  route('GET /api/children/{id}/plan', ownerOnly(200)),
  route('GET /api/children/{id}/wall', ownerOnly(200)),
  route('PUT /api/children/{id}/placement', ownerOnly(200), {
    body: { independence: 'with-help', stamina: '10-20', feeling: 'fine' },
  }),
  route('GET /api/me/calendar', signedIn(200)),
  route('POST /api/me/calendar', signedIn(200)),
  route('GET /api/calendar/{token}/plans.ics', everyone(200)),
  route('DELETE /api/me/calendar', signedIn(204)),
  route('GET /api/calendar/{token}/plans.ics', everyone(404)),
  // family: the signed-in family's own notifications, details, export
  route('GET /api/me/notifications/unread', signedIn(200)),
  route('GET /api/me/notifications/stream', signedIn(200)),
  route('GET /api/children/{id}/notifications', ownerOnly(200)),
  route('POST /api/children/{id}/notifications/read', ownerOnly(200), { body: {} }),
  route('PATCH /api/me', signedIn(200), { body: { displayName: 'Sam P.' } }),
  route('PATCH /api/children/{id}', ownerOnly(200), { body: child }),
  route('GET /api/me/export', signedIn(200)),
  // interviews: a family sees and changes only its own booking.
  route('GET /api/interviews/slots', signedIn(200)),
  route('GET /api/me/interviews', signedIn(200)),
  route('GET /api/admin/interviews', adminOnly(200)),
  // The background jobs: this API has no queue (as on a development server), so it says none run.
  route('GET /api/admin/jobs', adminOnly(200)),
  // The outbox of email (its retry is refused to all but administrators in adminGuard.test.ts).
  route('GET /api/admin/emails', adminOnly(200)),
  // The enrolled children, and one child's programs (the parent's child: none yet, an empty list).
  route('GET /api/admin/enrolments?behind=true', adminOnly(200)),
  route('GET /api/admin/enrolments/{id}', adminOnly(200)),
  // The parent already holds an interview; the other parent takes this slot, so the admin finds it taken.
  route(
    'POST /api/interviews',
    { anonymous: 401, parent: 409, otherParent: 201, admin: 409, guide: 409 },
    { body: { startsAt: interviewSlots[1] } },
  ),
  route('GET /api/interviews/{id}', ownerOnly(200), { idOf: 'interview' }),
  route('PATCH /api/interviews/{id}', ownerLast(200), {
    idOf: 'interview',
    body: { startsAt: interviewSlots[2] },
  }),
  route('DELETE /api/interviews/{id}', ownerLast(200), { idOf: 'interview' }),
  // payments: check-out, the family's orders, the sandbox's test payment and the provider's webhook
  route('GET /api/checkout/preview?planId={planId}&childId={childId}', ownerOnly(200)),
  route('POST /api/checkout', ownerOnly(201), { body: { planId: '{planId}', childId: '{childId}' } }),
  route('GET /api/orders/{id}', ownerOnly(200), { idOf: 'order' }),
  route('POST /api/orders/{id}/confirm', ownerOnly(200), { idOf: 'order' }),
  route('POST /api/orders/{id}/sandbox-pay', ownerOnly(200), { idOf: 'order', body: { outcome: 'fail' } }),
  route('GET /api/me/orders', signedIn(200)),
  // billing: a family's renewing programs and payments are its own (404 for anyone else).
  route('GET /api/billing', signedIn(200)),
  route('POST /api/billing/memberships/{id}/pause', ownerOnly(200), {
    idOf: 'membership',
    body: { weeks: 1 },
  }),
  route('POST /api/billing/memberships/{id}/cancel', ownerOnly(200), {
    idOf: 'membership',
    body: { refund: false },
  }),
  route('POST /api/billing/memberships/{id}/keep', ownerOnly(200), { idOf: 'membership' }),
  // Nothing is unpaid, and the order was never paid: the owner is refused for that, the others never see it.
  route('POST /api/billing/memberships/{id}/pay', ownerOnly(409), { idOf: 'membership' }),
  route('POST /api/billing/orders/{id}/refund', ownerOnly(400), { idOf: 'order', body: {} }),
  route('GET /api/orders/{id}/receipt.pdf', ownerOnly(200), { idOf: 'paidOrder' }),
  // The sandbox has no Customer Portal.
  route('POST /api/billing/portal', signedIn(409)),
  route('POST /api/billing/sandbox/clock', signedIn(200), { body: { days: 1 } }),
  route('POST /api/billing/sandbox/card', signedIn(200), { body: { declines: false } }),
  // Nobody signs in to it: Stripe's signature is the credential, and an unsigned call is refused.
  route('POST /api/payments/webhook', everyone(400), {
    body: { id: 'evt_1', type: 'payment_intent.succeeded' },
  }),
  // reading guides: the team assigns them; a guide reaches only the children assigned to them.
  route('GET /api/admin/guides', adminOnly(200)),
  route('PATCH /api/admin/guides/{id}', adminOnly(200), { idOf: 'guide', body: { capacity: 20 } }),
  route('PUT /api/admin/enrolments/{id}/guide', adminOnly(200), {
    idOf: 'guidedChild',
    body: { guideId: '{guideId}' },
  }),
  route('GET /api/guide/children', guideOnly(200)),
  route('GET /api/guide/children/{id}', guideOnly(200), { idOf: 'guidedChild' }),
  route('GET /api/guide/recordings', guideOnly(200)),
  route('GET /api/guide/recordings/{id}', guideOnly(200), { idOf: 'guidedRecording' }),
  route('GET /api/guide/recordings/{id}/audio', guideOnly(200), { idOf: 'guidedRecording' }),
  route('PUT /api/guide/children/{id}/weeks/{weekId}/note', guideOnly(200), {
    idOf: 'guidedChild',
    body: { body: 'A good week of reading.' },
  }),
  route('PUT /api/guide/children/{id}/swap', guideOnly(200), {
    idOf: 'guidedChild',
    body: { bookId: '{bookId}', reason: 'A story about the sea, after the lighthouse passage.' },
  }),
  route('DELETE /api/guide/children/{id}/swap', guideOnly(204), { idOf: 'guidedChild' }),
  route('PUT /api/guide/recordings/{id}/record', guideOnly(200), {
    idOf: 'guidedRecording',
    body: { marks: [{ word: 1, kind: 'omission' }], readingMs: 4000, fluency: 3 },
  }),
  route('GET /api/guide/interview-times', guideOnly(200)),
  route('PUT /api/guide/interview-times', guideOnly(200), { body: { windows: null, timeZone: null } }),
  // progress reports: the family's own child's only.
  route('GET /api/children/{id}/reports', ownerOnly(200)),
  route('GET /api/reports/{id}', ownerOnly(200), { idOf: 'report' }),
  route('GET /api/reports/{id}/report.pdf', ownerOnly(200), { idOf: 'report' }),
  route('GET /api/reports/{id}/certificate.pdf', ownerOnly(200), { idOf: 'report' }),
  // Keep these last: they delete the child and the accounts the entries above use.
  route('DELETE /api/children/{id}', ownerOnly(200)),
  // The matrix has one administrator: the last one cannot delete themselves.
  route(
    'DELETE /api/me',
    { anonymous: 401, parent: 200, otherParent: 200, admin: 409, guide: 200 },
    { body: { confirm: 'delete our family' } },
  ),
];

const { database, api, storage } = await fileApi({ media: 'matrix-media' });
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
  membership: '',
  paidOrder: '',
  calendarToken: '',
  guide: '',
  guidedChild: '',
  guidedRecording: '',
  week: '',
  book: '',
  report: '',
};
/** Fills a path or body with this run's ids. */
const fill = (text: string, idOf: keyof typeof ids = 'child') =>
  text
    .replaceAll('{eventId}', ids.event)
    .replaceAll('{childId}', ids.child)
    .replaceAll('{passageId}', ids.passage)
    .replaceAll('{recordingId}', ids.recording)
    .replaceAll('{entryId}', ids.entry)
    .replaceAll('{planId}', ids.plan)
    .replaceAll('{token}', ids.calendarToken)
    .replaceAll('{guideId}', ids.guide)
    .replaceAll('{weekId}', ids.week)
    .replaceAll('{bookId}', ids.book)
    .replace('{id}', ids[idOf]);

beforeAll(async () => {
  const [parent, otherParent, admin] = await Promise.all([
    registeredAccount(api),
    registeredAccount(api),
    adminAccount(api),
  ]);
  const guide = await guideAccount(api, admin.idToken);
  ids.guide = guide.user.id;
  tokens = {
    anonymous: undefined,
    parent: parent.idToken,
    otherParent: otherParent.idToken,
    admin: admin.idToken,
    guide: guide.idToken,
  };
  const created = await call(api, 'POST', '/api/children', { token: parent.idToken, body: child });
  ids.child = String(created.json._id);
  const entry = await call(api, 'POST', `/api/children/${ids.child}/reading`, {
    token: parent.idToken,
    body: { title: 'Matrix entry', readOn: '2025-06-02', minutes: 15 },
  });
  ids.entry = String((entry.json as { entry: { id: string } }).entry.id);
  const interview = await call(api, 'POST', '/api/interviews', {
    token: parent.idToken,
    body: { startsAt: interviewSlots[0] },
  });
  ids.interview = String(interview.json.id);

  const newDraft = async () => {
    const res = await call(api, 'POST', '/api/me/blogs', {
      token: parent.idToken,
      body: { title: 'Matrix post', contentHtml: '<p>Words about reading.</p>' },
    });
    return String(res.json.id);
  };
  const submitted = async () => {
    const id = await newDraft();
    await call(api, 'POST', `/api/me/blogs/${id}/submit`, { token: parent.idToken });
    return id;
  };
  const event = await call(api, 'POST', '/api/admin/events', {
    token: admin.idToken,
    body: NEW_EVENT,
  });
  ids.event = String(event.json.id);
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
  ids.plan = await addPlan(database, { name: 'Matrix plan', durationMonths: 1, priceCents: 2900 });
  const order = await call(api, 'POST', '/api/checkout', {
    token: parent.idToken,
    body: { planId: ids.plan, childId: ids.child },
  });
  ids.order = String(order.json.orderId);
  ({
    membershipId: ids.membership,
    orderId: ids.paidOrder,
    childId: ids.guidedChild,
  } = await paidMembership(parent.idToken));
  await call(api, 'PUT', `/api/admin/enrolments/${ids.guidedChild}/guide`, {
    token: admin.idToken,
    body: { guideId: ids.guide },
  });
  const guided = await call(
    api,
    'POST',
    `/api/children/${ids.guidedChild}/recordings?passageId=${ids.passage}&durationMs=5000`,
    { token: parent.idToken, rawBody: 'audio bytes', headers: { 'content-type': 'audio/webm' } },
  );
  ids.guidedRecording = String(guided.json.id);
  ids.week = await weekUnderWay(database.db, ids.guidedChild, 'sprout');
  const [book] = await database.db
    .insert(books)
    .values({ title: 'Matrix Sea Tales', author: 'M. Tide', readingLevel: 'sprout', topics: ['sea'] })
    .returning();
  ids.book = String(book?.id);
  await makeReport(database.db, storage, {
    childId: ids.child,
    programKey: 'program:matrix',
    programName: 'Matrix program',
    kind: 'final',
    start: new Date(Date.now() - 29 * 86_400_000),
    end: new Date(Date.now() - 86_400_000),
  });
  const [report] = await database.db.select().from(progressReports);
  ids.report = String(report?.id);
  const calendar = await call(api, 'POST', '/api/me/calendar', { token: parent.idToken });
  ids.calendarToken = String(calendar.json.url).split('/')[3] ?? '';
});

/** A renewing program of the parent's second child, paid in the sandbox: its membership's id. */
async function paidMembership(token: string) {
  const planId = await addPlan(database, {
    name: 'Matrix monthly',
    durationMonths: 1,
    priceCents: 2900,
    billing: 'recurring',
  });
  const second = await call(api, 'POST', '/api/children', { token, body: { ...child, firstName: 'Ben' } });
  const started = await call(api, 'POST', '/api/checkout', {
    token,
    body: { planId, childId: second.json._id },
  });
  await call(api, 'POST', `/api/orders/${started.json.orderId}/sandbox-pay`, {
    token,
    body: { outcome: 'succeed' },
  });
  const [row] = await database.db
    .select({ id: memberships.id })
    .from(memberships)
    .where(eq(memberships.planId, planId));
  return {
    membershipId: String(row?.id),
    orderId: String(started.json.orderId),
    childId: String(second.json._id),
  };
}

describe('authorization matrix', () => {
  it('covers every route the API describes', async () => {
    const doc = (await call(api, 'GET', '/api/openapi.json')).json as {
      paths: Record<string, Record<string, unknown>>;
    };
    const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const covered = [...new Set(MATRIX.map((c) => `${c.method} ${c.path.split('?')[0]}`))];
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
