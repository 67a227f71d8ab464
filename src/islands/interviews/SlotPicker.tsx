import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { groupSlotsByDay, type Slot } from '~/features/interviews/slots';
import { FieldError } from '~/islands/shared/Field';
import { formatTimeRange } from '~/platform/time';

/** One of the family's events at a slot's time (the slots' answer says which). */
interface Clash {
  childName: string;
  title: string;
  startsAt: string;
  endsAt: string;
}

interface Props {
  slots: (Slot & { clash?: Clash | undefined })[];
  /** The visitor's own zone, in which days and times are shown. */
  timeZone: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Shown beside the choice (the server's message about startsAt). */
  error?: string | undefined;
  onSubmit: (startsAt: string) => void;
  /** Extra controls before the times (which child) and after the submit button (back out). */
  before?: ReactNode;
  after?: ReactNode;
}

/**
 * One radio group of every free time, laid out by day: arrow keys move between times, Tab moves
 * on to the button. A single group keeps the choice to one time whatever the day.
 */
export function SlotPicker({
  slots,
  timeZone,
  submitLabel,
  busyLabel,
  busy,
  error,
  onSubmit,
  before,
  after,
}: Props) {
  const id = useId();
  const days = useMemo(() => groupSlotsByDay(slots, timeZone), [slots, timeZone]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const shown = missing ? 'Choose a time first.' : error;
  const clash = slots.find((s) => s.startsAt === chosen)?.clash;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!chosen || !slots.some((s) => s.startsAt === chosen)) {
      setMissing(true);
      groupRef.current?.querySelector<HTMLInputElement>('input')?.focus();
      return;
    }
    onSubmit(chosen);
  };

  return (
    <form className="iv-form" onSubmit={submit} noValidate>
      {before}
      <fieldset
        ref={groupRef}
        className="iv-times"
        aria-describedby={`${id}-zone${shown ? ` ${id}-error` : ''}`}
        aria-invalid={shown ? true : undefined}
      >
        <legend>Choose a time</legend>
        <p id={`${id}-zone`} className="iv-hint">
          Times are in your time zone ({timeZone.replaceAll('_', ' ')}). Each interview lasts{' '}
          {slotMinutes(slots)} minutes.
        </p>
        <FieldError id={id} error={shown} />
        {days.map((day) => (
          <DayTimes
            key={day.key}
            day={day}
            name={`${id}-slot`}
            chosen={chosen}
            onChoose={(startsAt) => {
              setChosen(startsAt);
              setMissing(false);
            }}
          />
        ))}
      </fieldset>
      <ClashNote clash={clash} timeZone={timeZone} />
      <div className="iv-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
        {after}
      </div>
    </form>
  );
}

/** How long an interview lasts, in minutes: the length of the first slot (20 when there is none). */
function slotMinutes(slots: Props['slots']): number {
  return slots[0] ? Math.round((Date.parse(slots[0].endsAt) - Date.parse(slots[0].startsAt)) / 60_000) : 20;
}

/** What the family has on at the chosen time, read out as soon as the time is chosen. */
function ClashNote({ clash, timeZone }: { clash: Clash | undefined; timeZone: string }) {
  return (
    <p className="iv-clash" role="status">
      {clash &&
        `${clash.childName} is registered for “${clash.title}” (${formatTimeRange(clash.startsAt, clash.endsAt, 'clock', { timeZone })}) at this time. You can still book it if you can manage both.`}
    </p>
  );
}

/**
 * One day's free times, as radios of the one group. Each time's own name says its day, so the one
 * radio group needs no nested groups.
 */
function DayTimes({
  day,
  name,
  chosen,
  onChoose,
}: {
  day: ReturnType<typeof groupSlotsByDay<Props['slots'][number]>>[number];
  name: string;
  chosen: string | null;
  onChoose: (startsAt: string) => void;
}) {
  return (
    <div className="iv-day">
      <h3>{day.label}</h3>
      <div className="chips">
        {day.slots.map((slot) => (
          <label key={slot.startsAt} className="chip iv-chip">
            <input
              type="radio"
              name={name}
              value={slot.startsAt}
              checked={chosen === slot.startsAt}
              onChange={() => onChoose(slot.startsAt)}
              aria-label={`${day.label}, ${slot.time}${slot.clash ? `, at the same time as ${slot.clash.childName}’s event` : ''}`}
            />
            <span aria-hidden="true">
              {slot.time}
              {slot.clash && <span className="iv-clash-mark"> · event</span>}
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}
