import { useEffect, useState } from 'react';
import type { ChildPlanDto } from '~/features/program/program.schema';
import { failedLoad } from '~/islands/shared/loadState';
import { type ShownRecord, useAskingAs, useLastCopy } from '~/islands/shared/useLastCopy';
import { call } from '~/platform/client/api';
import { localDay } from '~/platform/days';
import { isUuid } from '~/platform/ids';
import { programContracts } from './programContracts';

/** While a week's plan is being made, ask again this often (it takes seconds). */
const PREPARING_POLL_MS = 5000;
const DELAYED_POLL_MS = 60_000;

/**
 * The child's plan for the week `chosen` (the week under way without it), asked again while it is
 * being made or late; loaded again when `version` grows (the placement changed the level). The
 * last visit's copy shows meanwhile (refreshing), and the request leaves as soon as the session is
 * restored, beside the account check.
 */
export function useWeeklyPlan(childId: string, chosen: string | undefined, version: number) {
  const askingAs = useAskingAs();
  const [state, setState] = useState<ShownRecord<ChildPlanDto>>({ status: 'loading' });
  const keep = useLastCopy(isUuid(childId) ? `plan:${childId}:${chosen ?? 'current'}` : null, setState);

  useEffect(() => {
    // `version` grows when the placement changed the level: load again then.
    if (!askingAs || version < 0) return;
    if (!isUuid(childId) || (chosen !== undefined && !isUuid(chosen))) {
      setState({ status: 'missing' });
      return;
    }
    let stale = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const record = await call((await programContracts()).plan, {
          params: { id: childId },
          query: { today: localDay(), ...(chosen ? { plan: chosen } : {}) },
        });
        if (stale) return;
        setState({ status: 'ready', record });
        keep(record);
        // Being made: ask again soon. Late (a restart, or a job that failed): ask once a minute,
        // since the scan every minute makes it as soon as it can.
        if (record.state === 'preparing') timer = setTimeout(load, PREPARING_POLL_MS);
        if (record.state === 'delayed') timer = setTimeout(load, DELAYED_POLL_MS);
      } catch (error) {
        if (!stale) setState(shownFailure(error));
      }
    };
    void load();
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [askingAs, childId, chosen, version, keep]);

  return state;
}

/** A failed load: the copy on screen stays (no longer refreshing) unless the plan is gone. */
function shownFailure(error: unknown) {
  return (state: ShownRecord<ChildPlanDto>): ShownRecord<ChildPlanDto> => {
    const failure = failedLoad(error, 'The plan could not be loaded. Try again in a moment.');
    if (state.status === 'ready' && failure.status === 'failed')
      return { status: 'ready', record: state.record };
    return failure;
  };
}
