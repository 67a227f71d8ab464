// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Who is signed in, as the identity service would answer on this page.
vi.mock('~/platform/identity/identity.client', () => ({ currentIdToken: async () => 'token-1' }));

const count = (n: number) => ({ userId: 'user-1', notificationCount: n, latestAt: null });
const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

interface Asked {
  path: string;
  ifNoneMatch: string | undefined;
}

/** The API as the page reaches it: the stream's answer and the poll's, each made by the test. */
function stubApi(answers: { stream: () => Response; unread: (ifNoneMatch?: string) => Response }) {
  const asked: Asked[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const path = new URL(url, 'http://x').pathname;
    asked.push({ path, ifNoneMatch: headers['if-none-match'] });
    if (path.endsWith('/stream')) return Promise.resolve(answers.stream());
    return Promise.resolve(answers.unread(headers['if-none-match']));
  });
  return asked;
}

/** A stream the test writes to. */
function openStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(new TextEncoder().encode(text)),
    close: () => controller.close(),
  };
}

async function freshPage() {
  vi.resetModules();
  const poller = await import('./poller.store');
  // Loaded as the page's head preloads them (the module's first load is not what is tested here).
  await poller.notificationContracts();
  const { $notificationCounts } = await import('./counts.store');
  const unread = () => $notificationCounts.get().find((c) => c.userId === 'user-1')?.notificationCount;
  return { ...poller, unread, $notificationCounts };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the navbar’s count', () => {
  it('follows the stream, and does not poll while it is open', async () => {
    const stream = openStream();
    const asked = stubApi({ stream: stream.response, unread: () => Response.json(count(9)) });
    const page = await freshPage();
    const stop = page.startNotificationPolling();
    stream.write(event('unread', count(3)));
    await settle();
    expect(page.unread()).toBe(3);
    stream.write(
      ': still here\n\nevent: unread\ndata: {"userId":"user-1","notificationCount":5,"latestAt":null}\n\n',
    );
    await settle();
    expect(page.unread()).toBe(5);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked.map((a) => a.path)).toEqual(['/api/me/notifications/stream']);
    stop();
  });

  it('opens a new stream soon after the server ends one, and polls meanwhile', async () => {
    let current = openStream();
    const asked = stubApi({ stream: () => current.response(), unread: () => Response.json(count(4)) });
    const page = await freshPage();
    const stop = page.startNotificationPolling();
    current.write(event('unread', count(3)));
    await settle();
    const first = current;
    current = openStream();
    first.write(event('end', {}));
    first.close();
    await settle();
    expect(page.unread()).toBe(4);
    await vi.advanceTimersByTimeAsync(2_000);
    current.write(event('unread', count(6)));
    await settle();
    expect(page.unread()).toBe(6);
    expect(asked.map((a) => a.path.split('/').pop())).toEqual(['stream', 'unread', 'stream']);
    stop();
  });

  it('polls with the last validator where the server has no stream, and keeps the count on 304', async () => {
    const asked = stubApi({
      stream: () => Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }),
      unread: (etag) =>
        etag === 'W/"v1"'
          ? new Response(null, { status: 304, headers: { etag: 'W/"v1"' } })
          : Response.json(count(2), { headers: { etag: 'W/"v1"' } }),
    });
    const page = await freshPage();
    const stop = page.startNotificationPolling();
    await settle();
    expect(page.unread()).toBe(2);
    // Changed on this page meanwhile (the navbar's own increment): the server's count still wins.
    page.$notificationCounts.set([{ userId: 'user-1', notificationCount: 7 }]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(page.unread()).toBe(2);
    expect(asked.map((a) => [a.path.split('/').pop(), a.ifNoneMatch])).toEqual([
      ['stream', undefined],
      ['unread', undefined],
      ['unread', 'W/"v1"'],
    ]);
    // No second stream: this server has none.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(asked.filter((a) => a.path.endsWith('/stream'))).toHaveLength(1);
    stop();
  });
});
