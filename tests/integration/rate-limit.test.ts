import { inArray } from 'drizzle-orm';
import { UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { submitContactForm } from '../../src/features/inquiries/contactForm.server';
import { rateLimits } from '../../src/platform/db/schema.server';
import { memoryRateLimiter, postgresRateLimiter } from '../../src/platform/http/rateLimit.server';
import { call, fileApi, PROJECT_ID, signInAccount, type TestApi, testApi } from './harness';

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

  it('the shared limiter now and then deletes the counters no window still counts, and only those', async () => {
    const day = 24 * 60 * 60_000;
    // An address last seen two days ago, and one a day and a minute ago: both past any window.
    await database.db.insert(rateLimits).values([
      { key: 'sweep:gone', windowStart: new Date(Date.now() - 2 * day), count: 7 },
      { key: 'sweep:yesterday', windowStart: new Date(Date.now() - day - 60_000), count: 7 },
    ]);
    // A check-out counter an hour long, used up just now.
    const quiet = postgresRateLimiter(database.db, { sweepChance: 0 });
    expect((await quiet.hit('sweep:hour', 1, 60 * 60_000)).allowed).toBe(true);
    const keys = ['sweep:gone', 'sweep:yesterday', 'sweep:hour'];
    const left = async () =>
      (await database.db.select().from(rateLimits).where(inArray(rateLimits.key, keys)))
        .map((r) => r.key)
        .sort();
    expect(await left()).toEqual(['sweep:gone', 'sweep:hour', 'sweep:yesterday']);

    // A one-minute sign-in hit that draws the sweep removes the ended rows, not the running hour.
    const sweeping = postgresRateLimiter(database.db, { sweepChance: 0.01, random: () => 0.005 });
    expect((await sweeping.hit('sweep:minute', 5, 60_000)).allowed).toBe(true);
    expect(await left()).toEqual(['sweep:hour']);
    expect((await quiet.hit('sweep:hour', 1, 60 * 60_000)).allowed).toBe(false);
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

const SIGN_IN = '/api/user/loginRegister';
/** A limiter whose minute never turns, so a test's counts cannot straddle two windows. */
const frozenLimiter = () => memoryRateLimiter(() => Date.UTC(2026, 0, 1, 10, 0, 30));
const signIn = (api: TestApi, address: string, options: { token?: string; forwardedFor?: string } = {}) =>
  call(api, 'POST', SIGN_IN, {
    address,
    ...(options.token ? { token: options.token } : {}),
    ...(options.forwardedFor ? { headers: { 'x-forwarded-for': options.forwardedFor } } : {}),
  });

describe('sign-in limits', () => {
  it('keeps a school’s real sign-ins working while junk from its one address is refused', async () => {
    const api = testApi(database, { rateLimiter: frozenLimiter(), authPerMinute: 60 });
    const school = '198.51.100.7';
    const parent = await signInAccount();
    for (let i = 0; i < 60; i++) {
      // Half without a token, half with one that is not a token at all.
      const junk = await signIn(api, school, i % 2 ? {} : { token: 'not-a-token' });
      expect(junk.status, `junk call ${i + 1}`).toBe(401);
    }
    const refused = await signIn(api, school);
    expect(refused.status).toBe(429);
    expect(refused.json.error?.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const real = await signIn(api, school, { token: parent.idToken });
    expect(real.status, JSON.stringify(real.json)).toBe(200);
    expect(real.json).toEqual({ success: true, data: null });

    expect((await signIn(api, school, { token: 'still.not.valid' })).status).toBe(429);
    expect((await signIn(api, school)).status).toBe(429);
    // Another address's failures are its own.
    expect((await signIn(api, '198.51.100.8')).status).toBe(401);
  });

  it('limits one account’s sign-ins wherever they come from, and no one else’s', async () => {
    const api = testApi(database, { rateLimiter: frozenLimiter(), authPerMinute: 5 });
    const hammer = await signInAccount();
    const neighbour = await signInAccount();
    for (let i = 0; i < 5; i++) {
      expect((await signIn(api, `203.0.113.${i + 1}`, { token: hammer.idToken })).status).toBe(200);
    }
    const refused = await signIn(api, '203.0.113.99', { token: hammer.idToken });
    expect(refused.status).toBe(429);
    expect(refused.json.error?.message).toMatch(/this account/);
    expect((await signIn(api, '203.0.113.1', { token: neighbour.idToken })).status).toBe(200);
  });
});

/** A token of this project that was valid until an hour ago (the emulator's are unsigned). */
function expiredToken(uid: string) {
  const now = Math.floor(Date.now() / 1000);
  return new UnsecuredJWT({
    iss: `https://securetoken.google.com/${PROJECT_ID}`,
    aud: PROJECT_ID,
    sub: uid,
    iat: now - 7200,
    exp: now - 3600,
  }).encode();
}

describe('an expired sign-in', () => {
  it('is told to sign in again (401), even when junk from its address has used up the allowance', async () => {
    const api = testApi(database, { rateLimiter: frozenLimiter(), authPerMinute: 3 });
    const library = '198.51.100.40';
    for (let i = 0; i < 3; i++) expect((await signIn(api, library)).status).toBe(401);
    expect((await signIn(api, library)).status).toBe(429);
    const parent = await signInAccount();
    for (let i = 0; i < 5; i++) {
      const res = await signIn(api, library, { token: expiredToken(parent.uid) });
      expect(res.status, `expired call ${i + 1}`).toBe(401);
      expect(res.json.error?.code).toBe('token_expired');
    }
    // Signed in again, the parent gets in.
    expect((await signIn(api, library, { token: parent.idToken })).status).toBe(200);
  });

  it('does not use up its address’s allowance for failed sign-ins', async () => {
    const api = testApi(database, { rateLimiter: frozenLimiter(), authPerMinute: 3 });
    const school = '198.51.100.41';
    for (let i = 0; i < 5; i++) {
      expect((await signIn(api, school, { token: expiredToken('someone') })).json.error?.code).toBe(
        'token_expired',
      );
    }
    for (let i = 0; i < 3; i++) expect((await signIn(api, school)).status).toBe(401);
    expect((await signIn(api, school)).status).toBe(429);
  });
});

describe('the client address behind a proxy', () => {
  const proxy = '10.0.0.2';

  it('ignores X-Forwarded-For unless TRUST_PROXY says a proxy is in front: anyone can write it', async () => {
    const api = testApi(database, { rateLimiter: frozenLimiter(), authPerMinute: 3 });
    for (let i = 1; i <= 3; i++) {
      expect((await signIn(api, proxy, { forwardedFor: `192.0.2.${i}` })).status).toBe(401);
    }
    // A new header each time changes nothing: the connection's address is the one counted.
    expect((await signIn(api, proxy, { forwardedFor: '192.0.2.4' })).status).toBe(429);
  });

  it('with TRUST_PROXY, counts each client by the address the proxy wrote, not by what it claims', async () => {
    const api = testApi(database, { rateLimiter: frozenLimiter(), authPerMinute: 3, trustedProxies: 1 });
    for (let i = 0; i < 3; i++) {
      expect((await signIn(api, proxy, { forwardedFor: '192.0.2.10' })).status).toBe(401);
    }
    expect((await signIn(api, proxy, { forwardedFor: '192.0.2.10' })).status).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await signIn(api, proxy, { forwardedFor: '192.0.2.11' })).status).toBe(401);
    // The blocked client writes another address first; the proxy appends the real one, which counts.
    expect((await signIn(api, proxy, { forwardedFor: '192.0.2.12, 192.0.2.10' })).status).toBe(429);
  });

  it('counts an IPv6 client by its /64 network, and an IPv4-mapped address as the IPv4 one', async () => {
    const api = testApi(database, { rateLimiter: frozenLimiter(), authPerMinute: 3, trustedProxies: 1 });
    for (let i = 1; i <= 3; i++) expect((await signIn(api, `2001:db8:0:9::${i}`)).status).toBe(401);
    // Another address of the same /64, straight or through the proxy with a port: the same client.
    expect((await signIn(api, '2001:db8:0:9:ffff::1')).status).toBe(429);
    expect((await signIn(api, proxy, { forwardedFor: '[2001:db8:0:9::abcd]:51234' })).status).toBe(429);
    // The next /64 is someone else.
    expect((await signIn(api, '2001:db8:0:a::1')).status).toBe(401);

    for (let i = 0; i < 3; i++) expect((await signIn(api, '192.0.2.30')).status).toBe(401);
    expect((await signIn(api, '::ffff:192.0.2.30')).status).toBe(429);
    expect((await signIn(api, proxy, { forwardedFor: '192.0.2.30:443' })).status).toBe(429);
  });

  it('gives the contact form without JavaScript the visitor’s address, not the proxy’s', async () => {
    const api = testApi(database, { rateLimiter: frozenLimiter(), trustedProxies: 1 });
    const message = {
      name: 'Priya Shah',
      email: 'priya@example.com',
      subject: 'Through the proxy',
      message: 'Is the library program open to schools?',
    };
    const postForm = (forwardedFor: string, n: number) =>
      submitContactForm(
        new Request('http://localhost/contact/send', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
          body: new URLSearchParams({ ...message, message: `${message.message} (${n})` }).toString(),
        }),
        (request) => api.fetch(request, { clientAddress: proxy }),
      );
    for (let n = 0; n < 5; n++) expect((await postForm('192.0.2.20', n)).outcome).toEqual({ sent: true });
    expect((await postForm('192.0.2.20', 5)).outcome).toMatchObject({ sent: false, status: 429 });
    expect((await postForm('192.0.2.21', 6)).outcome).toEqual({ sent: true });
  });
});
