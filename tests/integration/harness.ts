import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import {
  createEmulatorAccount,
  createVerifiedEmulatorAccount,
  EMULATOR_HOST,
  PROJECT_ID,
  signInWithGoogleAtEmulator,
} from '../../scripts/emulator.mjs';
import { freshPostgresDatabase } from '../../scripts/lib.mjs';
import { createApi } from '../../src/features/api.server';
import { type Database, openDatabase } from '../../src/platform/db/client.server';
import { auditLog, plans } from '../../src/platform/db/schema.server';
import { memoryRateLimiter, type RateLimiter } from '../../src/platform/http/rateLimit.server';
import {
  createSignInAccountDeleter,
  createTokenVerifier,
  type DeleteSignInAccount,
} from '../../src/platform/identity/identity.server';
import { createSignInAccounts } from '../../src/platform/identity/signInAccounts.server';
import type { JobConsole } from '../../src/platform/jobs/queue.server';
import { type Live, liveOnDatabase } from '../../src/platform/live/live.server';
import { createLogger } from '../../src/platform/logger.server';
import { type PaymentProvider, sandboxProvider } from '../../src/platform/payments/provider.server';
import { createSiteServer } from '../../src/platform/server/server.server';
import { loadStaticFiles } from '../../src/platform/server/staticFiles.server';
import { diskStorage } from '../../src/platform/storage/disk.server';
import type { Storage } from '../../src/platform/storage/storage';

export { EMULATOR_HOST, PROJECT_ID };

/**
 * A fresh database for one test file: PGlite in memory by default; with DATABASE_URL, a new
 * database on that Postgres server, dropped afterwards.
 */
export async function testDatabase(): Promise<Database & { dispose(): Promise<void> }> {
  const migrationsDir = 'drizzle';
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://', migrationsDir });
    return { ...database, dispose: database.close };
  }
  const fresh = await freshPostgresDatabase(url, 'qr_test');
  const database = await openDatabase({ url: fresh.url, dataDir: 'memory://', migrationsDir });
  return {
    ...database,
    async dispose() {
      await database.close();
      await fresh.drop();
    },
  };
}

export type TestDatabase = Awaited<ReturnType<typeof testDatabase>>;

/** This test file's administrator: configured as an admin email, unique so files never collide. */
export const ADMIN_EMAIL = `admin-${randomUUID().slice(0, 8)}@example.com`;

interface TestApiOptions {
  rateLimiter?: RateLimiter;
  authPerMinute?: number;
  /** TRUST_PROXY: how many proxies in front append to X-Forwarded-For; none when left out. */
  trustedProxies?: number;
  adminEmail?: string;
  storage?: Storage;
  payments?: PaymentProvider;
  /** The job queue the admin console reads; none (as on a development server) when left out. */
  jobs?: JobConsole;
  /** APP_ENV as the API is told it; left out, as in development. */
  appEnv?: 'development' | 'test' | 'production';
  /** The live event streams (and the database listener behind them); this database's when left out. */
  live?: Live;
  /** Removes a sign-in account; the emulator's when left out. */
  deleteSignInAccount?: DeleteSignInAccount;
}

export function testApi(database: Database, options: TestApiOptions = {}) {
  return createApi({
    db: database.db,
    databaseKind: database.kind,
    verifyToken: createTokenVerifier({ projectId: PROJECT_ID, emulatorHost: EMULATOR_HOST }),
    deleteSignInAccount:
      options.deleteSignInAccount ??
      createSignInAccountDeleter({ apiKey: 'emulator-key', emulatorHost: EMULATOR_HOST }),
    signInAccounts: createSignInAccounts({ apiKey: 'emulator-key', emulatorHost: EMULATOR_HOST }),
    rateLimiter: options.rateLimiter ?? memoryRateLimiter(),
    live: options.live ?? liveOnDatabase(database.queue, createLogger('silent')),
    ...(options.trustedProxies !== undefined ? { trustedProxies: options.trustedProxies } : {}),
    logger: createLogger('silent'),
    settings: {
      ADMIN_EMAILS: [options.adminEmail ?? ADMIN_EMAIL],
      AUTH_RATE_LIMIT_PER_MINUTE: options.authPerMinute ?? 10_000,
      ...(options.appEnv ? { APP_ENV: options.appEnv } : {}),
    },
    ...(options.storage ? { storage: options.storage } : {}),
    ...(options.payments ? { payments: options.payments } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
  });
}

export type TestApi = ReturnType<typeof testApi>;

interface FileApi {
  database: TestDatabase;
  api: TestApi;
  /** The uploads folder ('' without `media`). */
  mediaDir: string;
}

/**
 * This test file's database and API, made as the file loads (call it with top-level await) and closed
 * after its tests. With `media`, uploads go to a new folder named after it, removed afterwards.
 */
export async function fileApi(
  options: TestApiOptions & { media: string },
): Promise<FileApi & { storage: Storage }>;
export async function fileApi(options?: TestApiOptions): Promise<FileApi>;
export async function fileApi(options: TestApiOptions & { media?: string } = {}) {
  const { media, ...apiOptions } = options;
  const database = await testDatabase();
  const mediaDir = media ? await mkdtemp(join(tmpdir(), `qr-${media}-`)) : '';
  afterAll(async () => {
    await database.dispose();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });
  const storage = mediaDir ? diskStorage(mediaDir) : apiOptions.storage;
  const api = testApi(database, { ...apiOptions, ...(storage ? { storage } : {}) });
  return { database, api, mediaDir, storage };
}

/** Every file under a media folder, as storage keys, sorted. */
export async function storedFiles(mediaDir: string): Promise<string[]> {
  const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(mediaDir.length + 1))
    .sort();
}

