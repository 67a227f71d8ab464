// Where signed-in pages keep things in localStorage that go at sign-out or when another account
// signs in (persistent.ts clearFamilyState). Kept apart so the head's scripts can name them
// without loading the stores.

/** The copies of signed-in pages' data (dataCopies.ts), one key each under this prefix. */
export const DATA_COPY_PREFIX = 'qr:data:';

/** The signed-in account's current ID token and who it belongs to (tokenHint.ts). */
export const TOKEN_HINT_KEY = 'qr:token';

/** The session hint (session.store.ts): who the device last saw signed in. */
export const SESSION_HINT_KEY = 'qr:session';
