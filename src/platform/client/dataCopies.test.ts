// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The stores and the copies afresh, as a new page load would have them. */
async function load() {
  vi.resetModules();
  return {
    copies: await import('./dataCopies'),
    session: await import('~/platform/identity/session.store'),
  };
}

beforeEach(() => localStorage.clear());

describe('copies of the pages’ data', () => {
  it('are read back, as kept, for the account that kept them', async () => {
    const { copies, session } = await load();
    session.signedIn('uid-a', 'parent');
    copies.keepCopy('plan:1', { books: ['Matilda'] });
    expect(copies.readCopy('plan:1')).toEqual({ books: ['Matilda'] });
    const again = await load();
    expect(again.copies.readCopy('plan:1')).toEqual({ books: ['Matilda'] });
    expect(JSON.parse(localStorage.getItem('qr:data:plan:1') ?? '{}').version).toBe(copies.SCHEMA_VERSION);
  });

  it('are never read for another account, under other schemas, nor when storage holds something else', async () => {
    const { copies, session } = await load();
    session.signedIn('uid-a', 'parent');
    copies.keepCopy('plan:1', { books: ['Matilda'] });
    const kept = (version?: string) => JSON.stringify({ uid: 'uid-a', version, value: { books: ['Holes'] } });
    localStorage.setItem('qr:data:plan:2', kept('an-earlier-release'));
    localStorage.setItem('qr:data:plan:3', kept(undefined));
    localStorage.setItem('qr:data:plan:4', '{not json');
    localStorage.setItem('qr:data:plan:5', 'null');
    localStorage.setItem('qr:data:plan:6', JSON.stringify({ uid: 'uid-a', version: copies.SCHEMA_VERSION }));
    for (const key of ['plan:2', 'plan:3', 'plan:4', 'plan:5', 'plan:6'])
      expect(copies.readCopy(key)).toBeUndefined();
    localStorage.setItem('qr:session', JSON.stringify({ status: 'signed-in', uid: 'uid-b', role: 'parent' }));
    const other = await load();
    expect(other.copies.readCopy('plan:1')).toBeUndefined();
  });

  it('are all gone at sign-out, and when another account signs in', async () => {
    const { copies, session } = await load();
    session.signedIn('uid-a', 'parent');
    copies.keepCopy('plan:1', { books: ['Matilda'] });
    session.signedIn('uid-b', 'parent');
    expect(localStorage.getItem('qr:data:plan:1')).toBeNull();
    copies.keepCopy('plan:1', { books: ['Holes'] });
    session.signedOut();
    expect(Object.keys(localStorage).filter((k) => k.startsWith('qr:data:'))).toEqual([]);
    copies.keepCopy('plan:1', { books: ['Holes'] });
    expect(localStorage.getItem('qr:data:plan:1')).toBeNull();
  });

  it('keep the newest few: the oldest makes room', async () => {
    const { copies, session } = await load();
    session.signedIn('uid-a', 'parent');
    const now = vi.spyOn(Date, 'now');
    for (let i = 0; i < 30; i++) {
      now.mockReturnValue(1_000 + i);
      copies.keepCopy(`page:${i}`, { books: [String(i)] });
    }
    now.mockRestore();
    const kept = Object.keys(localStorage).filter((k) => k.startsWith('qr:data:'));
    expect(kept).toHaveLength(24);
    expect(copies.readCopy('page:0')).toBeUndefined();
    expect(copies.readCopy('page:29')).toEqual({ books: ['29'] });
  });
});