/** The audit entries about one entity, oldest first. */
export const auditEntries = (database: TestDatabase, entityId: string) =>
  database.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(auditLog.createdAt);

/** A sign-in account as the emulator answers it. */
interface EmulatorAccount {
  uid: string;
  email: string;
  idToken: string;
}

/** A new sign-in account in the emulator, with a unique email unless one is given. */
export async function signInAccount(email = `parent-${randomUUID()}@example.com`) {
  return createEmulatorAccount(email, 'correct horse battery staple') as Promise<EmulatorAccount>;
}

interface CallOptions {
  token?: string;
  body?: unknown;
  rawBody?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  address?: string;
}

/** Calls the API through its real router, as the server does. */
export async function call(api: TestApi, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
  const res = await api.request(
    path,
    { method, headers, ...(body !== undefined ? { body } : {}) },
    {
      clientAddress: options.address ?? '127.0.0.1',
    },
  );
  // An event stream never ends by itself: its status and headers are the answer here.
  const streamed = /^text\/event-stream/.test(res.headers.get('content-type') ?? '');
  const text = streamed ? await res.body?.cancel().then(() => '') : await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return {
    status: res.status,
    headers: res.headers,
    json: json as Record<string, unknown> & {
      error?: { code: string; message: string; fields?: Record<string, string> };
    },
  };
}

/** A Google sign-in through the emulator's stand-in for Google. */
export async function googleAccount(email = `google-${randomUUID()}@example.com`) {
  return signInWithGoogleAtEmulator(email) as Promise<EmulatorAccount>;
}

/** A sign-in account whose email is verified (administrators must have one). */
export async function verifiedAccount(email = `verified-${randomUUID()}@example.com`) {
  return createVerifiedEmulatorAccount(email, 'correct horse battery staple') as Promise<EmulatorAccount>;
}

