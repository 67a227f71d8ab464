import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { readAloudApi } from '~/features/readAloud/readAloud.api';
import type { Portfolio } from '~/features/readAloud/readAloud.schema';
import { $recordingsVersion } from '~/features/readAloud/readAloud.store';
import { errorMessage } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';

/**
 * A child's voice portfolio, loaded once the sign-in is known and again whenever an attempt is
 * saved or deleted on the page; another child's starts empty.
 */
export function usePortfolio(childId: string) {
  const authReady = useStore($authReady);
  const version = useStore($recordingsVersion);
  const [portfolio, setPortfolio] = useState<{ childId: string; value: Portfolio } | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // `version` changes when an attempt is saved or deleted: load again then.
    if (!authReady || version < 0) return;
    const controller = new AbortController();
    setError(null);
    call(readAloudApi.portfolio, { params: { id: childId }, signal: controller.signal })
      .then((value) => setPortfolio({ childId, value }))
      .catch((err: unknown) => {
        if (!controller.signal.aborted)
          setError(errorMessage(err, 'The voice portfolio could not be loaded.'));
      });
    return () => controller.abort();
  }, [authReady, childId, version]);

  return { portfolio: portfolio?.childId === childId ? portfolio.value : null, error };
}
