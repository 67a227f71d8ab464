// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';

const schema = z.object({ books: z.array(z.string()) });

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
  it('are read back for the account that kept them, through the answer’s schema', async () => {
    const { copies, session } = await load();
    session.signedIn('uid-a', 'parent');
    copies.keepCopy('plan:1', { books: ['Matilda'] });
    expect(copies.readCopy('plan:1', schema)).toEqual({ books: ['Matilda'] });
    const again = await load();
    expect(again.copies.readCopy('plan:1', schema)).toEqual({ books: ['Matilda'] });
  });

  it('are never read for another account, nor when what storage holds does not fit', async () => {
    const { copies, session } = await load();
    session.signedIn('uid-a', 'parent');
    copies.keepCopy('plan:1', { books: ['Matilda'] });
    localStorage.setItem('qr:data:plan:2', JSON.stringify({ uid: 'uid-a', value: { books: [42] } }));
    localStorage.setItem('qr:data:plan:3', '{not json');
    expect(copies.readCopy('plan:2', schema)).toBeUndefined();
    expect(copies.readCopy('plan:3', schema)).toBeUndefined();
    localStorage.setItem('qr:session', JSON.stringify({ status: 'signed-in', uid: 'uid-b', role: 'parent' }));
    const other = await load();
    expect(other.copies.readCopy('plan:1', schema)).toBeUndefined();
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
    expect(copies.readCopy('page:0', schema)).toBeUndefined();
    expect(copies.readCopy('page:29', schema)).toEqual({ books: ['29'] });
  });
});
