import { useCallback, useEffect, useState } from 'react';
import { adminFetch } from '~/islands/shared/admin/adminApi';
import { ApiClientError } from '~/platform/client/api';

export type RecordState<T> =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; record: T };

/** Loads one record for an edit page: loading, not found (an unknown or malformed id), failed, ready. */
export function useRecord<T>(path: string | null) {
  const [state, setState] = useState<RecordState<T>>({ status: 'loading' });
  const load = useCallback(async () => {
    if (!path) return setState({ status: 'missing' });
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', record: await adminFetch<T>(path) });
    } catch (error) {
      if (error instanceof ApiClientError && (error.status === 404 || error.status === 400))
        setState({ status: 'missing' });
      else
        setState({
          status: 'failed',
          message: error instanceof ApiClientError ? error.message : 'This could not be loaded.',
        });
    }
  }, [path]);
  useEffect(() => {
    void load();
  }, [load]);
  const replace = useCallback((record: T) => setState({ status: 'ready', record }), []);
  return { state, reload: load, replace };
}
