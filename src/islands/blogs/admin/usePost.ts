import { useCallback, useEffect, useState } from 'react';
import type { AdminBlogDetail } from '~/features/blogs/admin.schema';
import { ApiClientError } from '~/platform/client/api';
import { isUuid } from '~/platform/ids';
import { adminBlogsApi } from './api';

export type PostLoad =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; post: AdminBlogDetail };

/** One post from the admin API; an id that is not one, or no such post, is the not-found state. */
export function usePost(id: string | null) {
  const [load, setLoad] = useState<PostLoad>(() =>
    id === null ? { state: 'missing' } : isUuid(id) ? { state: 'loading' } : { state: 'missing' },
  );
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is how reload() asks again.
  useEffect(() => {
    if (id === null || !isUuid(id)) return;
    let live = true;
    adminBlogsApi
      .get(id)
      .then((post) => live && setLoad({ state: 'ready', post }))
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiClientError && (error.status === 404 || error.status === 400))
          setLoad({ state: 'missing' });
        else setLoad({ state: 'failed', message: (error as Error).message });
      });
    return () => {
      live = false;
    };
  }, [id, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { load, setLoad, reload };
}
