import { useCallback, useEffect, useState } from 'react';
import type { AdminUserView } from '~/features/admin/users.schema';
import { adminFetch } from '~/islands/shared/admin/adminApi';
import { ApiClientError } from '~/platform/client/api';
import { uuidSchema } from '~/platform/http/common.schema';

export type AdminUserState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; view: AdminUserView };

const fetchView = (id: string, signal?: AbortSignal) =>
  adminFetch<AdminUserView>(`/api/admin/users/${encodeURIComponent(id)}`, signal ? { signal } : {});

/** One account as the team sees it, loaded by id; an unknown or malformed id is "missing". */
export function useAdminUser(id: string) {
  const [state, setState] = useState<AdminUserState>({ status: 'loading' });
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is how reload() asks again.
  useEffect(() => {
    // An address that cannot name an account is not asked about (the API would only say 400).
    if (!uuidSchema.safeParse(id).success) {
      setState({ status: 'missing' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchView(id, controller.signal)
      .then((view) => setState({ status: 'ready', view }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiClientError && (error.status === 404 || error.status === 400)) {
          setState({ status: 'missing' });
        } else {
          setState({
            status: 'failed',
            message: error instanceof ApiClientError ? error.message : 'The account could not be loaded.',
          });
        }
      });
    return () => controller.abort();
  }, [id, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const replace = useCallback((view: AdminUserView) => setState({ status: 'ready', view }), []);
  /** Asks again without the loading state, so the page (and the focus) stays where it is. */
  const refresh = useCallback(async () => {
    const view = await fetchView(id).catch(() => null);
    if (view) setState({ status: 'ready', view });
  }, [id]);
  return { state, reload, replace, refresh };
}
