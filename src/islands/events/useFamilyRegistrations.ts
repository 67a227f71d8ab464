import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { FamilyRegistrations } from '~/features/events/events.schema';
import { errorMessage } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';
import { eventContracts } from './contracts';

/**
 * Which of the family's children are registered for the event, and its live seats, loaded once
 * the sign-in is known (`call` sends the family's token); `loadError` says when they could not be.
 */
export function useFamilyRegistrations(eventId: string, signedIn: boolean) {
  const authReady = useStore($authReady);
  const [state, setState] = useState<FamilyRegistrations | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!signedIn || !authReady) return;
    let stale = false;
    void (async () => {
      try {
        const live = await call((await eventContracts()).registrations, { params: { eventId } });
        if (!stale) setState(live);
      } catch (error) {
        if (!stale) setLoadError(errorMessage(error, 'Your registrations could not be loaded.'));
      }
    })();
    return () => {
      stale = true;
    };
  }, [signedIn, authReady, eventId]);

  return { state, setState, loadError };
}
