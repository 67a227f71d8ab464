import { describe, expect, it } from 'vitest';
import { authErrorMessage, checkEmail, firebaseErrorCode } from './authErrors';

describe('authErrorMessage', () => {
  it('puts a wrong password beside the password field', () => {
    for (const code of ['auth/wrong-password', 'auth/invalid-credential', 'auth/invalid-login-credentials']) {
      expect(authErrorMessage(code)).toEqual({
        field: 'password',
        message: expect.stringContaining('do not match'),
      });
    }
  });

  it('puts an unknown email beside the email field', () => {
    expect(authErrorMessage('auth/user-not-found')).toMatchObject({ field: 'email' });
    expect(authErrorMessage('auth/user-not-found').message).toMatch(/no account/);
  });

  it('explains too many attempts for the whole form', () => {
    expect(authErrorMessage('auth/too-many-requests')).toMatchObject({ field: 'form' });
    expect(authErrorMessage('auth/too-many-requests').message).toMatch(/Too many attempts/);
  });

  it('has a plain message for anything unexpected', () => {
    expect(authErrorMessage(undefined)).toEqual({ field: 'form', message: expect.any(String) });
    expect(authErrorMessage('auth/something-new').field).toBe('form');
  });
});

describe('checkEmail and firebaseErrorCode', () => {
  it('asks for a full email address', () => {
    expect(checkEmail('')).toMatch(/Enter your email/);
    expect(checkEmail('parent@')).toMatch(/full email/);
    expect(checkEmail(' parent@example.com ')).toBeUndefined();
  });

  it('reads the code of a Firebase error', () => {
    expect(firebaseErrorCode({ code: 'auth/invalid-email' })).toBe('auth/invalid-email');
    expect(firebaseErrorCode(new Error('x'))).toBeUndefined();
    expect(firebaseErrorCode(null)).toBeUndefined();
  });
});
