import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import type { interviewsApi } from '~/features/interviews/interviews.api';
import type { InterviewDto } from '~/features/interviews/interviews.schema';
import { errorMessage } from '~/islands/shared/loadState';
import { type Answer, call } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';
import { $session } from '~/platform/identity/session.store';
import { interviewContracts } from './contracts';

export type SlotList = Answer<typeof interviewsApi.slots>;

/**
 * The free times and the family's interviews, loaded once the sign-in is known (`call` sends the
 * family's token); `load` loads them again, and says in `loadError` when it could not.
 */
export function useInterviewTimes() {
  const authReady = useStore($authReady);
  const [slots, setSlots] = useState<SlotList | null>(null);
  const [interviews, setInterviews] = useState<InterviewDto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      if ($session.get().status !== 'signed-in') return;
      const api = await interviewContracts();
      const [free, mine] = await Promise.all([call(api.slots, {}), call(api.mine, {})]);
      setSlots(free);
      setInterviews(mine.interviews);
    } catch (error) {
      setLoadError(errorMessage(error, 'The interview times could not be loaded.'));
    }
  }, []);

  useEffect(() => {
    if (authReady) void load();
  }, [authReady, load]);

  return { slots, interviews, loadError, load };
}
