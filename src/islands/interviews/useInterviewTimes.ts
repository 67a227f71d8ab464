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
 * The free times (of the chosen child's reading guide, or any guide's) and the family's interviews,
 * loaded once the sign-in is known (`call` sends the family's token) and again for another child;
 * `load` loads them again, and says in `loadError` when it could not.
 */
export function useInterviewTimes(childId: string) {
  const authReady = useStore($authReady);
  const [slots, setSlots] = useState<SlotList | null>(null);
  const [interviews, setInterviews] = useState<InterviewDto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      if ($session.get().status !== 'signed-in') return;
      const api = await interviewContracts();
      const query = childId ? { childId } : {};
      const [free, mine] = await Promise.all([call(api.slots, { query }), call(api.mine, {})]);
      setSlots(free);
      setInterviews(mine.interviews);
    } catch (error) {
      setLoadError(errorMessage(error, 'The interview times could not be loaded.'));
    }
  }, [childId]);

  useEffect(() => {
    if (authReady) void load();
  }, [authReady, load]);

  return { slots, interviews, loadError, load };
}
