// Seeds an empty database with demo content and makes sure the demo sign-in accounts exist in
// the Auth emulator. Run by `npm start`; safe to run again: a database with data is left alone.

import { DEMO_ACCOUNTS } from '../src/features/demo/demoAccounts';
import { seedDemo } from '../src/features/demo/seed.server';
import { openDatabase } from '../src/platform/db/client.server';
import { orExitOnDatabaseFailure } from '../src/platform/db/startupFailure.server';
import { loadSettings } from '../src/platform/env.server';
import { ensureEmulatorAccount } from './emulator.mjs';

const settings = loadSettings();
if (settings.FIREBASE_AUTH_EMULATOR_HOST) {
  for (const account of Object.values(DEMO_ACCOUNTS)) await ensureEmulatorAccount(account);
}
// A damaged embedded folder stops `npm start` here, before the server, with what to do about it.
const database = await orExitOnDatabaseFailure(() =>
  openDatabase({
    url: settings.DATABASE_URL,
    dataDir: settings.DATA_DIR,
    migrationsDir: settings.MIGRATIONS_DIR,
  }),
);
try {
  const seeded = await seedDemo(database.db);
  console.log(seeded ? 'Seeded the demo content.' : 'The database already holds data: nothing seeded.');
} finally {
  await database.close();
}
