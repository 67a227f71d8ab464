import { describe, expect, it } from 'vitest';
import { MEMORY_LIMITER_MAX_KEYS, memoryRateLimiter } from './rateLimit.server';

const MINUTE = 60_000;

describe('memoryRateLimiter', () => {
  it('keeps a longer limit’s running count when a shorter limit’s hits tidy the map', async () => {
    let now = Date.UTC(2026, 0, 1, 10, 0, 30);
    const limiter = memoryRateLimiter(() => now);
    // The contact form's ten-minute limit is used up at 10:00.
    expect((await limiter.hit('inquiry:192.0.2.1', 1, 10 * MINUTE)).allowed).toBe(true);
    expect((await limiter.hit('inquiry:192.0.2.1', 1, 10 * MINUTE)).allowed).toBe(false);
    // The map fills up (to its cap, not past it) with one-minute sign-in counters...
    for (let i = 1; i < MEMORY_LIMITER_MAX_KEYS; i++) await limiter.hit(`auth-failed:${i}`, 60, MINUTE);
    // ...and at 10:05 one more sign-in passes the cap: the ended one-minute counters go, not the
    // ten-minute one, which still has five minutes to run.
    now += 5 * MINUTE;
    await limiter.hit('auth-failed:one-more', 60, MINUTE);
    expect((await limiter.hit('inquiry:192.0.2.1', 1, 10 * MINUTE)).allowed).toBe(false);
    expect(limiter.size).toBe(2);
  });

  it('never holds more than its cap when every counter is still running, dropping the oldest', async () => {
    const now = Date.UTC(2026, 0, 1, 10, 0, 30);
    const limiter = memoryRateLimiter(() => now, 1_000);
    for (let i = 0; i < 5_000; i++) {
      await limiter.hit(`auth-failed:${i}`, 1, MINUTE);
      expect(limiter.size).toBeLessThanOrEqual(1_000);
    }
    // The newest counters are kept (a repeat is refused); the oldest were dropped (counted anew).
    expect((await limiter.hit('auth-failed:4999', 1, MINUTE)).allowed).toBe(false);
    expect((await limiter.hit('auth-failed:0', 1, MINUTE)).allowed).toBe(true);
  });

  it('moves a counter whose window rolled over to the newest, so it is not the first dropped', async () => {
    let now = Date.UTC(2026, 0, 1, 10, 0, 30);
    const limiter = memoryRateLimiter(() => now, 10);
    await limiter.hit('early', 1, 10 * MINUTE);
    now += 10 * MINUTE;
    for (let i = 0; i < 5; i++) await limiter.hit(`k${i}`, 1, 10 * MINUTE);
    // 'early' starts its new window after k0…k4.
    await limiter.hit('early', 1, 10 * MINUTE);
    for (let i = 5; i < 10; i++) await limiter.hit(`k${i}`, 1, 10 * MINUTE);
    // The eleventh key passes the cap: k0 goes first, and 'early' (newer than k0…k4) stays.
    expect(limiter.size).toBeLessThanOrEqual(10);
    expect((await limiter.hit('early', 1, 10 * MINUTE)).allowed).toBe(false);
  });

  it('refuses a window it could not sweep: none, or longer than a day', async () => {
    const limiter = memoryRateLimiter();
    await expect(limiter.hit('k', 1, 0)).rejects.toThrow(RangeError);
    await expect(limiter.hit('k', 1, 2 * 24 * 60 * MINUTE)).rejects.toThrow(RangeError);
  });
});
