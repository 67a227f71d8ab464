/** Which field a sign-in error belongs to, and what to tell the person. */
export interface AuthErrorMessage {
  field: 'email' | 'password' | 'form';
  message: string;
}

/** Turns a Firebase Auth error code into words a parent understands. */
export function authErrorMessage(code: string | undefined): AuthErrorMessage {
  switch (code) {
    case 'auth/invalid-email':
      return { field: 'email', message: 'Enter a full email address, like name@example.com.' };
    case 'auth/user-not-found':
      return {
        field: 'email',
        message: 'There is no account with this email address. Check it, or create an account.',
      };
    case 'auth/wrong-password':
    case 'auth/invalid-credential':
    case 'auth/invalid-login-credentials':
      return {
        field: 'password',
        message: 'That email and password do not match. Try again, or reset your password.',
      };
    case 'auth/email-already-in-use':
      return {
        field: 'email',
        message: 'There is already an account with this email address. Sign in instead.',
      };
    case 'auth/weak-password':
      return { field: 'password', message: 'Choose a password of at least 8 characters.' };
    case 'auth/too-many-requests':
      return {
        field: 'form',
        message: 'Too many attempts in a row. Please wait a few minutes, or reset your password.',
      };
    case 'auth/user-disabled':
      return { field: 'form', message: 'This account has been disabled. Contact us and we will help.' };
    case 'auth/network-request-failed':
      return {
        field: 'form',
        message: 'We could not reach the sign-in service. Check your connection and try again.',
      };
    case 'auth/popup-closed-by-user':
    case 'auth/cancelled-popup-request':
      return { field: 'form', message: 'The Google window was closed before signing in finished.' };
    case 'auth/popup-blocked':
      return {
        field: 'form',
        message: 'Your browser blocked the Google window. Allow pop-ups for this site and try again.',
      };
    default:
      return { field: 'form', message: 'Signing in did not work. Please try again in a moment.' };
  }
}

/** The code of an error thrown by the Firebase SDK, if it has one. */
export function firebaseErrorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkEmail(email: string): string | undefined {
  if (email.trim() === '') return 'Enter your email address.';
  if (!EMAIL.test(email.trim()) || email.length > 320)
    return 'Enter a full email address, like name@example.com.';
  return undefined;
}

export const MIN_PASSWORD_LENGTH = 8;
