import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsApi } from '~/features/notifications/notifications.api';
import { call } from './api';
import { prefetch } from './prefetch';

// Who is signed in, as the identity service would answer on this page.
const identity = vi.hoisted(() => ({ token: null as string | null }));
vi.mock('~/platform/identity/identity.client', () => ({ currentIdToken: async () => identity.token }));

const COUNT = { userId: 'user-1', notificationCount: 2, latestAt: null };

function stubFetch(answer: (token: string | undefined) => Response) {
  const sent: (string | undefined)[] = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    const token = (init.headers as Record<string, string>).authorization?.replace('Bearer ', '');
    sent.push(token);
    return Promise.resolve(answer(token));
  });
  return sent;
}

beforeEach(() => {
  identity.token = null;
  // Each test a new page: nothing asked for early yet.
  delete (globalThis as Record<symbol, unknown>)[Symbol.for('quillreads.prefetched')];
});
afterEach(() => vi.unstubAllGlobals());

describe('a call of the API from a signed-in page', () => {
  it('takes the answer the page’s head asked for with the last page’s token', async () => {
    const sent = stubFetch(() => Response.json(COUNT));
    prefetch('/api/me/notifications/unread', 'kept-token');
    expect(await call(notificationsApi.unread, {})).toEqual(COUNT);
    expect(sent).toEqual(['kept-token']);
  });

  it('asks again with the session’s own token when the API refused the kept one', async () => {
    identity.token = 'restored-token';
    const sent = stubFetch((token) =>
      token === 'restored-token'
        ? Response.json(COUNT)
        : Response.json({ error: { code: 'invalid_token', message: 'Sign in again.' } }, { status: 401 }),
    );
    prefetch('/api/me/notifications/unread', 'kept-token');
    expect(await call(notificationsApi.unread, {})).toEqual(COUNT);
    expect(sent).toEqual(['kept-token', 'restored-token']);
  });

  it('sends nothing when nobody is signed in, and says to sign in', async () => {
    const sent = stubFetch(() => Response.json(COUNT));
    await expect(call(notificationsApi.unread, {})).rejects.toMatchObject({
      status: 401,
      code: 'unauthenticated',
    });
    expect(sent).toEqual([]);
  });
});
