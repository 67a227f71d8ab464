import { useStore } from '@nanostores/react';
import { useCallback, useLayoutEffect } from 'react';
import { keepCopy, readCopy } from '~/platform/client/dataCopies';
import { $identityUid } from '~/platform/identity/authState.store';
import { $session } from '~/platform/identity/session.store';
import type { RecordState } from './loadState';

/** A record a signed-in page shows: ready may be the last visit's copy, refreshing until the answer comes. */
export type ShownRecord<T> = RecordState<T> | { status: 'ready'; record: T; refreshing: true };

/**
 * Whose data the page may ask for: the user the identity service restored, or, while it has not
 * looked yet, the one the device says is signed in; a call then takes what the page's head asked
 * for with the last page's token, or waits for the session's own (decision 35). Null once nobody
 * is signed in. Effects that depend on it ask again when another account signs in.
 */
export function useAskingAs(): string | null {
  const uid = useStore($identityUid);
  const session = useStore($session);
  if (typeof uid === 'string') return uid;
  return uid === undefined && session.status === 'signed-in' ? session.uid : null;
}

/**
 * Shows the copy kept under `key` from the last visit as soon as the island is on screen (before
 * paint), marked as refreshing, while the page asks again; `set` is the island's state setter.
 * Answers `keep`, which stores a fresh answer as the next visit's copy.
 */
export function useLastCopy<T>(
  key: string | null,
  set: (update: (state: ShownRecord<T>) => ShownRecord<T>) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the copy is read once per key; `set` never changes.
  useLayoutEffect(() => {
    const copy = key ? readCopy<T>(key) : undefined;
    if (copy !== undefined)
      set((state) =>
        state.status === 'loading' ? { status: 'ready', record: copy, refreshing: true } : state,
      );
  }, [key]);
  return useCallback(
    (record: T) => {
      if (key) keepCopy(key, record);
    },
    [key],
  );
}
