import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMAIL_TEMPLATES } from '../../src/features/emails.server';
import { makeWeeklyPlan } from '../../src/features/program/weeklyPlans.server';
import { emails, users } from '../../src/platform/db/schema.server';
import { renderEmail } from '../../src/platform/email/templates.server';
import { call, familyWithChild, fileApi } from './harness';
import { addBooks, BRANCH_BOOKS, childOfNewFamily, programFor } from './programFixtures';

// The optional emails: nothing but transactional mail until a parent opts in; the weekly plan for
// those who did, with a one-click unsubscribe (RFC 8058) that works from the mail program.

const { database, api } = await fileApi();
const db = database.db;
await addBooks(db, BRANCH_BOOKS);

const WEEK = 7 * 86_400_000;
const weeklyEmailsTo = async (userId: string) =>
  db
    .select()
    .from(emails)
    .where(eq(emails.userId, userId))
    .then((rows) => rows.filter((r) => r.template === 'weekly-plan'));

/** A child in week 2 of a program, whose parent opted in (or not); answers the parent's id. */
async function childInWeekTwo(optedIn: boolean) {
  const child = await childOfNewFamily(db, 'Iris', 'branch', ['animals']);
  if (optedIn) {
    await db
      .update(users)
      .set({ weeklyPlanEmail: true, emailToken: `tok_${child.id.replaceAll('-', '')}` })
      .where(eq(users.id, child.userId));
  }
  const subscription = await programFor(db, child.id, { startsAt: new Date(Date.now() - WEEK - 3_600_000) });
  return { child, parentId: child.userId, week: { subscriptionId: subscription.id, weekIndex: 1 } };
}

describe('email preferences', () => {
  it('start with the weekly plans off, and keep the parent’s choice', async () => {
    const f = await familyWithChild(api, { firstName: 'Nia', ageBand: '6-8', readingLevel: 'sapling' });
    const get = () => call(api, 'GET', '/api/me/email-preferences', { token: f.token });
    expect((await get()).json).toEqual({ weeklyPlans: false, guideMessages: false });
    const on = await call(api, 'PUT', '/api/me/email-preferences', {
      token: f.token,
      body: { weeklyPlans: true },
    });
    expect(on.status).toBe(200);
    expect((await get()).json).toEqual({ weeklyPlans: true, guideMessages: false });
    const [row] = await db.select().from(users).where(eq(users.id, f.userId));
    expect(row?.emailToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const bad = await call(api, 'PUT', '/api/me/email-preferences', {
      token: f.token,
      body: { weeklyPlans: 'yes' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error?.fields?.weeklyPlans).toBeTruthy();
    expect((await get()).json).toEqual({ weeklyPlans: true, guideMessages: false });
  });

  it('stop with one click from the mail program (RFC 8058), by the link’s token alone', async () => {
    const f = await familyWithChild(api, { firstName: 'Oli', ageBand: '6-8', readingLevel: 'sapling' });
    await call(api, 'PUT', '/api/me/email-preferences', { token: f.token, body: { weeklyPlans: true } });
    const [row] = await db.select().from(users).where(eq(users.id, f.userId));
    const post = (token: string) =>
      api.request(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await post('x'.repeat(32).replace(/x/g, 'q'))).status).toBe(404);
    expect((await post('bad token!')).status).toBe(400);
    expect((await db.select().from(users).where(eq(users.id, f.userId)))[0]?.weeklyPlanEmail).toBe(true);
    const res = await post(row?.emailToken ?? '');
    expect(res.status).toBe(200);
    expect((await db.select().from(users).where(eq(users.id, f.userId)))[0]?.weeklyPlanEmail).toBe(false);
  });
});

describe('the reading guide’s messages', () => {
  it('are a second choice of their own, stopped in one click without touching the weekly plans', async () => {
    const f = await familyWithChild(api, { firstName: 'Pia', ageBand: '6-8', readingLevel: 'sapling' });
    const put = (body: unknown) => call(api, 'PUT', '/api/me/email-preferences', { token: f.token, body });
    expect((await put({ guideMessages: true })).json).toEqual({ weeklyPlans: false, guideMessages: true });
    expect((await put({ weeklyPlans: true })).json).toEqual({ weeklyPlans: true, guideMessages: true });
    expect((await put({})).status).toBe(400);
    expect((await put({ guideMessages: 'yes' })).json.error?.fields?.guideMessages).toBeTruthy();
    const [row] = await db.select().from(users).where(eq(users.id, f.userId));
    const post = (query: string) =>
      api.request(`/api/email/unsubscribe?token=${row?.emailToken}&${query}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    expect((await post('list=everything')).status).toBe(400);
    expect((await post('list=guide')).status).toBe(200);
    const [after] = await db.select().from(users).where(eq(users.id, f.userId));
    expect([after?.guideEmail, after?.weeklyPlanEmail]).toEqual([false, true]);
  });
});

describe('the weekly plan email', () => {
  it('is never queued for a parent who did not opt in', async () => {
    const { parentId, week } = await childInWeekTwo(false);
    expect((await makeWeeklyPlan(db, week)).status).toBe('created');
    expect(await weeklyEmailsTo(parentId)).toEqual([]);
  });

  it('is queued once for a parent who did: the books and why, the sessions, and the unsubscribe headers', async () => {
    const { parentId, week } = await childInWeekTwo(true);
    await Promise.all([makeWeeklyPlan(db, week), makeWeeklyPlan(db, week)]);
    const queued = await weeklyEmailsTo(parentId);
    expect(queued).toHaveLength(1);
    const template = EMAIL_TEMPLATES.get('weekly-plan');
    if (!template || !queued[0]) throw new Error('no weekly plan email');
    const email = await renderEmail(template, queued[0].data);
    expect(email.subject).toMatch(/^Iris’s reading plan for the week of /);
    expect(email.text).toMatch(/(About|Loved by|Because|Chosen for) /);
    expect(email.unsubscribeUrl).toMatch(
      /^http:\/\/localhost:4321\/email-preferences\?token=tok_[0-9a-f]{32}$/,
    );
    expect(email.html).toContain('Unsubscribe');
  });
});
