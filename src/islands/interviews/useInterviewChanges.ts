import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import type { InterviewDto } from '~/features/interviews/interviews.schema';
import { countNewNotification } from '~/features/notifications/newNotification';
import { ApiClientError, call } from '~/platform/client/api';
import { $userData } from '~/platform/identity/session.store';
import { useSubmit } from '../shared/useSubmit';
import { interviewContracts } from './contracts';

/** What the page says after a change went through; a cancellation offers its calendar file. */
export type Done = { text: string; cancelled?: InterviewDto } | null;

/**
 * Booking, moving and cancelling the family's interview, one change at a time whatever the clicks
 * (a double-click on "Book this time" books once). After a change `reload` shows what is true now;
 * a refusal about the time goes beside the times (`timeError`), any other to the card (`failure`).
 */
export function useInterviewChanges(reload: () => Promise<void>) {
  const user = useStore($userData);
  const { submit, busy, errors, setErrors } = useSubmit();
  const [done, setDone] = useState<Done>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const timeError = errors.startsAt;
  const failure = timeError ? undefined : errors.form;
  const headingRef = useHeadingFocus(done ?? failure);

  /** Sends one change; a 409 (a time someone else just took, a booking made elsewhere) reloads first. */
  const change: Change = (what, send, success) =>
    submit(
      async (idempotencyKey) => {
        setDone(null);
        try {
          const result = await send(idempotencyKey);
          await reload();
          // The navbar counts the child's new notification at once.
          if (user?.id && result.childId) countNewNotification(user.id);
          setConfirmCancel(false);
          setRescheduling(false);
          setDone(success(result));
        } catch (error) {
          setConfirmCancel(false);
          if (error instanceof ApiClientError && error.status === 409) await reload();
          throw error;
        }
      },
      { what, fallback: 'That did not work. Please try again.' },
    );

  /** Opens the times to move to; what the page said goes, but not a refusal of a time. */
  const startRescheduling = () => {
    setDone(null);
    setErrors(({ startsAt }) => (startsAt ? { startsAt } : {}));
    setRescheduling(true);
  };

  /** Back to the booked time: the time's error goes; a refusal of the whole change stays said. */
  const keepCurrentTime = () => {
    setErrors((shown) => (shown.startsAt ? {} : shown));
    setRescheduling(false);
  };

  return {
    ...interviewActions(change),
    busy,
    done,
    failure,
    timeError,
    headingRef,
    rescheduling,
    startRescheduling,
    keepCurrentTime,
    confirmCancel,
    setConfirmCancel,
  };
}

/**
 * After a booking, move or cancellation the pressed button is usually gone: the heading of what the
 * card shows now takes focus (and scrolls into view) when it has something to say, read out below it.
 */
function useHeadingFocus(said: unknown) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (said) headingRef.current?.focus();
  }, [said]);
  return headingRef;
}

type Change = (
  what: string,
  send: (idempotencyKey: string) => Promise<InterviewDto>,
  success: (i: InterviewDto) => Done,
) => Promise<boolean>;

/** The three changes a family makes to its interview, each sent as one `change`. */
function interviewActions(change: Change) {
  const book = (startsAt: string, childId: string) =>
    change(
      `book ${startsAt} ${childId}`,
      async (idempotencyKey) =>
        call((await interviewContracts()).book, {
          idempotencyKey,
          body: { startsAt, ...(childId ? { childId } : {}) },
        }),
      (i) => ({
        text: i.childName
          ? `Your interview is booked for ${i.childName}. You will also find it in ${i.childName}’s notifications.`
          : 'Your interview is booked.',
      }),
    );

  const move = (id: string, startsAt: string) =>
    change(
      `move ${startsAt}`,
      async () => call((await interviewContracts()).reschedule, { params: { id }, body: { startsAt } }),
      () => ({ text: 'Your interview has moved to the new time.' }),
    );

  const cancel = (id: string) =>
    change(
      'cancel',
      async () => call((await interviewContracts()).cancel, { params: { id } }),
      (i) => ({ text: 'Your interview is cancelled. You can book another time below.', cancelled: i }),
    );

  return { book, move, cancel };
}

export type InterviewChanges = ReturnType<typeof useInterviewChanges>;
