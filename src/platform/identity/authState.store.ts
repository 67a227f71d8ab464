import { atom } from 'nanostores';

// Apart from auth.ts so the navbar, on every public page, can read them without the sign-in code.

/** True once the identity service has said who is signed in on this page load. */
export const $authReady = atom(false);

/** Set when the sign-in service or the account check could not be reached; the guard offers a retry. */
export const $authError = atom<string | null>(null);
