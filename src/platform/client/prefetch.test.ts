import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterEarlyReads, prefetch, takePrefetched } from './prefetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('quillreads.earlyReads')];
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

describe('afterEarlyReads, which the identity service waits for', () => {
  /** A fetch whose answers come when the test says. */
  function heldFetch() {
    const answers: (() => void)[] = [];
    vi.stubGlobal(
      'fetch',
      () => new Promise<Response>((resolve) => answers.push(() => resolve(new Response('{}')))),
    );
    return answers;
  }
  const settledYet = (promise: Promise<void>) => {
    let settled = false;
    void promise.then(() => {
      settled = true;
    });
    return () => settled;
  };

  it('resolves at once on a page that sent no early read', async () => {
    heldFetch();
    prefetch('/api/user/loginRegister', 'token-1', { uid: 'a' });
    await expect(afterEarlyReads()).resolves.toBeUndefined();
  });

  it('waits for the page’s data to be answered and taken by its island, then for the page to draw it', async () => {
    const answers = heldFetch();
    prefetch('/api/children/3/plan?today=2026-12-05', 'token-1');
    const done = settledYet(afterEarlyReads());
    answers[0]?.();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(done()).toBe(false);
    void takePrefetched('get', '/api/children/3/plan?today=2026-12-05');
    await vi.waitFor(() => expect(done()).toBe(true));
  });

  it('waits for the answer when the island took the request before it came', async () => {
    const answers = heldFetch();
    prefetch('/api/children/5/plan?today=2026-12-05', 'token-1');
    void takePrefetched('get', '/api/children/5/plan?today=2026-12-05');
    const done = settledYet(afterEarlyReads());
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(done()).toBe(false);
    answers[0]?.();
    await vi.waitFor(() => expect(done()).toBe(true));
  });

  it('waits three seconds at most for an answer that does not come', async () => {
    vi.useFakeTimers();
    heldFetch();
    prefetch('/api/children/4/wall', 'token-1');
    const done = settledYet(afterEarlyReads());
    await vi.advanceTimersByTimeAsync(2_900);
    expect(done()).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(done()).toBe(true);
  });
});
