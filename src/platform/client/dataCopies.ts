import { $session } from '~/platform/identity/session.store';
import { DATA_COPY_PREFIX } from './persistent';

/**
 * The last answer a signed-in page showed, kept on the device so its next visit shows it at once
 * while the page asks again (decision 35). Each copy names the account it belongs to and the
 * version of the answers' schemas it was kept under, and is read back only for that account by code
 * of that version: what is kept is an answer its schema already parsed, so it is shown without
 * parsing it again, and the page's first render needs no zod (the contracts load beside the
 * request). Every copy goes at sign-out, or when another account signs in, with the rest of the
 * family's state (clearFamilyState in persistent.ts). A few pages' worth: the oldest copies make
 * room for new ones.
 */
const PREFIX = DATA_COPY_PREFIX;
const MAX_COPIES = 24;
const MAX_CHARACTERS = 200_000;

declare const __SCHEMA_VERSION__: string | undefined;

/** The answers' schemas this code was built with (scripts/schemaVersion.mjs); fixed in tests. */
export const SCHEMA_VERSION = typeof __SCHEMA_VERSION__ === 'string' ? __SCHEMA_VERSION__ : 'unbuilt';

interface StoredCopy {
  uid: string;
  savedAt: number;
  /** SCHEMA_VERSION when it was kept. */
  version: string;
  value: unknown;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function signedInUid(): string | undefined {
  const session = $session.get();
  return session.status === 'signed-in' ? session.uid : undefined;
}

/**
 * The copy kept under `key` for the signed-in account by code of this schema version, as it was
 * kept (`T` is the answer keepCopy was given); undefined for anything else storage holds.
 */
export function readCopy<T>(key: string): T | undefined {
  const uid = signedInUid();
  const raw = uid ? storage()?.getItem(PREFIX + key) : undefined;
  if (!raw) return undefined;
  try {
    const copy = JSON.parse(raw) as Partial<StoredCopy> | null;
    if (!copy || copy.uid !== uid || copy.version !== SCHEMA_VERSION || copy.value == null) return undefined;
    return copy.value as T;
  } catch {
    return undefined;
  }
}

/** Keeps `value`, an answer its contract's schema parsed, under `key` for the signed-in account. */
export function keepCopy<T>(key: string, value: T): void {
  const uid = signedInUid();
  const store = storage();
  if (!uid || !store) return;
  const text = JSON.stringify({
    uid,
    savedAt: Date.now(),
    version: SCHEMA_VERSION,
    value,
  } satisfies StoredCopy);
  if (text.length > MAX_CHARACTERS) return;
  try {
    makeRoom(store, key);
    store.setItem(PREFIX + key, text);
  } catch {
    // Storage full or switched off: the page simply asks again next time.
  }
}

/** Forgets every copy the device keeps (a page that could not draw one starts afresh). */
export function forgetCopies(): void {
  const store = storage();
  if (!store) return;
  for (const key of copyKeys(store)) store.removeItem(key);
}

/** Drops the oldest copies (other than `key`'s) until a new one fits under MAX_COPIES. */
function makeRoom(store: Storage, key: string) {
  const copies = copyKeys(store).filter((k) => k !== PREFIX + key);
  if (copies.length < MAX_COPIES) return;
  const savedAt = (k: string) => {
    try {
      return Number((JSON.parse(store.getItem(k) ?? '{}') as Partial<StoredCopy>).savedAt) || 0;
    } catch {
      return 0;
    }
  };
  const oldestFirst = copies.sort((a, b) => savedAt(a) - savedAt(b));
  for (const k of oldestFirst.slice(0, copies.length - MAX_COPIES + 1)) store.removeItem(k);
}

function copyKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const k = store.key(i);
    if (k?.startsWith(PREFIX)) keys.push(k);
  }
  return keys;
}
