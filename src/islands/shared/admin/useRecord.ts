import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '~/platform/client/api';
import type { AnyContract } from '~/platform/http/contract';
import { isUuid } from '~/platform/ids';
import { failedLoad, type RecordState } from '../loadState';

export type { RecordState };

/** One record through its contract (a path with `{id}`), or null when the id cannot name one. */
export interface RecordSource<T> {
  key: string;
  load: (signal?: AbortSignal) => Promise<T>;
}
export function recordOf<C extends AnyContract & { path: `${string}{id}${string}` }>(
  contract: C,
  id: string | null,
) {
  if (id === null || !isUuid(id)) return null;
  return {
    key: `${contract.path}:${id}`,
    load: (signal?: AbortSignal) => call(contract, { params: { id }, signal } as never),
  } as RecordSource<Awaited<ReturnType<typeof call<C>>>>;
}

/**
 * Loads one record for an admin page: loading, missing, failed, ready. `reload` asks again from
 * the loading state; `refresh` asks again quietly, so the page (and the focus) stays where it is.
 */
export function useRecord<T>(
  /** recordOf(contract, id): null when the id cannot name a record (the not-found state). */
  source: RecordSource<T> | null,
  fallback = 'This could not be loaded.',
) {
  // The loader changes with each render; its key says when it names another record.
  const loader = useRef(source);
  loader.current = source;
  const path = loader.current?.key ?? null;
  const [state, setState] = useState<RecordState<T>>(path ? { status: 'loading' } : { status: 'missing' });
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is how reload() asks again.
  useEffect(() => {
    if (!path) {
      setState({ status: 'missing' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    loader.current
      ?.load(controller.signal)
      .then((record) => setState({ status: 'ready', record }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState(failedLoad(error, fallback));
      });
    return () => controller.abort();
  }, [path, fallback, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const replace = useCallback((record: T) => setState({ status: 'ready', record }), []);
  const refresh = useCallback(async () => {
    const record = (await loader.current?.load().catch(() => null)) ?? null;
    if (record) setState({ status: 'ready', record });
  }, []);
  return { state, reload, replace, refresh };
}
