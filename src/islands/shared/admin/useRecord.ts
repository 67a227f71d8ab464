import { useCallback, useEffect, useState } from 'react';
import { isUuid } from '~/platform/ids';
import { failedLoad, type RecordState } from '../loadState';
import { adminFetch } from './adminApi';

export type { RecordState };

/** The API path of one record, or null (its not-found state) when the id cannot name one. */
export const recordPath = (collection: string, id: string | null) =>
  id !== null && isUuid(id) ? `${collection}/${id}` : null;

/**
 * Loads one record for an admin page: loading, missing, failed, ready. `reload` asks again from
 * the loading state; `refresh` asks again quietly, so the page (and the focus) stays where it is.
 */
export function useRecord<T>(path: string | null, fallback = 'This could not be loaded.') {
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
    adminFetch<T>(path, { signal: controller.signal })
      .then((record) => setState({ status: 'ready', record }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState(failedLoad(error, fallback));
      });
    return () => controller.abort();
  }, [path, fallback, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const replace = useCallback((record: T) => setState({ status: 'ready', record }), []);
  const refresh = useCallback(async () => {
    const record = path ? await adminFetch<T>(path).catch(() => null) : null;
    if (record) setState({ status: 'ready', record });
  }, [path]);
  return { state, reload, replace, refresh };
}