/** Registers a parent (or, with the configured admin email, a verified administrator); `verified` for one who may be promoted. */
export async function registeredAccount(
  api: TestApi,
  email?: string,
  displayName = 'Sam Parent',
  options: { verified?: boolean } = {},
) {
  const account =
    email === ADMIN_EMAIL || options.verified ? await verifiedAccount(email) : await signInAccount(email);
  const res = await call(api, 'POST', '/api/user/loginRegister', {
    token: account.idToken,
    body: {
      uid: account.uid,
      email: account.email,
      registration: { displayName, acceptPrivacyPolicy: true },
    },
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${JSON.stringify(res.json)}`);
  return { ...account, user: (res.json as { data: { id: string } }).data };
}

/** The configured administrator, registered (once a file) as Ada Admin. */
export const adminAccount = (api: TestApi) => registeredAccount(api, ADMIN_EMAIL, 'Ada Admin');

/** A reading guide: a verified account an administrator made a guide (through the admin route). */
export async function guideAccount(api: TestApi, adminToken: string, displayName = 'Gia Guide') {
  const account = await registeredAccount(api, undefined, displayName, { verified: true });
  const res = await call(api, 'PATCH', `/api/admin/users/${account.user.id}`, {
    token: adminToken,
    body: { role: 'guide' },
  });
  if (res.status !== 200) throw new Error(`making a guide failed: ${res.status} ${JSON.stringify(res.json)}`);
  return account;
}

/** An administrator and two reading guides, Gia and Gus, each with a caller of the API as them. */
export async function teamOfGuides(api: TestApi) {
  const admin = await adminAccount(api);
  const [gia, gus] = await Promise.all([
    guideAccount(api, admin.idToken, 'Gia Guide'),
    guideAccount(api, admin.idToken, 'Gus Guide'),
  ]);
  return {
    admin,
    gia,
    gus,
    asAdmin: caller(api, admin.idToken),
    asGia: caller(api, gia.idToken),
    asGus: caller(api, gus.idToken),
  };
}

/** A new family: a registered parent and one child with exactly these fields, which must be accepted. */
export async function familyWithChild(api: TestApi, child: Record<string, unknown>, displayName?: string) {
  const parent = await registeredAccount(api, undefined, displayName);
  const res = await call(api, 'POST', '/api/children', { token: parent.idToken, body: child });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { ...parent, token: parent.idToken, userId: parent.user.id, childId: String(res.json._id) };
}

/** Calls the API as one account: `(method, path, body?)`. */
export const caller = (api: TestApi, token: string) => (method: string, path: string, body?: unknown) =>
  call(api, method, path, { token, ...(body !== undefined ? { body } : {}) });

/** Each bad query is refused with 400, naming its field; `ask` sends one query. */
export async function expectFieldErrors(
  ask: (query: string) => ReturnType<typeof call>,
  cases: readonly (readonly [query: string, field: string])[],
) {
  for (const [query, field] of cases) {
    const res = await ask(query);
    expect(res.status, query).toBe(400);
    expect(Object.keys(res.json.error?.fields ?? {}), query).toContain(field);
    expect(res.json.error?.fields?.[field], query).toBeTruthy();
  }
}

/** Posts a new resource, which must be created (201); answers its JSON. */
export async function created<T = { id: string }>(api: TestApi, path: string, token: string, body: unknown) {
  const res = await call(api, 'POST', path, { token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as unknown as T;
}

/** Uploads a picture for a blog post as this account: the PNG (or any bytes) as the raw body. */
export const uploadBlogPicture = (api: TestApi, token: string, png: Uint8Array) =>
  call(api, 'POST', '/api/me/blog-images', {
    token,
    rawBody: png as Uint8Array<ArrayBuffer>,
    headers: { 'content-type': 'image/png' },
  });

/** The first bytes of a WebM file: enough for a recording the API stores as it comes. */
const WEBM_START = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4]);

/** Saves a five-second read-aloud attempt of the passage, with a recording, for the family's child. */
export async function recordAttempt(
  api: TestApi,
  family: { token: string; childId: string },
  passageId: string | undefined,
) {
  const res = await call(
    api,
    'POST',
    `/api/children/${family.childId}/recordings?passageId=${passageId}&durationMs=5000`,
    { token: family.token, rawBody: WEBM_START, headers: { 'content-type': 'audio/webm' } },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
}

/** A plan written straight to the database (as the team would add it); answers its id. */
export async function addPlan(database: Database, plan: typeof plans.$inferInsert) {
  const [row] = await database.db.insert(plans).values(plan).returning({ id: plans.id });
  if (!row) throw new Error('the plan was not made');
  return row.id;
}

/** An ISO instant `days` (and `hours`) from now. */
export const inDays = (days: number, hours = 0) =>
  new Date(Date.now() + days * 86_400_000 + hours * 3_600_000).toISOString();

/** An API whose payment provider is the sandbox (signing with `secret`) with `over` changed. */
export const apiWithProvider = (database: Database, over: Partial<PaymentProvider>, secret?: string) =>
  testApi(database, { payments: { ...sandboxProvider(secret), ...over } });

/** A Stripe-shaped event about `object`, as the JSON body Stripe would post. */
export const stripeEvent = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({ id: `evt_${randomUUID().replaceAll('-', '')}`, object: 'event', type, data: { object } });

/** Posts a payment event to the webhook as its raw body, with a Stripe-Signature when one is given. */
export const postPaymentEvent = (api: TestApi, payload: string, signature?: string) =>
  call(api, 'POST', '/api/payments/webhook', {
    rawBody: payload,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });

/**
 * The production site server (createSiteServer, as src/features/main.server.ts makes it) around
 * this API, with no built files, listening on a free port of this machine; closed after the file.
 */
export async function siteServerFor(api: TestApi): Promise<Server> {
  const server = createSiteServer({
    api: { fetch: (request, env) => api.fetch(request, env) },
    files: loadStaticFiles(join(tmpdir(), `quillreads-no-files-${randomUUID()}`)),
    pages: (_req, res) => {
      res.writeHead(404);
      res.end();
    },
    security: { production: false, pagePolicy: "default-src 'self'" },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return server;
}
