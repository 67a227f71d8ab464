import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import type { AdminEvent } from '~/features/events/admin.schema';
import { type EventInput, eventInputSchema } from '~/features/events/events.schema';
import { byField, Field, FormAlert, issuesByField, useFocusFirstInvalid } from '~/islands/shared/Field';
import { ApiClientError } from '~/platform/client/api';

type Errors = Record<string, string>;
type Values = Record<
  | 'title'
  | 'description'
  | 'startsAt'
  | 'endsAt'
  | 'location'
  | 'onlineUrl'
  | 'ageMin'
  | 'ageMax'
  | 'capacity',
  string
>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value, in the administrator's own time zone. */
function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the administrator's zone) as an ISO instant; '' stays '' so the schema names it. */
function fromLocalInput(value: string): string {
  const time = new Date(value);
  return value && !Number.isNaN(time.getTime()) ? time.toISOString() : value;
}

const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

function toValues(event?: AdminEvent): Values {
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    startsAt: event ? toLocalInput(event.startsAt) : '',
    endsAt: event ? toLocalInput(event.endsAt) : '',
    location: event?.location ?? '',
    onlineUrl: event?.onlineUrl ?? '',
    ageMin: event?.ageMin?.toString() ?? '',
    ageMax: event?.ageMax?.toString() ?? '',
    capacity: event?.capacity.toString() ?? '',
  };
}

/**
 * The form's values as the API takes them. A time left as it was keeps its stored instant: the
 * datetime-local field has no seconds, and a rounded time would read as a move to the families.
 */
function toInput(v: Values, event?: AdminEvent): EventInput {
  const instant = (value: string, stored?: string) =>
    stored && value === toLocalInput(stored) ? stored : fromLocalInput(value);
  return {
    title: v.title,
    description: v.description,
    startsAt: instant(v.startsAt, event?.startsAt),
    endsAt: instant(v.endsAt, event?.endsAt),
    location: v.location.trim() || null,
    onlineUrl: v.onlineUrl.trim() || null,
    ageMin: optionalNumber(v.ageMin),
    ageMax: optionalNumber(v.ageMax),
    capacity: (v.capacity.trim() === '' ? undefined : Number(v.capacity)) as number,
  };
}

const zoneName = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * An event's details, for a new event or for changes. Times are typed in the administrator's own
 * zone and sent as instants; every error shows beside its field, from this page or from the API.
 */
export function EventForm({
  event,
  idPrefix,
  submitLabel,
  onSave,
  footer,
}: {
  event?: AdminEvent;
  idPrefix: string;
  submitLabel: string;
  onSave: (input: EventInput) => Promise<void>;
  footer?: ReactNode;
}) {
  const [values, setValues] = useState(() => toValues(event));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);
  const id = (field: string) => `${idPrefix}-${field}`;
  const set = (field: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));
  const described = (field: string, hint?: boolean) =>
    [hint ? id(`${field}-hint`) : '', errors[field] ? id(`${field}-error`) : ''].filter(Boolean).join(' ') ||
    undefined;
  const errorOf = (field: string) =>
    errors[field] && (
      <p id={id(`${field}-error`)} className="error">
        {errors[field]}
      </p>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const input = toInput(values, event);
    const parsed = eventInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onSave(input);
    } catch (error) {
      if (error instanceof ApiClientError) setErrors({ ...byField(error.fields), form: error.message });
      else setErrors({ form: 'The event could not be saved. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      className="admin-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={id('title-heading')}
    >
      <FormAlert message={errors.form ?? errors.body} />
      <Field
        id={id('title')}
        label="Title"
        maxLength={120}
        value={values.title}
        onChange={set('title')}
        error={errors.title}
      />
      <div className="field">
        <label htmlFor={id('description')}>Description</label>
        <textarea
          id={id('description')}
          className="textarea"
          rows={4}
          maxLength={4000}
          value={values.description}
          onChange={set('description')}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={described('description')}
        />
        {errorOf('description')}
      </div>
      <div className="field-row">
        <Field
          id={id('startsAt')}
          label="Starts"
          type="datetime-local"
          value={values.startsAt}
          onChange={set('startsAt')}
          error={errors.startsAt}
          hint={`Your time zone: ${zoneName()}.`}
        />
        <Field
          id={id('endsAt')}
          label="Ends"
          type="datetime-local"
          value={values.endsAt}
          onChange={set('endsAt')}
          error={errors.endsAt}
        />
      </div>
      <Field
        id={id('location')}
        label="Place (optional if online)"
        maxLength={200}
        value={values.location}
        onChange={set('location')}
        error={errors.location}
        hint="Shown on the public event page."
      />
      <Field
        id={id('onlineUrl')}
        label="Online joining link (optional)"
        type="url"
        inputMode="url"
        maxLength={500}
        value={values.onlineUrl}
        onChange={set('onlineUrl')}
        error={errors.onlineUrl}
        hint="An https:// address, shown only to families with a registered child."
      />
      <fieldset className="field">
        <legend>Ages (optional)</legend>
        <div className="field-row">
          <Field
            id={id('ageMin')}
            label="From age"
            inputMode="numeric"
            value={values.ageMin}
            onChange={set('ageMin')}
            error={errors.ageMin}
          />
          <Field
            id={id('ageMax')}
            label="To age"
            inputMode="numeric"
            value={values.ageMax}
            onChange={set('ageMax')}
            error={errors.ageMax}
          />
        </div>
      </fieldset>
      <Field
        id={id('capacity')}
        label="Seats"
        inputMode="numeric"
        value={values.capacity}
        onChange={set('capacity')}
        error={errors.capacity}
        hint={
          event
            ? `${event.seatsTaken} taken: the number of seats cannot go below that.`
            : 'How many children can come.'
        }
      />
      <div className="pe-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        {footer}
      </div>
    </form>
  );
}
