import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { FamilyRegistrations } from '~/features/events/events.schema';
import { incrementNotificationCount } from '~/features/notifications/counts.store';
import { useSignedIn } from '~/islands/account/useSignedIn';
import { errorMessage } from '~/islands/shared/loadState';
import { ApiClientError, call, lazyContracts } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';
import { currentIdToken } from '~/platform/identity/identity.client';
import { $userData, refreshUserData } from '~/platform/identity/session.store';
import { formatTimeRange } from '~/platform/time';
import { ConfirmButtons } from '../shared/ConfirmButtons';
import { ButtonLink } from '../shared/NoticePanel';
import { WaitLine } from '../shared/Spinner';
import { useHydrated } from '../shared/useHydrated';
import { useRowFocus } from '../shared/useRowFocus';
import { useSubmission } from '../shared/useSubmission';
import './EventRegistration.css';

/** Loaded for signed-in families only: a first visit to an event loads no schemas. */
const contracts = lazyContracts(() => import('~/features/events/events.api').then((m) => m.eventsApi));

interface Props {
  eventId: string;
  eventTitle: string;
  /** As the page was rendered; the island reads the live number once signed in. */
  seatsLeft: number;
  /** False once the event has started: registered families still find their joining link here. */
  open: boolean;
  loginHref: string;
}

type Message = { tone: 'success' | 'error'; text: string } | null;

const seatsLine = (n: number, open = true) =>
  !open
    ? 'This event has started, so registrations are closed.'
    : n <= 0
      ? 'This event is full.'
      : n === 1
        ? '1 seat left.'
        : `${n} seats left.`;

