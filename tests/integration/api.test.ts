import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/platform/db/schema.server';
import { memoryRateLimiter } from '../../src/platform/http/rateLimit.server';
import {
  ADMIN_EMAIL,
  call,
  fileApi,
  googleAccount,
  PROJECT_ID,
  registeredAccount,
  signInAccount,
  testApi,
} from './harness';

const { database, api } = await fileApi();

const userCount = async () => (await database.db.select().from(users)).length;

describe('health and the API description', () => {
  it('answers health when the database is ready', async () => {
    const res = await call(api, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ status: 'ok', database: database.kind });
  });

  it('serves an OpenAPI document generated from the schemas', async () => {
    const res = await call(api, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.json as {
      openapi: string;
      paths: Record<string, unknown>;
      components: { schemas: Record<string, unknown> };
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/health',
        '/api/user/loginRegister',
        '/api/me',
        '/api/children',
        '/api/children/{id}',
        '/api/admin/users',
      ]),
    );
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['Error', 'User', 'Child', 'ChildInput', 'Registration']),
    );
  });

  it('answers an unknown API route with the error shape', async () => {
    const res = await call(api, 'GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.json.error?.code).toBe('not_found');
  });
});

describe('POST /api/user/loginRegister', () => {
  const path = '/api/user/loginRegister';
  /** The sign-in page's call, as `account`. */
  const loginRegister = (account: { idToken: string }, body: unknown, on = api) =>
    call(on, 'POST', path, { token: account.idToken, body });
  /** A new parent's registration, with consent. */
  const registration = (displayName: string) => ({
    registration: { displayName, acceptPrivacyPolicy: true },
  });

  it('refuses a call without a token', async () => {
    const res = await call(api, 'POST', path, { body: {} });
    expect(res.status).toBe(401);
    expect(res.json.error).toMatchObject({ code: 'unauthenticated' });
  });

  it('refuses a bad token', async () => {
    for (const token of ['garbage', 'a.b.c', 'eyJhbGciOiJub25lIn0.e30.']) {
      const res = await call(api, 'POST', path, { token, body: {} });
      expect(res.status, token).toBe(401);
      expect(res.json.error?.code).toBe('invalid_token');
    }
  });

  it('refuses an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = new UnsecuredJWT({
      iss: `https://securetoken.google.com/${PROJECT_ID}`,
      aud: PROJECT_ID,
      sub: 'someone',
      iat: now - 7200,
      exp: now - 3600,
    }).encode();
    const res = await call(api, 'POST', path, { token: expired, body: {} });
    expect(res.status).toBe(401);
    expect(res.json.error?.code).toBe('token_expired');
  });

  it('answers data null for a signed-in visitor with no account yet', async () => {
    const account = await signInAccount();
    const res = await loginRegister(account, { uid: account.uid, email: account.email });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, data: null });
  });

  it('registers with the parent’s details and consent, then signs the known user in', async () => {
    const account = await signInAccount();
    const body = {
      uid: account.uid,
      email: account.email,
      registration: { displayName: '  Jo Rivers ', acceptPrivacyPolicy: true },
    };
    const created = await call(api, 'POST', path, { token: account.idToken, body });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      success: true,
      data: { email: account.email, displayName: 'Jo Rivers', role: 'parent', children: [] },
    });

    const again = await call(api, 'POST', path, { token: account.idToken, body: { uid: account.uid } });
    expect(again.status).toBe(200);
    expect((again.json.data as { id: string }).id).toBe((created.json.data as { id: string }).id);

    const me = await call(api, 'GET', '/api/me', { token: account.idToken });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ email: account.email, displayName: 'Jo Rivers' });
  });

  it('never makes an unverified email an administrator, even a configured one', async () => {
    const impostor = await signInAccount(`boss-${crypto.randomUUID()}@example.com`);
    const impostorApi = testApi(database, { adminEmail: impostor.email });
    const res = await loginRegister(impostor, registration('Not The Boss'), impostorApi);
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ role: 'parent' });
  });

  it('makes the configured, verified email an administrator, whatever the request says', async () => {
    const admin = await registeredAccount(api, ADMIN_EMAIL, 'Ada Admin');
    expect(admin.user).toMatchObject({ role: 'admin' });
    const parent = await signInAccount();
    const res = await loginRegister(parent, { ...registration('Sneaky'), role: 'admin' });
    expect(res.status).toBe(201);
    expect(res.json.data).toMatchObject({ role: 'parent' });
  });

  it('refuses bad registration fields, naming each, and stores nothing', async () => {
    const account = await signInAccount();
    const before = await userCount();
    const cases: [unknown, string][] = [
      [
        { registration: { displayName: 'Jo', acceptPrivacyPolicy: false } },
        'registration.acceptPrivacyPolicy',
      ],
      [{ registration: { displayName: 'Jo' } }, 'registration.acceptPrivacyPolicy'],
      [{ registration: { displayName: '', acceptPrivacyPolicy: true } }, 'registration.displayName'],
      [{ registration: { displayName: '   ', acceptPrivacyPolicy: true } }, 'registration.displayName'],
      [
        { registration: { displayName: 'x'.repeat(81), acceptPrivacyPolicy: true } },
        'registration.displayName',
      ],
      [{ registration: { displayName: 42, acceptPrivacyPolicy: true } }, 'registration.displayName'],
      [
        { registration: { displayName: '<script>alert(1)</script>', acceptPrivacyPolicy: true } },
        'registration.displayName',
      ],
      [{ registration: 'yes please' }, 'registration'],
      [{ uid: 'someone-else', registration: { displayName: 'Jo', acceptPrivacyPolicy: true } }, 'uid'],
    ];
    for (const [body, field] of cases) {
      const res = await call(api, 'POST', path, { token: account.idToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a body that is not JSON, malformed or too large, and stores nothing', async () => {
    const account = await signInAccount();
    const before = await userCount();
    const notJson = await call(api, 'POST', path, {
      token: account.idToken,
      rawBody: 'displayName=Jo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(notJson.status).toBe(400);
    expect(notJson.json.error).toMatchObject({ code: 'bad_request', fields: { body: expect.any(String) } });
    const malformed = await call(api, 'POST', path, {
      token: account.idToken,
      rawBody: '{"registration": {',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.json.error?.code).toBe('bad_request');
    const huge = await call(api, 'POST', path, {
      token: account.idToken,
      body: {
        registration: { displayName: 'Jo', acceptPrivacyPolicy: true },
        padding: 'x'.repeat(70 * 1024),
      },
    });
    expect(huge.status).toBe(413);
    expect(huge.json.error?.code).toBe('payload_too_large');
    expect(await userCount()).toBe(before);
  });

  it('answers 400, not a server error, for a body whose client gives up half-way', async () => {
    const account = await signInAccount();
    const before = await userCount();
    // Half a JSON body, then the connection breaks.
    const halfway = () => {
      let sent = false;
      return new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent) return controller.error(new TypeError('terminated: other side closed'));
          sent = true;
          controller.enqueue(new TextEncoder().encode('{"registration": {"displayName": "Jo"'));
        },
      });
    };
    for (const length of [{ 'content-length': '80' }, {}]) {
      const res = await api.request(
        path,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${account.idToken}`,
            'content-type': 'application/json',
            ...length,
          },
          body: halfway(),
          duplex: 'half',
        } as RequestInit,
        { clientAddress: '127.0.0.1' },
      );
      expect(res.status, JSON.stringify(length)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a second account for an email that already has one', async () => {
    const first = await registeredAccount(api);
    const sharedEmail = `shared-${crypto.randomUUID()}@example.com`;
    // Another sign-in (say, Google) with the same email, already linked to a different account row.
    await database.db
      .update(users)
      .set({ email: sharedEmail })
      .where((await import('drizzle-orm')).eq(users.email, first.email));
    const second = await signInAccount(sharedEmail);
    const res = await loginRegister(second, registration('Twin'));
    expect(res.status).toBe(409);
    expect(res.json.error?.fields).toHaveProperty('email');
  });

  it('a Google sign-in without an account gets data null, then registers with its verified email', async () => {
    const google = await googleAccount();
    const first = await loginRegister(google, { uid: google.uid, email: google.email });
    expect(first.json).toEqual({ success: true, data: null });
    const registered = await loginRegister(google, { uid: google.uid, ...registration('Casey Google') });
    expect(registered.status).toBe(201);
    expect(registered.json.data).toMatchObject({ email: google.email, role: 'parent' });
  });

  it('answers two registrations of the same sign-in at the same moment with one account', async () => {
    const account = await signInAccount();
    const body = { registration: { displayName: 'Double Click', acceptPrivacyPolicy: true } };
    const [a, b] = await Promise.all([
      call(api, 'POST', path, { token: account.idToken, body }),
      call(api, 'POST', path, { token: account.idToken, body }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect((a.json.data as { id: string }).id).toBe((b.json.data as { id: string }).id);
  });

  it('limits sign-ins per account and says when to try again', async () => {
    const limited = testApi(database, { rateLimiter: memoryRateLimiter(), authPerMinute: 3 });
    const account = await signInAccount();
    for (let i = 0; i < 3; i++) {
      expect(
        (await call(limited, 'POST', path, { token: account.idToken, address: '10.9.8.7' })).status,
      ).toBe(200);
    }
    const refused = await call(limited, 'POST', path, { token: account.idToken, address: '10.9.8.7' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await signInAccount();
    expect((await call(limited, 'POST', path, { token: other.idToken, address: '10.9.8.7' })).status).toBe(
      200,
    );
  });
});

describe('children', () => {
  const valid = {
    firstName: 'Maximilian Junior',
    ageBand: '6-8',
    readingLevel: 'sapling',
    interests: ['dinosaurs', 'space'],
  };

  it('adds children to the family, lists them and opens one', async () => {
    const parent = await registeredAccount(api);
    const created = await call(api, 'POST', '/api/children', { token: parent.idToken, body: valid });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: 'Maximilian Junior',
      ageBand: '6-8',
      readingLevel: 'sapling',
      notifications: [],
    });
    const second = await call(api, 'POST', '/api/children', {
      token: parent.idToken,
      body: { firstName: 'Zoë', birthYear: new Date().getUTCFullYear() - 9, readingLevel: 'branch' },
    });
    expect(second.status).toBe(201);

    const list = await call(api, 'GET', '/api/children', { token: parent.idToken });
    expect((list.json as unknown as { name: string }[]).map((c) => c.name)).toEqual([
      'Maximilian Junior',
      'Zoë',
    ]);

    const one = await call(api, 'GET', `/api/children/${created.json._id}`, { token: parent.idToken });
    expect(one.status).toBe(200);
    expect(one.json.name).toBe('Maximilian Junior');

    const login = await call(api, 'POST', '/api/user/loginRegister', { token: parent.idToken, body: {} });
    expect((login.json.data as { children: unknown[] }).children).toHaveLength(2);
  });

  it('never shows another family’s child', async () => {
    const owner = await registeredAccount(api);
    const other = await registeredAccount(api);
    const child = await call(api, 'POST', '/api/children', { token: owner.idToken, body: valid });
    const res = await call(api, 'GET', `/api/children/${child.json._id}`, { token: other.idToken });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.json)).not.toContain('Maximilian');
    const list = await call(api, 'GET', '/api/children', { token: other.idToken });
    expect(list.json).toEqual([]);
  });

  it('refuses bad child details, naming the field, and stores nothing', async () => {
    const parent = await registeredAccount(api);
    const year = new Date().getUTCFullYear();
    const cases: [unknown, string][] = [
      [{ ...valid, firstName: '' }, 'firstName'],
      [{ ...valid, firstName: 'x'.repeat(41) }, 'firstName'],
      [{ ...valid, firstName: 'R2D2' }, 'firstName'],
      [{ ...valid, firstName: '<script>alert(1)</script>' }, 'firstName'],
      [{ ...valid, firstName: 7 }, 'firstName'],
      [{ firstName: 'Ava', readingLevel: 'sprout' }, 'ageBand'],
      [{ ...valid, ageBand: '0-99' }, 'ageBand'],
      [{ ...valid, ageBand: undefined, birthYear: year + 1 }, 'birthYear'],
      [{ ...valid, birthYear: '2015' }, 'birthYear'],
      [{ ...valid, readingLevel: 'expert' }, 'readingLevel'],
      [{ ...valid, readingLevel: undefined }, 'readingLevel'],
      [{ ...valid, interests: Array.from({ length: 9 }, (_, i) => `topic ${i}`) }, 'interests'],
      [{ ...valid, interests: ['x'.repeat(31)] }, 'interests.0'],
      [{ ...valid, interests: 'space' }, 'interests'],
      [{ ...valid, interests: ['space\u0000'] }, 'interests.0'],
      [{ ...valid, interests: ['<b>bold</b>'] }, 'interests.0'],
    ];
    for (const [body, field] of cases) {
      const res = await call(api, 'POST', '/api/children', { token: parent.idToken, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    const list = await call(api, 'GET', '/api/children', { token: parent.idToken });
    expect(list.json).toEqual([]);
  });

  it('refuses an id that is not one of ours', async () => {
    const parent = await registeredAccount(api);
    const res = await call(api, 'GET', '/api/children/not-a-uuid', { token: parent.idToken });
    expect(res.status).toBe(400);
    expect(res.json.error?.fields).toHaveProperty('id');
  });

  it('asks a signed-in visitor without an account to finish signing up', async () => {
    const visitor = await signInAccount();
    const res = await call(api, 'GET', '/api/children', { token: visitor.idToken });
    expect(res.status).toBe(403);
    expect(res.json.error?.code).toBe('registration_required');
  });

  it('keeps a family to ten children, also when requests arrive at the same moment', async () => {
    const parent = await registeredAccount(api);
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        call(api, 'POST', '/api/children', { token: parent.idToken, body: valid }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(2);
    const list = await call(api, 'GET', '/api/children', { token: parent.idToken });
    expect(list.json).toHaveLength(10);
  });
});
