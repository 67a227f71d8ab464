// The server the end-to-end tests run against: the production build, a fresh database with the
// demo content, and the Auth emulator. Playwright starts it (webServer) and stops it.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from './emulator.mjs';
import { freshPostgresDatabase, run } from './lib.mjs';
import { startMailCatcher } from './mailCatcher.mjs';

// One temporary folder per run: the database and the uploads side by side, as in .data/.
const dataRoot = mkdtempSync(join(tmpdir(), 'quillreads-e2e-'));
const env = {
  ...process.env,
  APP_ENV: 'test',
  FIREBASE_PROJECT_ID: 'demo-quillreads',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  ADMIN_EMAILS: 'admin@example.com',
  LOG_LEVEL: 'warn',
  // Every test signs in from the same address; the limit itself is covered by the integration tests.
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  // The same for the contact form: several specs send messages (with and without JavaScript).
  INQUIRY_RATE_LIMIT_PER_TEN_MINUTES: '100000',
  DATA_DIR: join(dataRoot, 'db'),
  MEDIA_DIR: join(dataRoot, 'media'),
};

// With DATABASE_URL (CI's second run), a new database on that server for this run.
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const fresh = await freshPostgresDatabase(process.env.DATABASE_URL, 'qr_e2e');
  env.DATABASE_URL = fresh.url;
  dropDatabase = fresh.drop;
}

// The mail catcher on the ports playwright.config.ts chose: the tests read the messages they cause.
const mail = await startMailCatcher({
  smtpPort: Number(process.env.E2E_SMTP_PORT ?? 0),
  webPort: Number(process.env.E2E_MAIL_WEB_PORT ?? 0),
});
env.SMTP_URL = mail.smtpUrl;

const stopEmulator = await startEmulator({ ownGroup: false });
if ((await run('tsx', ['scripts/seed.ts'], { env })) !== 0) {
  await stopEmulator();
  process.exit(1);
}
const server = spawn(process.execPath, ['dist/server/main.mjs'], { stdio: 'inherit', env });
const stop = async () => {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await Promise.all([stopEmulator(), mail.stop(), dropDatabase().catch(() => {})]);
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop());
server.on('exit', (code) => {
  void stopEmulator().then(() => process.exit(code ?? 0));
});
