import { type FormEvent, useId, useMemo, useState } from 'react';
import { guidesApi } from '~/features/guides/guides.api';
import type { GuideInterviewTimes, InterviewTimesInput } from '~/features/guides/interviewTimes.schema';
import { ConfirmButtons } from '~/islands/shared/ConfirmButtons';
import { FieldError, FormAlert, SelectField } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';

// The guide's weekly interview windows: days and a time range each, on the clock of a time zone.

const DAYS = [
  [1, 'Mon', 'Monday'],
  [2, 'Tue', 'Tuesday'],
  [3, 'Wed', 'Wednesday'],
  [4, 'Thu', 'Thursday'],
  [5, 'Fri', 'Friday'],
  [6, 'Sat', 'Saturday'],
  [0, 'Sun', 'Sunday'],
] as const;

type Window = GuideInterviewTimes['windows'][number] & { key: number };

let nextKey = 0;
const keyed = (windows: GuideInterviewTimes['windows']): Window[] =>
  windows.map((w) => ({ ...w, key: nextKey++ }));

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** How many interviews a week the windows hold. */
const perWeek = (windows: Window[], minutes: number) =>
  windows.reduce(
    (n, w) =>
      n + w.weekdays.length * Math.max(0, Math.floor((minutesOf(w.end) - minutesOf(w.start)) / minutes)),
    0,
  );

function zones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/** One window: its days, from, to, and a button that removes it. */
function WindowRow({
  window: w,
  index,
  errors,
  onChange,
  onRemove,
}: {
  window: Window;
  index: number;
  errors: Record<string, string>;
  onChange: (w: Window) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const error = (field: string) => errors[`windows.${index}.${field}`];
  const daysError = error('weekdays') ?? error('weekdays.0');
  const toggle = (day: number) =>
    onChange({
      ...w,
      weekdays: w.weekdays.includes(day) ? w.weekdays.filter((d) => d !== day) : [...w.weekdays, day],
    });
  return (
    <fieldset className="gi-window">
      <legend>Window {index + 1}</legend>
      <fieldset className="gi-days">
        <legend className="sr-only">Days of window {index + 1}</legend>
        {DAYS.map(([day, short, long]) => (
          <label key={day} className="gi-day">
            <input type="checkbox" checked={w.weekdays.includes(day)} onChange={() => toggle(day)} />
            <span aria-hidden="true">{short}</span>
            <span className="sr-only">{long}</span>
          </label>
        ))}
      </fieldset>
      {daysError && <FieldError id={`${id}-days`} error={daysError} />}
      <div className="gi-range">
        {(['start', 'end'] as const).map((field) => (
          <div className="field" key={field}>
            <label htmlFor={`${id}-${field}`}>{field === 'start' ? 'From' : 'Until'}</label>
            <input
              id={`${id}-${field}`}
              type="time"
              className="input"
              step={300}
              required
              value={w[field]}
              aria-invalid={error(field) ? true : undefined}
              aria-describedby={error(field) ? `${id}-${field}-error` : undefined}
              onChange={(e) => onChange({ ...w, [field]: e.target.value })}
            />
            {error(field) && <FieldError id={`${id}-${field}`} error={error(field)} />}
          </div>
        ))}
        <button type="button" className="btn btn-ghost btn-small" onClick={onRemove}>
          Remove<span className="sr-only"> window {index + 1}</span>
        </button>
      </div>
    </fieldset>
  );
}

/** Going back to the team's times, asked first. */
function BackToTeam({ busy, onConfirm }: { busy: boolean; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="btn btn-ghost" onClick={() => setAsking(true)}>
        Use the team’s times instead
      </button>
    );
  }
  return (
    <>
      <span>Replace your windows with the team’s times?</span>
      <ConfirmButtons
        confirm="Yes, use the team’s times"
        keep="Keep mine"
        busy={busy}
        onConfirm={onConfirm}
        onKeep={() => setAsking(false)}
      />
    </>
  );
}

