import { atom } from 'nanostores';

// Apart from auth.ts so the navbar, on every public page, can read them without the sign-in code.

/** True once the identity service has said who is signed in on this page load. */
export const $authReady = atom(false);

/** Set when the sign-in service or the account check could not be reached; the guard offers a retry. */
export const $authError = atom<string | null>(null);

/**
 * Who the identity service restored on this page load, before the account check (login/register)
 * answers: undefined until it has looked, null for nobody, else the user's id. A signed-in page's
 * own data is asked for as soon as this is an id (an ID token exists), beside the account check.
 */
export const $identityUid = atom<string | null | undefined>(undefined);
