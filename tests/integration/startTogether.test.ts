import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../scripts/lib.mjs';
import { openDatabase } from '../../src/platform/db/client.server';
import { createJobQueue } from '../../src/platform/jobs/queue.server';
import { createLogger } from '../../src/platform/logger.server';

// Copies of the server starting at the same moment on a new PostgreSQL database (a first deploy, a
// scale-out): each migrates the schema and installs the job queue's, one at a time (decision 36).
const url = process.env.DATABASE_URL;
const fresh = url ? await freshPostgresDatabase(url, 'qr_together') : null;
afterAll(async () => {
  await fresh?.drop();
});

describe.skipIf(!fresh)('copies starting together (PostgreSQL)', () => {
  it('all come up: the migrations and the job queue’s schema are installed once, by one of them', async () => {
    const copies = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() =>
        openDatabase({ url: fresh?.url, dataDir: 'memory://', migrationsDir: 'drizzle' }),
      ),
    );
    const queues = copies.map((c) => createJobQueue(c.queue, { logger: createLogger('silent') }));
    const started = await Promise.allSettled(queues.map((q) => q.start()));
    expect(started.map((s) => s.status)).toEqual(queues.map(() => 'fulfilled'));
    const [first] = copies;
    const applied = await first?.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations');
    const rows = (applied as unknown as { rows: { n: number }[] }).rows;
    expect(rows[0]?.n).toBeGreaterThan(30);
    await Promise.all(queues.map((q) => q.stop({ timeoutMs: 3_000 })));
    await Promise.all(copies.map((c) => c.close()));
  });
});
