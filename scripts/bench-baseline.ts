// The baselines for `npm run bench:api`, on Node's HTTP server with a bare Hono app (no Astro, no
// middleware, no validation): /hello answers a constant; /plans, /blogs and /login run exactly the
// database work of GET /api/plans, GET /api/blogs and POST /api/user/loginRegister (the same
// functions, on the same data: the same Postgres database, or a copy of the seeded PGlite folder).
// The API's figures divided by these are the cost of everything around the query.
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { BLOG_PAGE_SIZE } from '../src/features/blogs/blogs.schema';
import { listPublishedPosts } from '../src/features/blogs/blogs.server';
import { userDto } from '../src/features/family/family.server';
import { listActivePlans } from '../src/features/plans/plans.server';
import { openDatabase } from '../src/platform/db/client.server';
import { findUserByFirebaseUid } from '../src/platform/identity/accounts.server';

const { db } = await openDatabase({
  url: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? 'memory://',
  migrationsDir: 'drizzle',
});
const uid = process.env.BENCH_UID ?? '';

const app = new Hono();
app.get('/hello', (c) => c.json({ hello: 'world' }));
app.get('/plans', async (c) => c.json(await listActivePlans(db)));
app.get('/blogs', async (c) => c.json(await listPublishedPosts(db, { limit: BLOG_PAGE_SIZE })));
app.post('/login', async (c) => {
  const user = await findUserByFirebaseUid(db, uid);
  return c.json({ success: true, data: user ? await userDto(db, user) : null });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
