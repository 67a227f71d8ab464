import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { programApi } from '~/features/program/program.api';
import type { ChildPlanDto } from '~/features/program/program.schema';
import { failedLoad, type RecordState } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';
import { localDay } from '~/platform/days';
import { $authReady } from '~/platform/identity/authState.store';
import { isUuid } from '~/platform/ids';

/** While a week's plan is being made, ask again this often (it takes seconds). */
const PREPARING_POLL_MS = 5000;
const DELAYED_POLL_MS = 60_000;

/**
 * The child's plan for the week `chosen` (the week under way without it), asked again while it is
 * being made or late; loaded again when `version` grows (the placement changed the level).
 */
export function useWeeklyPlan(childId: string, chosen: string | undefined, version: number) {
  const authReady = useStore($authReady);
  const [state, setState] = useState<RecordState<ChildPlanDto>>({ status: 'loading' });

  useEffect(() => {
    // `version` grows when the placement changed the level: load again then.
    if (!authReady || version < 0) return;
    if (!isUuid(childId) || (chosen !== undefined && !isUuid(chosen))) {
      setState({ status: 'missing' });
      return;
    }
    let stale = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const record = await call(programApi.plan, {
          params: { id: childId },
          query: { today: localDay(), ...(chosen ? { plan: chosen } : {}) },
        });
        if (stale) return;
        setState({ status: 'ready', record });
        // Being made: ask again soon. Late (a restart, or a job that failed): ask once a minute,
        // since the scan every minute makes it as soon as it can.
        if (record.state === 'preparing') timer = setTimeout(load, PREPARING_POLL_MS);
        if (record.state === 'delayed') timer = setTimeout(load, DELAYED_POLL_MS);
      } catch (error) {
        if (!stale) setState(failedLoad(error, 'The plan could not be loaded. Try again in a moment.'));
      }
    };
    void load();
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [authReady, childId, chosen, version]);

  return state;
}
