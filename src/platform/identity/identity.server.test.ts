import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenVerifier, IdentityUnavailableError, InvalidTokenError } from './identity.server';

const PROJECT = 'demo-quillreads';
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const nowS = Math.floor(NOW / 1000);

function emulatorToken(claims: Record<string, unknown> = {}) {
  return new UnsecuredJWT({
    iss: `https://securetoken.google.com/${PROJECT}`,
    aud: PROJECT,
    sub: 'uid-123',
    iat: nowS - 60,
    exp: nowS + 3600,
    auth_time: nowS - 60,
    email: 'Parent@Example.com',
    email_verified: true,
    ...claims,
  }).encode();
}

const emulator = createTokenVerifier({ projectId: PROJECT, emulatorHost: '127.0.0.1:9099', now: () => NOW });
const production = createTokenVerifier({ projectId: PROJECT, now: () => NOW });

function reasonOf(error: unknown) {
  return error instanceof InvalidTokenError ? error.reason : `unexpected: ${String(error)}`;
}

async function reason(promise: Promise<unknown>) {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return error instanceof InvalidTokenError ? error.reason : `unexpected: ${String(error)}`;
  }
}

describe('ID token verification with the emulator configured', () => {
  it('accepts an emulator token and reads who it is', async () => {
    expect(await emulator(emulatorToken())).toEqual({
      uid: 'uid-123',
      email: 'parent@example.com',
      emailVerified: true,
      name: null,
      authTime: expect.any(Number),
    });
  });

  it('refuses an expired token', async () => {
    expect(await reason(emulator(emulatorToken({ exp: nowS - 3600 })))).toBe('expired');
  });

  it('refuses a token for another project', async () => {
    expect(await reason(emulator(emulatorToken({ aud: 'someone-else' })))).toBe('wrong-project');
    expect(await reason(emulator(emulatorToken({ iss: 'https://evil.example' })))).toBe('wrong-project');
  });

  it('refuses tokens from the future, without a user, or malformed', async () => {
    expect(await reason(emulator(emulatorToken({ iat: nowS + 3600 })))).toBe('malformed');
    expect(await reason(emulator(emulatorToken({ sub: '' })))).toBe('malformed');
    expect(await reason(emulator('not-a-token'))).toBe('malformed');
    expect(await reason(emulator('a.b.c'))).toBe('malformed');
    expect(await reason(emulator(`${'x'.repeat(9000)}.y.z`))).toBe('malformed');
  });
});

describe('ID token verification for a real project', () => {
  it('will not accept unsigned emulator tokens for a project that is not a demo- one', async () => {
    const make = () =>
      createTokenVerifier({ projectId: 'quillreads-prod', emulatorHost: '127.0.0.1:9099', now: () => NOW });
    expect(make).toThrow(/demo- project id, not "quillreads-prod"/);
  });
});

describe('ID token verification in production (no emulator)', () => {
  it('never accepts an unsigned token', async () => {
    expect(await reason(production(emulatorToken()))).toBe('bad-signature');
  });

  it('refuses a token signed with another algorithm or by someone else', async () => {
    const hs = await new SignJWT({ sub: 'uid-123' })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(PROJECT)
      .setIssuer(`https://securetoken.google.com/${PROJECT}`)
      .setIssuedAt(nowS - 10)
      .setExpirationTime(nowS + 3600)
      .sign(new TextEncoder().encode('a shared secret that is long enough'));
    expect(await reason(production(hs))).toBe('bad-signature');

    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ sub: 'uid-123' })
      .setProtectedHeader({ alg: 'RS256', kid: 'not-a-google-key' })
      .setAudience(PROJECT)
      .setIssuer(`https://securetoken.google.com/${PROJECT}`)
      .setIssuedAt(nowS - 10)
      .setExpirationTime(nowS + 3600)
      .sign(privateKey);
    // Offline, Google's keys cannot be fetched and the check cannot run (503); online, the key is
    // not one of Google's (401). Either way the token is never accepted.
    const outcome = await production(forged).then(
      () => 'accepted',
      (error: unknown) => (error instanceof IdentityUnavailableError ? 'unavailable' : reasonOf(error)),
    );
    expect(['unavailable', 'bad-signature']).toContain(outcome);
  });
});
