// What `npm run backup` and `npm run restore` work on: the folders `npm start` keeps its data in
// (scripts/start.mjs), with the same settings a person may have changed (DATA_DIR, MEDIA_DIR).
import { join } from 'node:path';
import { backupsDirFor } from '../src/platform/db/backups.server';

export function failWith(message: string): never {
  console.error(`✖ ${message}`);
  process.exit(1);
}

export function embeddedFolders() {
  if (process.env.DATABASE_URL)
    failWith(
      'DATABASE_URL is set: backups of a PostgreSQL server are its own tools’ (pg_dump, or the provider’s snapshots). These commands back up the embedded database of `npm start`.',
    );
  const dataDir = process.env.DATA_DIR ?? join('.data', 'db');
  return {
    dataDir,
    backupsDir: backupsDirFor(dataDir),
    extras: {
      media: process.env.MEDIA_DIR ?? join('.data', 'media'),
      // The sign-in emulator's accounts, as `npm start` keeps them.
      auth: join('.data', 'auth'),
    },
  };
}

const LABELS: Record<string, string> = {
  users: 'accounts',
  children: 'children',
  reading_logs: 'reading entries',
  weekly_plans: 'weekly plans',
};

export const summarizeRows = (rows: Record<string, number>) =>
  Object.entries(rows)
    .map(([table, n]) => `${LABELS[table] ?? table} ${n}`)
    .join(', ') || 'no tables yet';