/** Registers the family's children for one event, or cancels; signed-out visitors get a sign-in link. */
export function EventRegistration({ eventId, eventTitle, seatsLeft, open, loginHref }: Props) {
  const hydrated = useHydrated();
  const user = useStore($userData);
  const authReady = useStore($authReady);
  const signedIn = useSignedIn();
  const [state, setState] = useState<FamilyRegistrations | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [message, setMessage] = useState<Message>(null);
  const submission = useSubmission();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const liveRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // The button that had focus is gone once its row changes (register → cancel, a full event):
  // focus moves to the row's new button, or to the message when the row has none.
  const rows = useRowFocus<HTMLLIElement>('button', {
    waiting: Boolean(confirming || busy),
    fallback: () => (message?.tone === 'error' ? alertRef : liveRef).current,
  });

  useEffect(() => {
    if (!signedIn || !authReady) return;
    let stale = false;
    void (async () => {
      try {
        const token = await currentIdToken();
        if (!token) return;
        const live = await call((await contracts()).registrations, { params: { eventId }, token });
        if (!stale) setState(live);
      } catch (error) {
        if (!stale) setLoadError(errorMessage(error, 'Your registrations could not be loaded.'));
      }
    })();
    return () => {
      stale = true;
    };
  }, [signedIn, authReady, eventId]);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const seats = state?.seatsLeft ?? seatsLeft;

  if (!hydrated || (signedIn && !state && !loadError)) {
    return (
      <div className="reg" aria-busy="true">
        <p className="reg-seats">{seatsLine(seats, open)}</p>
        <WaitLine>Checking your family account…</WaitLine>
      </div>
    );
  }

  if (!signedIn) {
    return (
      <div className="reg">
        <p className="reg-seats">{seatsLine(seats, open)}</p>
        {open && seats > 0 && <ButtonLink href={loginHref}>Sign in to register a child</ButtonLink>}
        <p className="reg-note">
          New here? <a href="/signup">Create a family account</a>.
        </p>
      </div>
    );
  }

  if (loadError || !state) {
    return (
      <p className="form-alert form-alert-error" role="alert">
        {loadError}
      </p>
    );
  }

  const children = user?.children ?? [];
  // One registration (or cancellation) at a time: a double-click sends it once. A registration
  // carries one idempotency key, so a retry after a lost answer takes one seat, not two.
  const act = (childId: string, name: string, cancel: boolean) =>
    submission
      .run(
        async (idempotencyKey) => {
          setConfirming(null);
          rows.returnTo(childId);
          setBusy(childId);
          setMessage(null);
          try {
            const next = cancel
              ? await call((await contracts()).cancelRegistration, { params: { eventId, childId } })
              : await call((await contracts()).register, {
                  params: { eventId },
                  body: { childId },
                  idempotencyKey,
                });
            setState(next);
            setMessage({
              tone: 'success',
              text: cancel
                ? `${name}’s registration is cancelled.`
                : `${name} is registered for ${eventTitle}. You will find it in ${name}’s notifications.`,
            });
            // Both register and cancel leave the child a notification: the navbar counts it at once
            // (the spec's increment rule); the next poll confirms the number from the server.
            if (user?.id) incrementNotificationCount(user.id);
            void refreshUserData().catch(() => {});
          } finally {
            setBusy(null);
          }
        },
        `${cancel ? 'cancel' : 'register'} ${childId}`,
      )
      .catch((error: unknown) => {
        const err = error instanceof ApiClientError ? error : null;
        if (err?.code === 'event_full') setState((s) => (s ? { ...s, seatsLeft: 0 } : s));
        setMessage({ tone: 'error', text: err?.message ?? 'That did not work. Please try again.' });
      });

  return (
    <div className="reg">
      <p className="reg-seats">{seatsLine(state.seatsLeft, state.open)}</p>
      <div role="status" className="reg-live" ref={liveRef} tabIndex={-1}>
        {message?.tone === 'success' && <p className="form-alert form-alert-success">{message.text}</p>}
      </div>
      <div role="alert" className="reg-live" ref={alertRef} tabIndex={-1}>
        {message?.tone === 'error' && <p className="form-alert form-alert-error">{message.text}</p>}
      </div>
      {state.onlineUrl && (
        <p className="reg-online">
          Joining link for your family:{' '}
          <a href={state.onlineUrl} rel="noopener external">
            {state.onlineUrl}
          </a>
          . Please keep it within your family.
        </p>
      )}
      {state.interviewClash && (
        <p className="form-alert form-alert-warning">
          Your introductory interview is booked at the same time (
          {formatTimeRange(state.interviewClash.startsAt, state.interviewClash.endsAt, 'clock')}).{' '}
          <a href="/schedule-interview">Move the interview</a> if you cannot manage both.
        </p>
      )}
      {children.length === 0 ? (
        <p>
          Add a child to your family first. <a href="/createProfile">Add a child</a>
        </p>
      ) : (
        <ul className="reg-children" aria-label="Your children">
          {children.map((child) => {
            const registered = state.childIds.includes(child._id);
            const working = busy === child._id;
            return (
              <li key={child._id} className="reg-child" ref={rows.ref(child._id)}>
                <span className="reg-name">
                  {child.name}
                  {registered && <span className="reg-badge">Registered</span>}
                </span>
                {confirming === child._id ? (
                  <span className="reg-confirm">
                    <span>Give up {child.name}’s seat?</span>
                    <ConfirmButtons
                      confirmRef={confirmRef}
                      confirm={`Yes, cancel ${child.name}’s registration`}
                      keep="Keep the seat"
                      onConfirm={() => void act(child._id, child.name, true)}
                      onKeep={() => {
                        setConfirming(null);
                        rows.returnTo(child._id);
                      }}
                    />
                  </span>
                ) : registered && state.open ? (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    aria-disabled={busy !== null}
                    onClick={() => busy === null && setConfirming(child._id)}
                  >
                    {working ? 'Cancelling…' : `Cancel ${child.name}’s registration`}
                  </button>
                ) : state.open && state.seatsLeft > 0 ? (
                  <button
                    type="button"
                    className="btn btn-primary btn-small"
                    aria-disabled={busy !== null}
                    onClick={() => busy === null && void act(child._id, child.name, false)}
                  >
                    {working ? 'Registering…' : `Register ${child.name}`}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
