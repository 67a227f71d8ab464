import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { Settings } from '../env';
import type { Identity, VerifyToken } from '../identity';
import type { RateLimiter } from '../rateLimit';
import type { UserRow } from '../users.server';

/** What the API needs from the outside world; tests pass their own. */
export interface ApiDeps {
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  verifyToken: VerifyToken;
  rateLimiter: RateLimiter;
  logger: Logger;
  settings: Pick<Settings, 'ADMIN_EMAILS' | 'AUTH_RATE_LIMIT_PER_MINUTE'>;
}

export interface ApiEnv {
  Bindings: { clientAddress?: string };
  Variables: {
    requestId: string;
    identity: Identity;
    user: UserRow;
  };
}
