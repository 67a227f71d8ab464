import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  blogs,
  children,
  inquiries,
  orders,
  subscriptions,
  users,
} from '../../src/platform/db/schema.server';
import {
  ADMIN_EMAIL,
  addPlan,
  adminAccount,
  call,
  EMULATOR_HOST,
  expectFieldErrors,
  fileApi,
  PROJECT_ID,
  registeredAccount,
  signInAccount,
} from './harness';

const { database, api } = await fileApi({ media: 'admin-users' });
const admin = await adminAccount(api);

const asAdmin = (method: string, path: string, body?: unknown) =>
  call(api, method, path, { token: admin.idToken, ...(body !== undefined ? { body } : {}) });
const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
const createUser = (email: string, displayName: string, role = 'parent') =>
  asAdmin('POST', '/api/admin/users', { email, displayName, role, privacyConsent: true });
type Page = {
  items: { id: string; email: string; displayName: string; role: string; childCount: number }[];
  total: number;
};

async function userCount() {
  const [row] = await database.db.select({ n: count() }).from(users);
  return Number(row?.n);
}
async function auditOf(action: string, entityId: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
}

/** The newest set-password code the emulator holds for an address (what the email would carry). */
async function resetCodeFor(email: string): Promise<string | undefined> {
  const res = await fetch(`http://${EMULATOR_HOST}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await res.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  return oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').at(-1)?.oobCode;
}

/** What the person does with the emailed link: choose a password, then sign in with it. */
async function setPasswordAndSignIn(email: string) {
  const oobCode = await resetCodeFor(email);
  expect(oobCode).toBeTruthy();
  const identity = `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1`;
  const reset = await fetch(`${identity}/accounts:resetPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ oobCode, newPassword: 'a password of my own' }),
  });
  expect(reset.status).toBe(200);
  const signIn = await fetch(`${identity}/accounts:signInWithPassword?key=demo-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'a password of my own', returnSecureToken: true }),
  });
  return ((await signIn.json()) as { idToken: string }).idToken;
}

describe('GET /api/admin/users', () => {
  const tag = randomUUID().slice(0, 6);
  beforeAll(async () => {
    // Registered one after the other: their creation order is known.
    for (const name of ['Carla', 'alma', 'Bruno']) {
      const { idToken } = await registeredAccount(
        api,
        `${name.toLowerCase()}-${tag}@example.com`,
        `${name} Listed ${tag}`,
      );
      if (name === 'Bruno') {
        for (const firstName of ['Ivy', 'Jude']) {
          const body = { firstName, ageBand: '6-8', readingLevel: 'sapling' };
          await call(api, 'POST', '/api/children', { token: idToken, body });
        }
      }
    }
  });

  it('searches email and name, sorts, filters and pages', async () => {
    const byName = await asAdmin('GET', `/api/admin/users?q=LISTED ${tag}&sort=displayName&dir=asc`);
    expect(byName.status).toBe(200);
    const page = byName.json as unknown as Page;
    expect(page.items.map((u) => u.displayName.split(' ')[0])).toEqual(['alma', 'Bruno', 'Carla']);
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(page.items.map((u) => u.childCount)).toEqual([0, 2, 0]);

    const newest = (await asAdmin('GET', `/api/admin/users?q=${tag}`)).json as unknown as Page;
    expect(newest.items.map((u) => u.displayName.split(' ')[0])).toEqual(['Bruno', 'alma', 'Carla']);
    const byEmail = (await asAdmin('GET', `/api/admin/users?q=${tag}&sort=email&dir=desc`))
      .json as unknown as Page;
    expect(byEmail.items.map((u) => u.email.split('-')[0])).toEqual(['carla', 'bruno', 'alma']);

    const second = (await asAdmin('GET', `/api/admin/users?q=${tag}&sort=email&dir=asc&page=2&limit=2`))
      .json as unknown as Page;
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((u) => u.email.split('-')[0])).toEqual(['carla']);

    const admins = (await asAdmin('GET', '/api/admin/users?role=admin&sort=role')).json as unknown as Page;
    expect(admins.items.length).toBeGreaterThan(0);
    expect(admins.items.every((u) => u.role === 'admin')).toBe(true);
    const nobody = (await asAdmin('GET', `/api/admin/users?q=${tag}&role=admin`)).json as unknown as Page;
    expect(nobody.total).toBe(0);
    const disabled = (await asAdmin('GET', `/api/admin/users?q=${tag}&status=disabled`))
      .json as unknown as Page;
    expect(disabled.total).toBe(0);
  });

  it('refuses a bad query, naming the parameter', async () => {
    await expectFieldErrors(
      (query) => asAdmin('GET', `/api/admin/users?${query}`),
      [
        ['sort=password', 'sort'],
        ['dir=up', 'dir'],
        ['page=0', 'page'],
        ['limit=500', 'limit'],
        ['role=owner', 'role'],
        ['status=asleep', 'status'],
        [`q=${'x'.repeat(101)}`, 'q'],
      ],
    );
  });
});

describe('POST /api/admin/users', () => {
  it('creates a parent in the sign-in service and here, and emails a set-password link', async () => {
    const email = unique('new-parent');
    const res = await createUser(email.toUpperCase(), 'Nia Newcomer');
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      passwordLinkSent: true,
      user: { email, displayName: 'Nia Newcomer', role: 'parent', disabled: false, childCount: 0 },
    });
    const id = (res.json.user as { id: string }).id;
    const [row] = await database.db.select().from(users).where(eq(users.id, id));
    expect(row?.firebaseUid).toBeTruthy();
    expect(await auditOf('user.create', id)).toMatchObject([
      { actorId: admin.user.id, entity: 'user', details: { email, role: 'parent' } },
    ]);

    // The person sets a password from the link and signs in to the account that was made for them.
    const token = await setPasswordAndSignIn(email);
    const me = await call(api, 'GET', '/api/me', { token });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ id: id, role: 'parent', displayName: 'Nia Newcomer' });
  });

  it('creates an administrator whose rights work once they set a password (which verifies the email)', async () => {
    const email = unique('new-admin');
    const res = await createUser(email, 'Omar Organiser', 'admin');
    expect(res.status).toBe(201);
    const token = await setPasswordAndSignIn(email);
    const [, payload] = token.split('.');
    expect(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()).email_verified).toBe(true);
    expect((await call(api, 'GET', '/api/admin/users', { token })).status).toBe(200);
  });

  it('answers 409 email_in_use for an address known here or only to the sign-in service', async () => {
    const before = await userCount();
    const known = await createUser(ADMIN_EMAIL.toUpperCase(), 'Copy Cat');
    expect(known.status).toBe(409);
    expect(known.json.error).toMatchObject({ code: 'email_in_use', fields: { email: expect.any(String) } });

    // Signed up with the sign-in service but never finished registering here.
    const halfway = await signInAccount(unique('halfway'));
    const signInOnly = await createUser(halfway.email, 'Half Way');
    expect(signInOnly.status).toBe(409);
    expect(signInOnly.json.error).toMatchObject({
      code: 'email_in_use',
      fields: { email: expect.any(String) },
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses bad input on every field, creating nothing', async () => {
    const before = await userCount();
    const good = { email: unique('bad'), displayName: 'Fine Name', role: 'parent', privacyConsent: true };
    for (const [change, field] of [
      [{ email: 'not-an-email' }, 'email'],
      [{ email: '' }, 'email'],
      [{ email: `${'x'.repeat(250)}@example.com` }, 'email'],
      [{ displayName: '  ' }, 'displayName'],
      [{ displayName: '<script>' }, 'displayName'],
      [{ displayName: 'x'.repeat(81) }, 'displayName'],
      [{ role: 'owner' }, 'role'],
      [{ privacyConsent: false }, 'privacyConsent'],
      [{ password: 'chosen-by-admin' }, 'body'],
    ] as const) {
      const res = await asAdmin('POST', '/api/admin/users', { ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.json.error?.fields?.[field], JSON.stringify(change)).toBeTruthy();
    }
    expect(await userCount()).toBe(before);
    expect(await resetCodeFor(good.email)).toBeUndefined();
  });
});

describe('PATCH /api/admin/users/{id}', () => {
  it('changes the role and disables and enables an account, with audit lines', async () => {
    const parent = await registeredAccount(api, unique('managed'));
    const id = parent.user.id;
    const promote = await asAdmin('PATCH', `/api/admin/users/${id}`, { role: 'admin' });
    expect(promote.status).toBe(200);
    expect(promote.json).toMatchObject({ id, role: 'admin', disabled: false });
    expect(await auditOf('user.role', id)).toMatchObject([{ details: { from: 'parent', to: 'admin' } }]);
    await asAdmin('PATCH', `/api/admin/users/${id}`, { role: 'parent' });

    const disable = await asAdmin('PATCH', `/api/admin/users/${id}`, { disabled: true });
    expect(disable.json).toMatchObject({ id, disabled: true });
    const refused = await call(api, 'GET', '/api/me', { token: parent.idToken });
    expect(refused.status).toBe(403);
    expect(refused.json.error?.code).toBe('account_disabled');
    expect((await call(api, 'GET', '/api/children', { token: parent.idToken })).status).toBe(403);

    const enable = await asAdmin('PATCH', `/api/admin/users/${id}`, { disabled: false });
    expect(enable.json).toMatchObject({ id, disabled: false });
    expect((await call(api, 'GET', '/api/me', { token: parent.idToken })).status).toBe(200);
    expect(await auditOf('user.disable', id)).toHaveLength(1);
    expect(await auditOf('user.enable', id)).toHaveLength(1);

    // Asking for what already is changes nothing and records nothing.
    await asAdmin('PATCH', `/api/admin/users/${id}`, { disabled: false });
    expect(await auditOf('user.enable', id)).toHaveLength(1);
  });

  it('refuses bad input and unknown accounts, changing nothing', async () => {
    const parent = await registeredAccount(api, unique('unchanged'));
    const id = parent.user.id;
    for (const [body, field] of [
      [{}, 'body'],
      [{ role: 'owner' }, 'role'],
      [{ disabled: 'yes' }, 'disabled'],
      [{ email: 'new@example.com' }, 'body'],
    ] as const) {
      const res = await asAdmin('PATCH', `/api/admin/users/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.fields?.[field], JSON.stringify(body)).toBeTruthy();
    }
    expect(
      (await asAdmin('PATCH', '/api/admin/users/nope', { role: 'admin' })).json.error?.fields?.id,
    ).toBeTruthy();
    expect((await asAdmin('PATCH', `/api/admin/users/${randomUUID()}`, { role: 'admin' })).status).toBe(404);
    const [row] = await database.db.select().from(users).where(eq(users.id, id));
    expect(row).toMatchObject({ role: 'parent', disabled: false });
  });

  it('keeps an administrator from removing their own rights, and the last one from losing theirs', async () => {
    // While this file's administrator is the only one: the last-admin rule answers.
    const admins = await database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.disabled, false)));
    for (const { id } of admins.filter((a) => a.id !== admin.user.id)) {
      await database.db.update(users).set({ disabled: true }).where(eq(users.id, id));
    }
    const last = await asAdmin('PATCH', `/api/admin/users/${admin.user.id}`, { role: 'parent' });
    expect(last.status).toBe(409);
    expect(last.json.error).toMatchObject({ code: 'last_admin', fields: { role: expect.any(String) } });
    const lastDisable = await asAdmin('PATCH', `/api/admin/users/${admin.user.id}`, { disabled: true });
    expect(lastDisable.json.error).toMatchObject({
      code: 'last_admin',
      fields: { disabled: expect.any(String) },
    });

    // With a second administrator: still not one's own rights.
    const other = await registeredAccount(api, unique('second-admin'));
    await asAdmin('PATCH', `/api/admin/users/${other.user.id}`, { role: 'admin' });
    const self = await asAdmin('PATCH', `/api/admin/users/${admin.user.id}`, { role: 'parent' });
    expect(self.status).toBe(409);
    expect(self.json.error).toMatchObject({
      code: 'conflict',
      fields: { role: expect.stringMatching(/own/) },
    });
    const selfDisable = await asAdmin('PATCH', `/api/admin/users/${admin.user.id}`, { disabled: true });
    expect(selfDisable.json.error).toMatchObject({
      code: 'conflict',
      fields: { disabled: expect.any(String) },
    });
    const [me] = await database.db.select().from(users).where(eq(users.id, admin.user.id));
    expect(me).toMatchObject({ role: 'admin', disabled: false });
    await asAdmin('PATCH', `/api/admin/users/${other.user.id}`, { role: 'parent' });
  });

  it('leaves one administrator when the last two demote each other at the same moment', async () => {
    const [b, c] = await Promise.all([
      // Administrators act only with a verified email.
      registeredAccount(api, unique('b'), 'Bea Admin', { verified: true }),
      registeredAccount(api, unique('c'), 'Cal Admin', { verified: true }),
    ]);
    await asAdmin('PATCH', `/api/admin/users/${b.user.id}`, { role: 'admin' });
    await asAdmin('PATCH', `/api/admin/users/${c.user.id}`, { role: 'admin' });
    // This file's administrator steps aside (done by B: nobody demotes themselves).
    await call(api, 'PATCH', `/api/admin/users/${admin.user.id}`, {
      token: b.idToken,
      body: { role: 'parent' },
    });

    const answers = await Promise.all([
      call(api, 'PATCH', `/api/admin/users/${c.user.id}`, { token: b.idToken, body: { role: 'parent' } }),
      call(api, 'PATCH', `/api/admin/users/${b.user.id}`, { token: c.idToken, body: { role: 'parent' } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 403]);
    const left = await database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.disabled, false)));
    expect(left).toHaveLength(1);

    // The survivor gives this file's administrator their role back for the tests that follow.
    const survivor = left[0]?.id === b.user.id ? b : c;
    const back = await call(api, 'PATCH', `/api/admin/users/${admin.user.id}`, {
      token: survivor.idToken,
      body: { role: 'admin' },
    });
    expect(back.status).toBe(200);
  });
});

