import { useStore } from '@nanostores/react';
import { useCallback, useLayoutEffect } from 'react';
import type * as z from 'zod';
import { keepCopy, readCopy } from '~/platform/client/dataCopies';
import { $identityUid } from '~/platform/identity/authState.store';
import type { RecordState } from './loadState';

/** A record a signed-in page shows: ready may be the last visit's copy, refreshing until the answer comes. */
export type ShownRecord<T> = RecordState<T> | { status: 'ready'; record: T; refreshing: true };

/** True once the identity service restored a user: a call now carries its ID token (decision 35). */
export function useIdentityKnown(): boolean {
  return typeof useStore($identityUid) === 'string';
}

/**
 * Shows the copy kept under `key` from the last visit as soon as the island is on screen (before
 * paint), marked as refreshing, while the page asks again; `set` is the island's state setter.
 * Answers `keep`, which stores a fresh answer as the next visit's copy.
 */
export function useLastCopy<S extends z.ZodType>(
  key: string | null,
  schema: S,
  set: (update: (state: ShownRecord<z.output<S>>) => ShownRecord<z.output<S>>) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the copy is read once per key; `set` and the schema never change.
  useLayoutEffect(() => {
    const copy = key ? readCopy(key, schema) : undefined;
    if (copy !== undefined)
      set((state) =>
        state.status === 'loading' ? { status: 'ready', record: copy, refreshing: true } : state,
      );
  }, [key]);
  return useCallback(
    (record: z.output<S>) => {
      if (key) keepCopy(key, record);
    },
    [key],
  );
}
