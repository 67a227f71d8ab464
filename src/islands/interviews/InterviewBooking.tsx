import { useStore } from '@nanostores/react';
import { type ComponentProps, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { upcomingInterview } from '~/features/interviews/interviews';
import type { interviewsApi } from '~/features/interviews/interviews.api';
import type { InterviewDto } from '~/features/interviews/interviews.schema';
import { incrementNotificationCount } from '~/features/notifications/counts.store';
import { errorMessage } from '~/islands/shared/loadState';
import { type Answer, ApiClientError, call, lazyContracts } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';
import { currentIdToken } from '~/platform/identity/identity.client';
import { $activeChild, $userData } from '~/platform/identity/session.store';
import { formatTimeRange } from '~/platform/time';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { SelectField } from '../shared/Field';
import { useSubmission } from '../shared/useSubmission';
import { downloadIcs } from './downloadIcs';
import { LoadingTimes } from './ScheduleInterview';
import { SlotPicker } from './SlotPicker';

/** Loaded for signed-in families only: a first visit loads no schemas. */
const contracts = lazyContracts(() =>
  import('~/features/interviews/interviews.api').then((m) => m.interviewsApi),
);

type SlotList = Answer<typeof interviewsApi.slots>;
type Message = { tone: 'success' | 'error'; text: string; cancelled?: InterviewDto } | null;

const visitorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Books, shows, moves and cancels the family's introductory interview: the part of the page for a
 * signed-in family, loaded only for them (ScheduleInterview.tsx).
 */
export function InterviewBooking() {
  const user = useStore($userData);
  const authReady = useStore($authReady);
  const [slots, setSlots] = useState<SlotList | null>(null);
  const [interviews, setInterviews] = useState<InterviewDto[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [rescheduling, setRescheduling] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  // One change at a time, whatever the clicks: a double-click on "Book this time" books once.
  const submission = useSubmission();
  const busy = submission.busy;
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [message, setMessage] = useState<Message>(null);
  const [childId, setChildId] = useState<string>('');
  const active = useStore($activeChild);
  const zone = visitorZone();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // After a booking, move or cancellation the pressed button is usually gone: the heading of what
  // the card shows now takes focus (and scrolls into view), and the status below it is read out.
  useEffect(() => {
    if (message) headingRef.current?.focus();
  }, [message]);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      const token = await currentIdToken();
      if (!token) return;
      const [free, mine] = await Promise.all([
        call((await contracts()).slots, { token }),
        call((await contracts()).mine, { token }),
      ]);
      setSlots(free);
      setInterviews(mine.interviews);
    } catch (error) {
      setLoadError(errorMessage(error, 'The interview times could not be loaded.'));
    }
  }, []);

  useEffect(() => {
    if (authReady) void load();
  }, [authReady, load]);

  if (!loadError && (!slots || !interviews)) return <LoadingTimes />;

  if (loadError || !slots || !interviews) {
    return (
      <div className="iv-card">
        <p className="form-alert form-alert-error" role="alert">
          {loadError}
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => void load()}>
          Try again
        </button>
      </div>
    );
  }

  const booked = upcomingInterview(interviews, new Date());
  const children = user?.children ?? [];
  // The child shown in the picker is the one booked for: the family's choice, else the active child.
  const chosenChild = childId || active?._id || children[0]?._id || '';

  const run = async (
    what: string,
    work: (token: string | null, idempotencyKey: string) => Promise<InterviewDto>,
    success: (i: InterviewDto) => Message,
  ) => {
    try {
      await submission.run(async (idempotencyKey) => {
        setFieldError(undefined);
        setMessage(null);
        const result = await work(await currentIdToken(), idempotencyKey);
        await load();
        applied(result, success);
      }, what);
    } catch (error) {
      const err = error instanceof ApiClientError ? error : null;
      setConfirmCancel(false);
      // A time someone else just took, or a booking made elsewhere: show what is true now.
      if (err?.status === 409) await load();
      if (err?.fields.startsAt) setFieldError(err.fields.startsAt);
      else setMessage({ tone: 'error', text: err?.message ?? 'That did not work. Please try again.' });
    }
  };

  /** After a change: the navbar counts the child's new notification at once; the page says what happened. */
  const applied = (result: InterviewDto, success: (i: InterviewDto) => Message) => {
    if (user?.id && result.childId) incrementNotificationCount(user.id);
    setConfirmCancel(false);
    setRescheduling(false);
    setMessage(success(result));
  };

  const bookAt = (startsAt: string) =>
    run(
      `book ${startsAt} ${chosenChild}`,
      async (token, idempotencyKey) =>
        call((await contracts()).book, {
          token,
          idempotencyKey,
          body: { startsAt, ...(chosenChild ? { childId: chosenChild } : {}) },
        }),
      (i) => ({
        tone: 'success',
        text: i.childName
          ? `Your interview is booked for ${i.childName}. You will also find it in ${i.childName}’s notifications.`
          : 'Your interview is booked.',
      }),
    );

  const moveTo = (startsAt: string) =>
    booked &&
    run(
      `move ${startsAt}`,
      async (token) =>
        call((await contracts()).reschedule, { params: { id: booked.id }, token, body: { startsAt } }),
      () => ({ tone: 'success', text: 'Your interview has moved to the new time.' }),
    );

  const cancel = () =>
    booked &&
    run(
      'cancel',
      async (token) => call((await contracts()).cancel, { params: { id: booked.id }, token }),
      (i) => ({
        tone: 'success',
        text: 'Your interview is cancelled. You can book another time below.',
        cancelled: i,
      }),
    );

  const messages = (
    <>
      <div role="status" className="iv-live">
        {message?.tone === 'success' && (
          <div className="form-alert form-alert-success">
            <p>{message.text}</p>
            {message.cancelled && (
              <button
                type="button"
                className="link-button"
                onClick={() => message.cancelled && downloadIcs(message.cancelled)}
              >
                Download the cancellation for your calendar (.ics)
              </button>
            )}
          </div>
        )}
      </div>
      <div role="alert" className="iv-live">
        {message?.tone === 'error' && <p className="form-alert form-alert-error">{message.text}</p>}
      </div>
    </>
  );

  const noTimes = (
    <div className="iv-empty">
      <h3>No free times in the next three weeks</h3>
      <p>
        Every interview time is taken for now. <a href="/contact-us">Contact us</a> and we will find a time
        with you.
      </p>
    </div>
  );

  /** What the card shows now: its heading takes focus after a change, and the messages follow it. */
  const card = (heading: string, content: ReactNode) => (
    <div className="iv-card">
      <h2 ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      {messages}
      {content}
    </div>
  );
  const picker = (
    props: Pick<
      ComponentProps<typeof SlotPicker>,
      'submitLabel' | 'busyLabel' | 'onSubmit' | 'before' | 'after'
    >,
  ) =>
    slots.slots.length === 0 ? (
      noTimes
    ) : (
      <SlotPicker slots={slots.slots} timeZone={zone} busy={busy} error={fieldError} {...props} />
    );

  if (booked && !rescheduling) {
    return card(
      'Your interview is booked',
      <>
        <p className="iv-when">
          <time dateTime={booked.startsAt}>
            {formatTimeRange(booked.startsAt, booked.endsAt, 'appointment', { timeZone: zone })}
          </time>
        </p>
        <p className="iv-hint">
          {booked.childName ? `For ${booked.childName}. ` : ''}Shown in your time zone (
          {zone.replaceAll('_', ' ')}).
        </p>
        <section className="iv-join" aria-labelledby="iv-join-heading">
          <h3 id="iv-join-heading">How to join</h3>
          <p>
            At the time, open your video call: no account or download needed, a phone or a computer with a
            camera and microphone is enough.
          </p>
          <p>
            <a className="btn btn-secondary" href={booked.joinUrl} target="_blank" rel="noopener noreferrer">
              Join the video call<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
          <p className="iv-hint">
            Rather talk by phone? Ring{' '}
            <a href={`tel:${booked.phone.replace(/[^\d+]/g, '')}`}>{booked.phone}</a> at that time. The link
            and number are also in your notification and the calendar file.
          </p>
        </section>
        <div className="iv-actions">
          <button type="button" className="btn btn-primary" onClick={() => downloadIcs(booked)}>
            Add to calendar (.ics)
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setMessage(null);
              setRescheduling(true);
            }}
          >
            Reschedule
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setConfirmCancel(true)}>
            Cancel interview
          </button>
        </div>
        {confirmCancel && (
          <ConfirmDialog
            title="Cancel your interview?"
            confirmLabel="Yes, cancel the interview"
            cancelLabel="Keep the interview"
            danger
            busy={busy}
            onConfirm={() => void cancel()}
            onCancel={() => setConfirmCancel(false)}
          >
            <p>
              The interview on{' '}
              {formatTimeRange(booked.startsAt, booked.endsAt, 'appointment', { timeZone: zone })} will be
              cancelled and the time offered to other families. You can book another time afterwards.
            </p>
          </ConfirmDialog>
        )}
      </>,
    );
  }

  if (booked && rescheduling) {
    return card(
      'Move your interview',
      <>
        <p>
          Now:{' '}
          <time dateTime={booked.startsAt}>
            {formatTimeRange(booked.startsAt, booked.endsAt, 'appointment', { timeZone: zone })}
          </time>
          . Your current time stays booked until the new one is confirmed.
        </p>
        {picker({
          submitLabel: 'Move my interview',
          busyLabel: 'Moving…',
          onSubmit: (startsAt) => void moveTo(startsAt),
          after: (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => {
                setFieldError(undefined);
                setRescheduling(false);
              }}
            >
              Keep the current time
            </button>
          ),
        })}
      </>,
    );
  }

  return card(
    'Book your interview',
    picker({
      submitLabel: 'Book this time',
      busyLabel: 'Booking…',
      onSubmit: (startsAt) => void bookAt(startsAt),
      before: children.length > 1 && (
        <SelectField
          id="iv-child"
          label="Who is the interview for?"
          className="input"
          value={chosenChild}
          onChange={(e) => setChildId(e.target.value)}
          options={children.map((c) => [c._id, c.name] as const)}
        />
      ),
    }),
  );
}
