import { type Db, databaseIsReady } from '~/platform/db/client.server';
import { unavailable } from '~/platform/errors';

/** How long one look at the database answers health checks: probes every second stay cheap. */
export const HEALTH_CHECK_TTL_MS = 1000;

/**
 * The server's health as load balancers ask for it: ready once the database answers (503 until
 * then, which they read as "send nobody here yet"). One look at the database serves every probe
 * of the next second; probes at the same moment share it.
 */
export function healthCheck(db: Db) {
  let last: { at: number; ready: Promise<boolean> } | undefined;
  return async (): Promise<void> => {
    const now = performance.now();
    if (!last || now - last.at > HEALTH_CHECK_TTL_MS) last = { at: now, ready: databaseIsReady(db) };
    if (!(await last.ready)) throw unavailable('The database is not ready yet.');
  };
}
