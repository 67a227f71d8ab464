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

function windowOf(now: number, windowMs: number) {
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, retryAfterS: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}

/** Fixed-window counters in this process: right for one server process (PGlite). */
export function memoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const counters = new Map<string, { start: number; count: number }>();
  return {
    async hit(key, limit, windowMs) {
      const { start, retryAfterS } = windowOf(now(), windowMs);
      const current = counters.get(key);
      const count = current && current.start === start ? current.count + 1 : 1;
      counters.set(key, { start, count });
      if (counters.size > 50_000) {
        for (const [k, v] of counters) if (v.start < start) counters.delete(k);
      }
      return { allowed: count <= limit, retryAfterS };
    },
  };
}

/**
 * Fixed-window counters in Postgres, so every server process shares them. One atomic upsert a
 * hit; the window comes from the database's clock, so processes whose clocks differ still agree.
 */
export function postgresRateLimiter(db: Db): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
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
      return {
        allowed: Number(row?.count ?? 1) <= limit,
        retryAfterS: Math.max(1, Number(row?.retry_after ?? 1)),
      };
    },
  };
}
