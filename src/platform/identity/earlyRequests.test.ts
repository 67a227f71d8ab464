// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDay } from '~/platform/days';
import { deviceDay, deviceTimeZone, firstDataPath, sendFirstRequests } from './earlyRequests';

const id = '0b5a3d4e-7c1f-4a2b-9e8d-1234567890ab';
const plan = '9f8e7d6c-5b4a-4321-8fed-cba987654321';

describe('the first data a signed-in page asks for from its head', () => {
  it('is the address its island asks for, query in the same order', () => {
    expect(firstDataPath(`/reading-plan/${id}`, '', '2026-12-05', undefined)).toBe(
      `/api/children/${id}/plan?today=2026-12-05`,
    );
    expect(firstDataPath(`/reading-plan/${id}`, `?plan=${plan}`, '2026-12-05', undefined)).toBe(
      `/api/children/${id}/plan?today=2026-12-05&plan=${plan}`,
    );
    expect(firstDataPath(`/book-history/${id}/`, '', '2026-12-05', undefined)).toBe(
      `/api/children/${id}/reading?today=2026-12-05`,
    );
    expect(firstDataPath(`/reading-wall/${id}`, '', '2026-12-05', undefined)).toBe(
      `/api/children/${id}/wall`,
    );
    expect(firstDataPath('/notification', '', '2026-12-05', id)).toBe(`/api/children/${id}/notifications`);
  });

  it('is nothing for other pages, malformed ids or a plan that is not an id', () => {
    expect(firstDataPath('/profile', '', '2026-12-05', id)).toBeNull();
    expect(firstDataPath('/notification', '', '2026-12-05', undefined)).toBeNull();
    expect(firstDataPath('/reading-plan/not-an-id', '', '2026-12-05', undefined)).toBeNull();
    expect(firstDataPath(`/reading-plan/${id}/x`, '', '2026-12-05', undefined)).toBeNull();
    expect(firstDataPath(`/reading-plan/${id}`, '?plan=..%2Fadmin', '2026-12-05', undefined)).toBe(
      `/api/children/${id}/plan?today=2026-12-05`,
    );
  });

  it('writes today as the islands do', () => {
    for (const date of [new Date(2026, 0, 1, 0, 0), new Date(2026, 11, 31, 23, 59), new Date()])
      expect(deviceDay(date)).toBe(localDay(date));
  });
});

describe('the first requests themselves', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as Record<symbol, unknown>)[Symbol.for('quillreads.prefetched')];
  });

  /** Sends the first requests of `path` as a user, answers what left: method, address, body. */
  function sentFrom(path: string, timeZone?: string) {
    const sent: { method: string; url: string; body: string | undefined }[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      sent.push({ method: String(init.method), url, body: init.body as string | undefined });
      return Promise.resolve(new Response('{}'));
    });
    history.replaceState(null, '', path);
    const user = { uid: 'uid-a', email: 'a@example.com', displayName: 'Ada', token: 't' };
    sendFirstRequests(timeZone ? { ...user, timeZone } : user, 'https://api.example');
    return sent;
  }

  it('ask for the page’s data before the account check, which sends the time zone kept with the token', () => {
    const sent = sentFrom(`/book-history/${id}`, 'Pacific/Auckland');
    expect(sent.map((r) => r.method)).toEqual(['GET', 'POST']);
    expect(sent[0]?.url).toMatch(`https://api.example/api/children/${id}/reading?today=`);
    expect(JSON.parse(sent[1]?.body ?? '{}')).toMatchObject({ uid: 'uid-a', timeZone: 'Pacific/Auckland' });
  });

  it('ask the device for its time zone when none was kept', () => {
    const sent = sentFrom('/profile');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]?.body ?? '{}')).toMatchObject({ timeZone: deviceTimeZone() });
  });
});
