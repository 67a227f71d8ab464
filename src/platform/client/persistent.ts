import { atom, type WritableAtom } from 'nanostores';
import { DATA_COPY_PREFIX, TOKEN_HINT_KEY } from './storageKeys';

export { DATA_COPY_PREFIX };

type StorageKind = 'local' | 'session';

function storageOf(kind: StorageKind): Storage | undefined {
  try {
    if (typeof window === 'undefined') return undefined;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Storage can be switched off (privacy settings); the value then lives for the page only.
    return undefined;
  }
}

interface PersistentOptions<T> {
  storage: StorageKind;
  /** Turns the stored text into a value, or undefined when it is missing or not valid. */
  decode: (raw: string) => T | undefined;
  encode?: (value: T) => string;
  /** Something about the family (a chosen program, the children's names): gone at sign-out. */
  clearedAtSignOut?: boolean;
}

/** Puts every atom kept with `clearedAtSignOut` back to its initial value, and so out of storage. */
const clearers: (() => void)[] = [];

/** What the device keeps about the family, forgotten: called when someone signs out. */
export function clearFamilyState() {
  for (const clear of clearers) clear();
  // The copies of pages' data (dataCopies.ts) and the last ID token (tokenHint.ts) go too, whether
  // or not this page loaded those modules.
  const store = storageOf('local');
  if (!store) return;
  const kept = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
    (key) => key?.startsWith(DATA_COPY_PREFIX) || key === TOKEN_HINT_KEY,
  );
  for (const key of kept) if (key) store.removeItem(key);
}

/**
 * An atom whose value survives a full page load. What is read back from storage is
 * untrusted: a value that does not decode falls back to the initial one.
 */
export function persistentAtom<T>(key: string, initial: T, options: PersistentOptions<T>): WritableAtom<T> {
  const encode = options.encode ?? ((value: T) => JSON.stringify(value));
  const read = (): T => {
    const raw = storageOf(options.storage)?.getItem(key);
    if (raw == null) return initial;
    try {
      return options.decode(raw) ?? initial;
    } catch {
      return initial;
    }
  };
  const store = atom<T>(read());
  if (options.clearedAtSignOut) clearers.push(() => store.set(initial));

  store.listen((value) => {
    const storage = storageOf(options.storage);
    if (!storage) return;
    try {
      if (value === initial || value === null) storage.removeItem(key);
      else storage.setItem(key, encode(value));
    } catch {
      // Quota exceeded or storage blocked: keep the in-memory value.
    }
  });

  // Another tab signing out or switching child updates this tab too.
  if (options.storage === 'local' && typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key === key || event.key === null) store.set(read());
    });
  }
  return store;
}

/** Decodes JSON, then checks its shape; anything else is treated as missing. */
export function jsonDecoder<T>(parse: (data: unknown) => T | undefined) {
  return (raw: string): T | undefined => parse(JSON.parse(raw));
}
