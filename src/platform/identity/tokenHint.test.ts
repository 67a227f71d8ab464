// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearFamilyState } from '~/platform/client/persistent';
import { SESSION_HINT_KEY, TOKEN_HINT_KEY } from '~/platform/client/storageKeys';
import { keepTokenHint, readTokenHint, usableToken } from './tokenHint';

const NOW = Date.UTC(2026, 11, 5, 8, 0);
const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
/** A token as the identity service writes it (the signature is not checked here: the API does). */
const jwt = (claims: object) => `${base64url({ alg: 'RS256' })}.${base64url(claims)}.signature`;
const validFor = (uid: string, minutes: number) =>
  jwt({ user_id: uid, sub: uid, exp: Math.floor(NOW / 1000) + minutes * 60 });

function signedInAs(uid: string) {
  localStorage.setItem(SESSION_HINT_KEY, JSON.stringify({ status: 'signed-in', uid, role: 'parent' }));
}

beforeEach(() => localStorage.clear());

describe('the ID token a signed-in page keeps for the next one', () => {
  it('is used while it is valid for its own account, not in its last two minutes', () => {
    expect(usableToken(validFor('uid-a', 30), 'uid-a', NOW)).toBe(true);
    expect(usableToken(validFor('uid-a', 30), 'uid-b', NOW)).toBe(false);
    expect(usableToken(validFor('uid-a', 1), 'uid-a', NOW)).toBe(false);
    expect(usableToken(validFor('uid-a', -5), 'uid-a', NOW)).toBe(false);
    expect(usableToken('not-a-token', 'uid-a', NOW)).toBe(false);
    expect(usableToken('a.%%%.c', 'uid-a', NOW)).toBe(false);
    expect(usableToken(jwt({ user_id: 'uid-a' }), 'uid-a', NOW)).toBe(false);
  });

  it('is read back only for the account the device last saw signed in', () => {
    const user = {
      uid: 'uid-a',
      email: 'a@example.com',
      displayName: 'Ada',
      token: validFor('uid-a', 30),
      timeZone: 'Europe/Lisbon',
    };
    keepTokenHint(localStorage, user);
    expect(readTokenHint(localStorage, NOW)).toBeUndefined();
    signedInAs('uid-b');
    expect(readTokenHint(localStorage, NOW)).toBeUndefined();
    signedInAs('uid-a');
    expect(readTokenHint(localStorage, NOW)).toEqual(user);
    expect(readTokenHint(localStorage, NOW + 60 * 60_000)).toBeUndefined();
  });

  it('ignores what is not its own shape', () => {
    signedInAs('uid-a');
    for (const kept of ['{', '[]', '{"uid":"uid-a"}', JSON.stringify({ uid: 'uid-a', token: 42 })]) {
      localStorage.setItem(TOKEN_HINT_KEY, kept);
      expect(readTokenHint(localStorage, NOW)).toBeUndefined();
    }
    localStorage.setItem(
      TOKEN_HINT_KEY,
      JSON.stringify({ uid: 'uid-a', token: validFor('uid-a', 30), email: 7, displayName: 'x'.repeat(400) }),
    );
    expect(readTokenHint(localStorage, NOW)).toMatchObject({ email: null, displayName: null });
    expect(readTokenHint(localStorage, NOW)).not.toHaveProperty('timeZone');
  });

  it('is gone at sign-out with everything else the device kept about the family', () => {
    signedInAs('uid-a');
    keepTokenHint(localStorage, {
      uid: 'uid-a',
      email: null,
      displayName: null,
      token: validFor('uid-a', 30),
    });
    clearFamilyState();
    expect(localStorage.getItem(TOKEN_HINT_KEY)).toBeNull();
  });
});
