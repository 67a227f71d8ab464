/**
 * The demo sign-in accounts `npm start` creates in the local Auth emulator. Their uids are
 * fixed so they keep matching their rows in the database after the emulator restarts.
 * These passwords only ever exist in the local emulator.
 */
export const DEMO_ACCOUNTS = {
  admin: {
    uid: 'demo-admin-0001',
    email: 'admin@example.com',
    password: 'quillreads-admin',
    displayName: 'Ada Okafor',
    role: 'admin',
  },
  guide: {
    uid: 'demo-guide-0001',
    email: 'guide@example.com',
    password: 'quillreads-guide',
    displayName: 'Grace Mbeki',
    role: 'guide',
  },
  parent: {
    uid: 'demo-parent-0001',
    email: 'parent@example.com',
    password: 'quillreads-parent',
    displayName: 'Jordan Rivers',
    role: 'parent',
  },
} as const;
