import { useStore } from '@nanostores/react';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import type { FamilyRegistrations } from '~/features/events/events.schema';
import { countNewNotification } from '~/features/notifications/newNotification';
import { ApiClientError, call } from '~/platform/client/api';
import { $userData, refreshUserData } from '~/platform/identity/session.store';
import { useRowFocus } from '../shared/useRowFocus';
import { useSubmit } from '../shared/useSubmit';
import { eventContracts } from './contracts';

/** What a registration or a cancellation is called while it is in flight. */
export const actionOf = (cancel: boolean, childId: string) => `${cancel ? 'cancel' : 'register'} ${childId}`;

/**
 * Registering a child for the event, or cancelling, one at a time: a double-click sends it once,
 * and a registration carries one idempotency key, so a retry after a lost answer takes one seat,
 * not two. `done` says what went through, `failure` what did not.
 */
export function useRegistrationChanges(
  eventId: string,
  eventTitle: string,
  setState: Dispatch<SetStateAction<FamilyRegistrations | null>>,
) {
  const user = useStore($userData);
  const { submit, busy, pending, errors } = useSubmit();
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const liveRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // The button that had focus is gone once its row changes (register → cancel, a full event):
  // focus moves to the row's new button, or to the message when the row has none.
  const rows = useRowFocus<HTMLLIElement>('button', {
    waiting: Boolean(confirming || busy),
    fallback: () => (errors.form ? alertRef : liveRef).current,
  });

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const act = (childId: string, name: string, cancel: boolean) =>
    submit(
      async (idempotencyKey) => {
        setConfirming(null);
        rows.returnTo(childId);
        setDone(null);
        try {
          setState(await sendChange(eventId, childId, cancel, idempotencyKey));
          setDone(
            cancel
              ? `${name}’s registration is cancelled.`
              : `${name} is registered for ${eventTitle}. You will find it in ${name}’s notifications.`,
          );
          // Both register and cancel leave the child a notification: the navbar counts it at once.
          if (user?.id) countNewNotification(user.id);
          void refreshUserData().catch(() => {});
        } catch (error) {
          // The last seat went to another family meanwhile: the seats say so at once.
          if (error instanceof ApiClientError && error.code === 'event_full')
            setState((s) => (s ? { ...s, seatsLeft: 0 } : s));
          throw error;
        }
      },
      { what: actionOf(cancel, childId), fallback: 'That did not work. Please try again.' },
    );

  return {
    act,
    busy,
    pending,
    done,
    failure: errors.form,
    confirming,
    setConfirming,
    rows,
    confirmRef,
    liveRef,
    alertRef,
  };
}

/** Registers the child, or cancels their registration: both answer the family's registrations now. */
async function sendChange(eventId: string, childId: string, cancel: boolean, idempotencyKey: string) {
  const api = await eventContracts();
  return cancel
    ? call(api.cancelRegistration, { params: { eventId, childId } })
    : call(api.register, { params: { eventId }, body: { childId }, idempotencyKey });
}

export type RegistrationChanges = ReturnType<typeof useRegistrationChanges>;
