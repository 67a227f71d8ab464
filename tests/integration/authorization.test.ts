import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, call, registeredAccount, type TestApi, testApi, testDatabase } from './harness';

type Actor = 'anonymous' | 'parent' | 'otherParent' | 'admin';

interface Case {
  method: string;
  /** The OpenAPI path; {id} is filled with the parent's child. */
  path: string;
  body?: unknown;
  expect: Record<Actor, number>;
}

const child = { firstName: 'Ava', ageBand: '4-6', readingLevel: 'sprout' };

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
];

let database: Awaited<ReturnType<typeof testDatabase>>;
let api: TestApi;
let tokens: Record<Actor, string | undefined>;
let childId: string;

beforeAll(async () => {
  database = await testDatabase();
  api = testApi(database);
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
  childId = String(created.json._id);
});
afterAll(async () => {
  await database?.dispose();
});

describe('authorization matrix', () => {
  it('covers every route the API describes', async () => {
    const doc = (await call(api, 'GET', '/api/openapi.json')).json as {
      paths: Record<string, Record<string, unknown>>;
    };
    const described = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const covered = MATRIX.map((c) => `${c.method} ${c.path}`);
    expect(covered.filter((c) => c !== 'GET /api/openapi.json').sort()).toEqual(described.sort());
  });

  for (const entry of MATRIX) {
    for (const actor of Object.keys(entry.expect) as Actor[]) {
      it(`${entry.method} ${entry.path} as ${actor} → ${entry.expect[actor]}`, async () => {
        const token = tokens[actor];
        const res = await call(api, entry.method, entry.path.replace('{id}', childId), {
          ...(token ? { token } : {}),
          ...(entry.body !== undefined ? { body: entry.body } : {}),
        });
        expect(res.status).toBe(entry.expect[actor]);
        if (res.status >= 400) expect(res.json.error?.code).toEqual(expect.any(String));
      });
    }
  }
});
