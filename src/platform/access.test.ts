import { describe, expect, it } from 'vitest';
import { guardDecision, loginPathFor, type Session, safeReturnPath } from './access';

const unknown: Session = { status: 'unknown' };
const signedOut: Session = { status: 'signed-out' };
const parent: Session = { status: 'signed-in', uid: 'p1', role: 'parent' };
const admin: Session = { status: 'signed-in', uid: 'a1', role: 'admin' };

describe('guardDecision', () => {
  const unregistered: Session = { status: 'unregistered', uid: 'u1' };

  // Everyone passes a public page, even before the session is known, and other pages wait while it is
  // unknown; signed-out visitors go to sign in; someone signed in without a family account goes to finish
  // signing up; any signed-in account enters signed-in pages; parents are refused on admin pages, admins let in.
  it.each([
    ['a session still unknown', 'allow', 'wait', 'wait', unknown],
    ['a signed-out visitor', 'allow', 'sign-in', 'sign-in', signedOut],
    ['someone signed in without a family account', 'allow', 'register', 'register', unregistered],
    ['a parent', 'allow', 'allow', 'forbidden', parent],
    ['an admin', 'allow', 'allow', 'allow', admin],
  ] as const)(
    'answers %s: %s on public pages, %s on signed-in pages, %s on admin pages',
    (_, publicPage, signedInPage, adminPage, session) => {
      expect(guardDecision(session, 'public')).toBe(publicPage);
      expect(guardDecision(session, 'signed-in')).toBe(signedInPage);
      expect(guardDecision(session, 'admin')).toBe(adminPage);
    },
  );
});

describe('safeReturnPath', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnPath('/book-history/42?week=3#chart')).toBe('/book-history/42?week=3#chart');
  });

  it.each([
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
  ])('falls back for %j, which could leave the site', (bad) => {
    expect(safeReturnPath(bad)).toBe('/profile');
  });

  it('falls back for a path too long to be a page of this site', () => {
    expect(safeReturnPath(`/${'a'.repeat(3000)}`)).toBe('/profile');
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
