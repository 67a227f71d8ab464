import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '~/platform/db/client.server';

interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets. */
  retryAfterS: number;
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs: number): Promise<RateLimitResult>;
}

/**
 * The longest window a limit may count over. The shared table keeps no window length, so its sweep
 * removes the counters that are past any window: those started longer ago than this.
 */
export const MAX_WINDOW_MS = 24 * 60 * 60_000;

function checkWindow(windowMs: number) {
  if (!Number.isInteger(windowMs) || windowMs < 1 || windowMs > MAX_WINDOW_MS) {
    throw new RangeError(`A rate limit's window must be 1 ms to 24 hours, not ${windowMs} ms.`);
  }
}

function windowOf(now: number, windowMs: number) {
  checkWindow(windowMs);
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, retryAfterS: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}

/** How many counters the in-process limiter keeps at most (each is a key and two numbers). */
export const MEMORY_LIMITER_MAX_KEYS = 50_000;

/**
 * Fixed-window counters in this process: right for one server process (PGlite). Each counter keeps
 * the end of its own window, so limits with different windows (a minute, ten minutes, an hour) share
 * the map without one's hits ending another's count. Past `maxKeys` counters the ended ones go; if
 * too many are still running (a flood of new addresses), those whose window was first hit longest
 * ago go until a tenth of the room is free again, so the map never grows past `maxKeys` and is not scanned on every hit.
 */
export function memoryRateLimiter(
  now: () => number = Date.now,
  maxKeys: number = MEMORY_LIMITER_MAX_KEYS,
): RateLimiter & { readonly size: number } {
  // In the order of their window's first hit: a counter whose window rolls over moves to the end.
  const counters = new Map<string, { expiresAt: number; count: number }>();
  const prune = (at: number) => {
    for (const [key, counter] of counters) if (counter.expiresAt <= at) counters.delete(key);
    const keep = Math.floor(maxKeys * 0.9);
    for (const key of counters.keys()) {
      if (counters.size <= keep) break;
      counters.delete(key);
    }
  };
  return {
    get size() {
      return counters.size;
    },
    async hit(key, limit, windowMs) {
      const at = now();
      const { start, retryAfterS } = windowOf(at, windowMs);
      const expiresAt = start + windowMs;
      const current = counters.get(key);
      if (current && current.expiresAt === expiresAt) {
        current.count += 1;
        return { allowed: current.count <= limit, retryAfterS };
      }
      counters.delete(key);
      counters.set(key, { expiresAt, count: 1 });
      if (counters.size > maxKeys) prune(at);
      return { allowed: 1 <= limit, retryAfterS };
    },
  };
}

/**
 * Fixed-window counters in Postgres, so every server process shares them. One atomic upsert a
 * hit; the window comes from the database's clock, so processes whose clocks differ still agree.
 * About one hit in a hundred (`sweepChance`) also deletes the counters started more than
 * MAX_WINDOW_MS ago, which no window still counts: a key that is never hit again (an address that
 * went away) would otherwise keep its row for ever.
 */
export function postgresRateLimiter(
  db: Db,
  options: { sweepChance?: number; random?: () => number } = {},
): RateLimiter {
  const { sweepChance = 0.01, random = Math.random } = options;
  const sweep = async () => {
    try {
      await db.execute(
        sql`delete from rate_limits where window_start < now() - ${MAX_WINDOW_MS} * interval '1 millisecond'`,
      );
    } catch {
      // Only tidying: a sweep that loses a lock race leaves the rows to the next one.
    }
  };
  return {
    async hit(key, limit, windowMs) {
      checkWindow(windowMs);
      const [row] = await queryRows<{ count: number; retry_after: number }>(
        db,
        sql`
        with w as (
          select date_bin(${windowMs} * interval '1 millisecond', now(), timestamptz '2000-01-01 00:00:00+00') as start
        )
        insert into rate_limits (key, window_start, count)
        select ${key}, w.start, 1 from w
        on conflict (key) do update set
          count = case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end,
          window_start = excluded.window_start
        returning count,
          ceil(extract(epoch from (window_start + ${windowMs} * interval '1 millisecond' - now())))::int as retry_after`,
      );
      if (random() < sweepChance) await sweep();
      return {
        allowed: Number(row?.count ?? 1) <= limit,
        retryAfterS: Math.max(1, Number(row?.retry_after ?? 1)),
      };
    },
  };
}
