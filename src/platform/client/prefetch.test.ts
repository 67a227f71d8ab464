import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetch, takePrefetched } from './prefetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubFetch() {
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return Promise.resolve(new Response('{"ok":true}'));
  });
  return sent;
}

describe('a request sent from the page’s head', () => {
  it('carries the token, and its answer is taken once by the same request', async () => {
    const sent = stubFetch();
    prefetch('/api/children/1/wall', 'token-1');
    expect(sent[0]?.init.headers).toMatchObject({ authorization: 'Bearer token-1' });
    expect(takePrefetched('get', '/api/children/1/plan')).toBeUndefined();
    const answer = takePrefetched('get', '/api/children/1/wall');
    expect(await (await answer)?.json()).toEqual({ ok: true });
    expect(takePrefetched('get', '/api/children/1/wall')).toBeUndefined();
  });

  it('with a body, only for the same method, address and body', () => {
    const sent = stubFetch();
    prefetch('/api/user/loginRegister', 'token-1', { uid: 'a', timeZone: 'UTC' });
    expect(sent[0]?.init).toMatchObject({ method: 'POST', body: '{"uid":"a","timeZone":"UTC"}' });
    expect(takePrefetched('get', '/api/user/loginRegister')).toBeUndefined();
    expect(takePrefetched('post', '/api/user/loginRegister', { uid: 'b', timeZone: 'UTC' })).toBeUndefined();
    expect(takePrefetched('post', '/api/user/loginRegister', { uid: 'a', timeZone: 'UTC' })).toBeDefined();
  });

  it('is not used once it is old', () => {
    vi.useFakeTimers();
    stubFetch();
    prefetch('/api/children/1/wall', 'token-1');
    vi.advanceTimersByTime(16_000);
    expect(takePrefetched('get', '/api/children/1/wall')).toBeUndefined();
  });
});

describe('a request the page sent before the early one', () => {
  it('keeps the early one from being sent, so no later request gets an older answer', () => {
    const sent = stubFetch();
    expect(takePrefetched('post', '/api/user/loginRegister', { uid: 'c' })).toBeUndefined();
    prefetch('/api/user/loginRegister', 'token-1', { uid: 'c' });
    expect(sent).toEqual([]);
    expect(takePrefetched('post', '/api/user/loginRegister', { uid: 'c' })).toBeUndefined();
  });
});

describe('the same request sent twice from the head', () => {
  it('leaves once: the session restored after the last page’s token sends nothing more', async () => {
    const sent = stubFetch();
    prefetch('/api/children/2/reading?today=2026-12-05', 'kept-token');
    prefetch('/api/children/2/reading?today=2026-12-05', 'restored-token');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.init.headers).toMatchObject({ authorization: 'Bearer kept-token' });
    expect(await (await takePrefetched('get', '/api/children/2/reading?today=2026-12-05'))?.json()).toEqual({
      ok: true,
    });
  });
});
