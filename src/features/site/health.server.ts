import { type Db, databaseIsReady } from '~/platform/db/client.server';
import { unavailable } from '~/platform/errors';
import { isStopping } from '~/platform/server/lifecycle.server';
import type { Storage } from '~/platform/storage/storage';

/** How long one look at the database answers health checks: probes every second stay cheap. */
export const HEALTH_CHECK_TTL_MS = 1000;

/** What one look finds: each part this copy needs to serve requests. */
interface Look {
  database: boolean;
  storage: boolean;
}

/**
 * The server's readiness as load balancers ask for it: ready once the database answers and the
 * file store can be written to, and until the copy starts stopping (503 otherwise, which they read
 * as "send nobody here"; the message says which part is missing). One look serves every probe of
 * the next second; probes at the same moment share it.
 */
export function healthCheck(db: Db, storage: () => Storage) {
  let last: { at: number; look: Promise<Look> } | undefined;
  const lookNow = async (): Promise<Look> => {
    const [database, reachable] = await Promise.all([databaseIsReady(db), storage().reachable()]);
    return { database, storage: reachable };
  };
  return async (): Promise<void> => {
    if (isStopping()) throw unavailable('This copy is stopping: another copy answers.');
    const now = performance.now();
    if (!last || now - last.at > HEALTH_CHECK_TTL_MS) last = { at: now, look: lookNow() };
    const look = await last.look;
    if (!look.database) throw unavailable('The database is not ready yet.');
    if (!look.storage) throw unavailable('The file store cannot be reached.');
  };
}
