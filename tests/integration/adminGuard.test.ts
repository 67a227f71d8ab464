import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/platform/db/schema.server';
import { adminAccount, call, expectFieldErrors, fileApi, registeredAccount } from './harness';

/**
 * Every admin route the API describes, found in its OpenAPI document (so a new one is covered the
 * day it is added): nobody but an administrator gets past the door, whatever they send, and
 * a refused call changes nothing. What administrators themselves get is tested area by area.
 */
const TABLES = [
  'users',
  'children',
  'plans',
  'orders',
  'books',
  'passages',
  'blogs',
  'events',
  'event_registrations',
  'podcast_episodes',
  'inquiries',
  'notifications',
  'audit_log',
];

const { database, api } = await fileApi();
const [parent, admin] = await Promise.all([registeredAccount(api), adminAccount(api)]);
const parentToken = parent.idToken;
const adminToken = admin.idToken;
const doc = (await call(api, 'GET', '/api/openapi.json')).json as {
  paths: Record<string, Record<string, unknown>>;
};
/** The admin routes the API describes. */
const routes = Object.entries(doc.paths)
  .filter(([path]) => path.startsWith('/api/admin/'))
  .flatMap(([path, ops]) => Object.keys(ops).map((method) => ({ method: method.toUpperCase(), path })));

/** One fingerprint per table: any row added, removed or changed shows. */
async function fingerprint() {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const result = await database.db.execute(
      sql.raw(`select coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h from ${table} t`),
    );
    out[table] = String((result as unknown as { rows: { h: string }[] }).rows[0]?.h);
  }
  return out;
}

const concrete = (path: string) => path.replace(/\{[^}]+\}/g, () => randomUUID());

describe('admin routes refuse everyone but administrators', () => {
  it('finds the admin routes in the API description', () => {
    expect(routes.length).toBeGreaterThan(2);
    expect(routes).toContainEqual({ method: 'GET', path: '/api/admin/audit' });
  });

  it('answers 401 without a sign-in and 403 to a parent, for every admin route, changing nothing', async () => {
    const before = await fingerprint();
    for (const { method, path } of routes) {
      const body = method === 'GET' || method === 'DELETE' ? undefined : { role: 'admin', name: 'x' };
      for (const [who, token, status] of [
        ['anonymous', undefined, 401],
        ['parent', parentToken, 403],
      ] as const) {
        const res = await call(api, method, concrete(path), {
          ...(token ? { token } : {}),
          ...(body ? { body } : {}),
        });
        expect(res.status, `${method} ${path} as ${who}`).toBe(status);
        expect(res.json.error?.code, `${method} ${path} as ${who}`).toEqual(expect.any(String));
      }
    }
    expect(await fingerprint()).toEqual(before);
  });

  it('refuses an administrator whose email is not verified yet', async () => {
    const unverified = await registeredAccount(api);
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.firebaseUid, unverified.uid));
    const res = await call(api, 'GET', '/api/admin/counts', { token: unverified.idToken });
    expect(res.status).toBe(403);
    expect(res.json.error?.message).toMatch(/Confirm your email/);
  });

  it('lets an administrator read the audit log and the counts', async () => {
    const audit = await call(api, 'GET', '/api/admin/audit?sort=action&dir=asc&page=1&limit=10', {
      token: adminToken,
    });
    expect(audit.status).toBe(200);
    expect(audit.json).toMatchObject({ page: 1, pageSize: 10, total: expect.any(Number) });
    const counts = await call(api, 'GET', '/api/admin/counts', { token: adminToken });
    expect(counts.json).toEqual({ blogsWaiting: expect.any(Number), inquiriesNew: expect.any(Number) });
  });

  it('names the field of a bad list query', async () => {
    await expectFieldErrors(
      (query) => call(api, 'GET', `/api/admin/audit?${query}`, { token: adminToken }),
      [
        ['sort=password', 'sort'],
        ['dir=up', 'dir'],
        ['page=0', 'page'],
        ['limit=1000', 'limit'],
        [`q=${'x'.repeat(101)}`, 'q'],
        ['entity=Blog;drop', 'entity'],
      ],
    );
  });
});
