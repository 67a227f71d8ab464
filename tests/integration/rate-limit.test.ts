import { describe, expect, it } from 'vitest';
import { memoryRateLimiter, postgresRateLimiter } from '../../src/platform/http/rateLimit.server';
import { fileApi } from './harness';

const { database } = await fileApi();

describe('rate limiters', () => {
  it('the shared (database) limiter allows the limit, refuses the next, and counts per key', async () => {
    const limiter = postgresRateLimiter(database.db);
    for (let i = 0; i < 3; i++) expect((await limiter.hit('auth:10.0.0.1', 3, 60_000)).allowed).toBe(true);
    const refused = await limiter.hit('auth:10.0.0.1', 3, 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterS).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfterS).toBeLessThanOrEqual(60);
    expect((await limiter.hit('auth:10.0.0.2', 3, 60_000)).allowed).toBe(true);
  });

  it('the shared limiter counts hits from many requests at once exactly', async () => {
    const limiter = postgresRateLimiter(database.db);
    const results = await Promise.all(Array.from({ length: 20 }, () => limiter.hit('burst', 5, 60_000)));
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it('the in-process limiter starts a new window when the minute turns', async () => {
    let now = Date.UTC(2026, 0, 1, 10, 0, 30);
    const limiter = memoryRateLimiter(() => now);
    expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(true);
    const refused = await limiter.hit('k', 1, 60_000);
    expect(refused).toEqual({ allowed: false, retryAfterS: 30 });
    now += 30_000;
    expect((await limiter.hit('k', 1, 60_000)).allowed).toBe(true);
  });
});