/** The windows, each editable, with a button that adds one. */
function WindowList({
  windows,
  errors,
  onChange,
}: {
  windows: Window[];
  errors: Record<string, string>;
  onChange: (windows: Window[]) => void;
}) {
  return (
    <>
      {windows.map((w, i) => (
        <WindowRow
          key={w.key}
          window={w}
          index={i}
          errors={errors}
          onChange={(next) => onChange(windows.map((x) => (x.key === w.key ? next : x)))}
          onRemove={() => onChange(windows.filter((x) => x.key !== w.key))}
        />
      ))}
      {windows.length === 0 && <p>No window: families cannot book an interview with you.</p>}
      <button
        type="button"
        className="btn btn-secondary btn-small"
        onClick={() => onChange([...windows, { weekdays: [], start: '16:00', end: '18:00', key: nextKey++ }])}
      >
        Add a window
      </button>
    </>
  );
}

/** The editor's state and its two saves: the windows as edited, or the team's times. */
function useWindows(times: GuideInterviewTimes, onSaved: (times: GuideInterviewTimes) => void) {
  const [windows, setWindows] = useState(() => keyed(times.windows));
  const [timeZone, setTimeZone] = useState(times.timeZone);
  const [message, setMessage] = useState('');
  const { submit, busy, errors } = useSubmit();
  const send = (body: InterviewTimesInput, done: string) => {
    setMessage('');
    return submit(
      async (key) => {
        const saved = await call(guidesApi.saveInterviewTimes, { body, idempotencyKey: key });
        setWindows(keyed(saved.windows));
        setTimeZone(saved.timeZone);
        onSaved(saved);
        setMessage(done);
      },
      { fallback: 'Your times could not be saved. Check your connection and try again.', fieldOf: (f) => f },
    );
  };
  return {
    windows,
    setWindows,
    timeZone,
    setTimeZone,
    message,
    busy,
    errors,
    save: () =>
      send(
        { windows: windows.map(({ key: _, ...w }) => w), timeZone },
        'Saved. Families now see these times.',
      ),
    backToTeam: () => send({ windows: null, timeZone: null }, 'Families now see the team’s times.'),
  };
}

/**
 * The weekly windows families book: edited in place, saved together; going back to the team's times
 * asks first. Interviews already booked stay booked whatever changes.
 */
export function WindowsEditor({
  times,
  onSaved,
}: {
  times: GuideInterviewTimes;
  onSaved: (times: GuideInterviewTimes) => void;
}) {
  const id = useId();
  const form = useWindows(times, onSaved);
  const zoneList = useMemo(() => zones(form.timeZone), [form.timeZone]);
  const count = perWeek(form.windows, times.minutes);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.save();
  };
  return (
    <section className="admin-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Your weekly interview times</h2>
      <p>
        {times.ownTimes
          ? 'Families book a '
          : 'You have not set your own times yet, so families see the team’s. They book a '}
        {times.minutes}-minute interview in these windows, from 12 hours ahead to three weeks ahead. Times
        already booked stay booked when you change them.
      </p>
      <form noValidate onSubmit={submit} className="gi-form">
        <FormAlert message={form.errors.form} />
        <WindowList windows={form.windows} errors={form.errors} onChange={form.setWindows} />
        <SelectField
          id={`${id}-zone`}
          label="Time zone of these times"
          value={form.timeZone}
          onChange={(e) => form.setTimeZone(e.target.value)}
          options={zoneList.map((z) => [z, z.replaceAll('_', ' ')] as const)}
          error={form.errors.timeZone}
        />
        <p className="hint" aria-live="polite">
          {count === 1 ? 'One interview a week.' : `${count} interviews a week.`}
        </p>
        <div className="actions">
          <button type="submit" className="btn btn-primary" aria-disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save my times'}
          </button>
          {times.ownTimes && <BackToTeam busy={form.busy} onConfirm={() => void form.backToTeam()} />}
        </div>
        <FormAlert message={form.message} tone="success" />
      </form>
    </section>
  );
}
