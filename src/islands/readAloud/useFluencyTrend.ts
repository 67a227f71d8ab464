import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { readAloudApi } from '~/features/readAloud/readAloud.api';
import type { FluencyTrend } from '~/features/readAloud/readAloud.schema';
import { call } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';

/**
 * A child's counted readings against the norms, once the sign-in is known; `version` loads them again.
 * Null until loaded, and when they cannot be: the trend is extra, the figures beside each attempt say it all.
 */
export function useFluencyTrend(childId: string, version = ''): FluencyTrend | null {
  const authReady = useStore($authReady);
  const [trend, setTrend] = useState<FluencyTrend | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is how the caller asks for a reload.
  useEffect(() => {
    if (!authReady) return;
    const controller = new AbortController();
    call(readAloudApi.fluency, { params: { id: childId }, signal: controller.signal })
      .then(setTrend)
      .catch(() => {});
    return () => controller.abort();
  }, [authReady, childId, version]);
  return trend;
}
