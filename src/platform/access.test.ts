import { describe, expect, it } from 'vitest';
import { guardDecision, loginPathFor, type Session, safeReturnPath } from './access';

const unknown: Session = { status: 'unknown' };
const signedOut: Session = { status: 'signed-out' };
const parent: Session = { status: 'signed-in', uid: 'p1', role: 'parent' };
const admin: Session = { status: 'signed-in', uid: 'a1', role: 'admin' };

describe('guardDecision', () => {
  it('lets everyone through a public page, even before the session is known', () => {
    for (const s of [unknown, signedOut, parent, admin]) expect(guardDecision(s, 'public')).toBe('allow');
  });

  it('waits while the session is still unknown', () => {
    expect(guardDecision(unknown, 'signed-in')).toBe('wait');
    expect(guardDecision(unknown, 'admin')).toBe('wait');
  });

  it('sends signed-out visitors to sign in', () => {
    expect(guardDecision(signedOut, 'signed-in')).toBe('sign-in');
    expect(guardDecision(signedOut, 'admin')).toBe('sign-in');
  });

  it('sends someone signed in without a family account to finish signing up', () => {
    const unregistered: Session = { status: 'unregistered', uid: 'u1' };
    expect(guardDecision(unregistered, 'signed-in')).toBe('register');
    expect(guardDecision(unregistered, 'admin')).toBe('register');
    expect(guardDecision(unregistered, 'public')).toBe('allow');
  });

  it('lets any signed-in account into signed-in pages', () => {
    expect(guardDecision(parent, 'signed-in')).toBe('allow');
    expect(guardDecision(admin, 'signed-in')).toBe('allow');
  });

  it('refuses parents on admin pages and lets admins in', () => {
    expect(guardDecision(parent, 'admin')).toBe('forbidden');
    expect(guardDecision(admin, 'admin')).toBe('allow');
  });
});

describe('safeReturnPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnPath('/book-history/42?week=3#chart')).toBe('/book-history/42?week=3#chart');
  });

  it('falls back for anything that could leave the site', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      '/.//evil.example',
      '/%2e%2e//evil.example/x',
      '/./%2e//evil.example',
      '/a/../..//evil.example',
      'javascript:alert(1)',
      'profile',
      '/\u0000x',
      '',
      null,
      undefined,
      `/${'a'.repeat(3000)}`,
    ]) {
      expect(safeReturnPath(bad)).toBe('/profile');
    }
  });

  it('never returns to the sign-in pages themselves', () => {
    expect(safeReturnPath('/login?next=/profile')).toBe('/profile');
    expect(safeReturnPath('/signup')).toBe('/profile');
  });
});

describe('loginPathFor', () => {
  it('remembers where the visitor was going', () => {
    expect(loginPathFor('/admin/allBooks?page=2')).toBe('/login?next=%2Fadmin%2FallBooks%3Fpage%3D2');
  });

  it('drops a return path that is not on this site', () => {
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});
