/** Which field a sign-in error belongs to, and what to tell the person. */
interface AuthErrorMessage {
  field: 'email' | 'password' | 'form';
  message: string;
}

const WRONG_PASSWORD = 'That email and password do not match. Try again, or reset your password.';
const GOOGLE_CLOSED = 'The Google window was closed before signing in finished.';

/** Firebase Auth's error codes, and the field and words each one gets. */
const MESSAGES: Record<string, [AuthErrorMessage['field'], string]> = {
  'auth/invalid-email': ['email', 'Enter a full email address, like name@example.com.'],
  'auth/user-not-found': [
    'email',
    'There is no account with this email address. Check it, or create an account.',
  ],
  'auth/wrong-password': ['password', WRONG_PASSWORD],
  'auth/invalid-credential': ['password', WRONG_PASSWORD],
  'auth/invalid-login-credentials': ['password', WRONG_PASSWORD],
  'auth/email-already-in-use': [
    'email',
    'There is already an account with this email address. Sign in instead.',
  ],
  'auth/weak-password': ['password', 'Choose a password of at least 8 characters.'],
  'auth/too-many-requests': [
    'form',
    'Too many attempts in a row. Please wait a few minutes, or reset your password.',
  ],
  'auth/user-disabled': ['form', 'This account has been disabled. Contact us and we will help.'],
  'auth/network-request-failed': [
    'form',
    'We could not reach the sign-in service. Check your connection and try again.',
  ],
  'auth/popup-closed-by-user': ['form', GOOGLE_CLOSED],
  'auth/cancelled-popup-request': ['form', GOOGLE_CLOSED],
  'auth/popup-blocked': [
    'form',
    'Your browser blocked the Google window. Allow pop-ups for this site and try again.',
  ],
};

const UNKNOWN: [AuthErrorMessage['field'], string] = [
  'form',
  'Signing in did not work. Please try again in a moment.',
];

/** Turns a Firebase Auth error code into words a parent understands. */
export function authErrorMessage(code: string | undefined): AuthErrorMessage {
  const known = code !== undefined && Object.hasOwn(MESSAGES, code) ? MESSAGES[code] : undefined;
  const [field, message] = known ?? UNKNOWN;
  return { field, message };
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