describe('one account: the view, removing a child, the password link', () => {
  it('shows the account with its children, orders, posts and inquiries', async () => {
    const email = unique('viewed');
    const parent = await registeredAccount(api, email, 'Vera Viewed');
    const kids = [];
    for (const body of [
      { firstName: 'Maya', ageBand: '8-10', readingLevel: 'branch' },
      { firstName: 'Theo', ageBand: '4-6', readingLevel: 'sprout' },
    ]) {
      kids.push(String((await call(api, 'POST', '/api/children', { token: parent.idToken, body })).json._id));
    }
    const planId = await addPlan(database, { name: 'Summer Reading', durationMonths: 3, priceCents: 4900 });
    const [order] = await database.db
      .insert(orders)
      .values({
        userId: parent.user.id,
        childId: kids[0],
        planId,
        amountCents: 4900,
        status: 'paid',
        provider: 'sandbox',
      })
      .returning();
    await database.db.insert(subscriptions).values({
      childId: String(kids[0]),
      planId,
      orderId: order?.id ?? null,
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 30 * 86_400_000),
    });
    await database.db.insert(blogs).values({
      authorId: parent.user.id,
      authorName: 'Vera',
      title: 'Our summer of books',
      contentHtml: '<p>Books.</p>',
      status: 'submitted',
      submittedAt: new Date(),
    });
    await database.db.insert(inquiries).values([
      { name: 'Vera', email: email.toUpperCase(), subject: 'About the summer plan', message: 'A question.' },
      { name: 'Someone', email: unique('other'), subject: 'Not hers', message: 'Another question.' },
    ]);

    const res = await asAdmin('GET', `/api/admin/users/${parent.user.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      user: { id: parent.user.id, email, displayName: 'Vera Viewed', role: 'parent', isSelf: false },
      children: [
        {
          name: 'Maya',
          ageBand: '8-10',
          readingLevel: 'branch',
          subscription: { planName: 'Summer Reading' },
        },
        { name: 'Theo', ageBand: '4-6', readingLevel: 'sprout', subscription: null },
      ],
      orders: [{ planName: 'Summer Reading', childName: 'Maya', amountCents: 4900, status: 'paid' }],
      blogs: [{ title: 'Our summer of books', status: 'submitted' }],
      inquiries: [{ subject: 'About the summer plan', status: 'new' }],
      totals: { orders: 1, blogs: 1, inquiries: 1 },
    });
    const own = await asAdmin('GET', `/api/admin/users/${admin.user.id}`);
    expect(own.json).toMatchObject({ user: { isSelf: true, role: 'admin' }, children: [], orders: [] });

    expect((await asAdmin('GET', `/api/admin/users/${randomUUID()}`)).status).toBe(404);
    const bad = await asAdmin('GET', '/api/admin/users/not-an-id');
    expect(bad.status).toBe(400);
    expect(bad.json.error?.fields?.id).toBeTruthy();
  });

  it('removes one child with everything about them, only from that account, and records it', async () => {
    const parent = await registeredAccount(api, unique('family'));
    const other = await registeredAccount(api, unique('neighbour'));
    const add = async (token: string, firstName: string) =>
      String(
        (
          await call(api, 'POST', '/api/children', {
            token,
            body: { firstName, ageBand: '6-8', readingLevel: 'sapling' },
          })
        ).json._id,
      );
    const [ada, ben] = [await add(parent.idToken, 'Ada'), await add(parent.idToken, 'Ben')];
    const theirs = await add(other.idToken, 'Cleo');

    const wrongFamily = await asAdmin('DELETE', `/api/admin/users/${parent.user.id}/children/${theirs}`);
    expect(wrongFamily.status).toBe(404);
    expect((await asAdmin('DELETE', `/api/admin/users/${randomUUID()}/children/${ada}`)).status).toBe(404);
    const bad = await asAdmin('DELETE', `/api/admin/users/${parent.user.id}/children/nope`);
    expect(bad.status).toBe(400);
    expect(bad.json.error?.fields?.childId).toBeTruthy();

    const res = await asAdmin('DELETE', `/api/admin/users/${parent.user.id}/children/${ada}`);
    expect(res.status).toBe(200);
    expect((res.json.children as { id: string }[]).map((c) => c.id)).toEqual([ben]);
    const left = await database.db
      .select({ id: children.id })
      .from(children)
      .where(sql`${children.id} in (${ada}, ${theirs})`);
    expect(left.map((c) => c.id)).toEqual([theirs]);
    expect(await auditOf('user.child.delete', parent.user.id)).toMatchObject([
      { actorId: admin.user.id, details: { childId: ada } },
    ]);
    expect((await asAdmin('DELETE', `/api/admin/users/${parent.user.id}/children/${ada}`)).status).toBe(404);
  });

  it('emails a new set-password link on request', async () => {
    const email = unique('forgot');
    const parent = await registeredAccount(api, email);
    const res = await asAdmin('POST', `/api/admin/users/${parent.user.id}/password-link`);
    expect(res.status).toBe(200);
    expect(await resetCodeFor(email)).toBeTruthy();
    expect(await auditOf('user.password_link', parent.user.id)).toHaveLength(1);
    expect((await asAdmin('POST', `/api/admin/users/${randomUUID()}/password-link`)).status).toBe(404);
  });
});
