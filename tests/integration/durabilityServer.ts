// The API on a real port over a database on disk (DATA_DIR) or PostgreSQL (DATABASE_URL), for the
// durability test (durability.test.ts), which kills it with SIGKILL mid-write and starts it again.
// Prints "listening <port>" once it answers.
import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { createApi } from '../../src/features/api.server';
import { openDatabase } from '../../src/platform/db/client.server';
import { memoryRateLimiter } from '../../src/platform/http/rateLimit.server';
import { createSignInAccountDeleter, createTokenVerifier } from '../../src/platform/identity/identity.server';
import { createSignInAccounts } from '../../src/platform/identity/signInAccounts.server';
import { liveOnDatabase } from '../../src/platform/live/live.server';
import { createLogger } from '../../src/platform/logger.server';

const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const projectId = process.env.FIREBASE_PROJECT_ID ?? 'demo-quillreads';
const database = await openDatabase({
  ...(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {}),
  dataDir: process.env.DATA_DIR ?? 'memory://',
  migrationsDir: 'drizzle',
});
const api = createApi({
  db: database.db,
  databaseKind: database.kind,
  verifyToken: createTokenVerifier({ projectId, emulatorHost }),
  deleteSignInAccount: createSignInAccountDeleter({ apiKey: 'emulator-key', emulatorHost }),
  signInAccounts: createSignInAccounts({ apiKey: 'emulator-key', emulatorHost }),
  rateLimiter: memoryRateLimiter(),
  live: liveOnDatabase(database.queue, createLogger('silent')),
  logger: createLogger('silent'),
  settings: { ADMIN_EMAILS: [], AUTH_RATE_LIMIT_PER_MINUTE: 100_000 },
});
const server = createServer(
  getRequestListener((request, env) => {
    const address = env.incoming.socket.remoteAddress;
    return api.fetch(request, address ? { clientAddress: address } : {});
  }),
);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
// A gentle stop (the test's last step) closes the database properly.
process.on('SIGTERM', () => {
  server.close();
  void database.close().finally(() => process.exit(0));
});
