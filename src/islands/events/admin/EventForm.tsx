import type { FormEvent, ReactNode } from 'react';
import type { AdminEvent } from '~/features/events/admin.schema';
import { type EventInput, eventInputSchema } from '~/features/events/events.schema';
import { AdminForm } from '~/islands/shared/admin/FormPanel';
import { Field, TextAreaField } from '~/islands/shared/Field';
import { useForm } from '~/islands/shared/useForm';

type Values = Record<
  | 'title'
  | 'description'
  | 'startsAt'
  | 'endsAt'
  | 'location'
  | 'streetAddress'
  | 'addressLocality'
  | 'addressRegion'
  | 'postalCode'
  | 'addressCountry'
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
    streetAddress: event?.streetAddress ?? '',
    addressLocality: event?.addressLocality ?? '',
    addressRegion: event?.addressRegion ?? '',
    postalCode: event?.postalCode ?? '',
    addressCountry: event?.addressCountry ?? '',
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
    streetAddress: v.streetAddress.trim() || null,
    addressLocality: v.addressLocality.trim() || null,
    addressRegion: v.addressRegion.trim() || null,
    postalCode: v.postalCode.trim() || null,
    addressCountry: v.addressCountry.trim() || null,
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
  /** Saves the event; `idempotencyKey` names this submission, so a double-click creates one event. */
  onSave: (input: EventInput, idempotencyKey: string) => Promise<void>;
  footer?: ReactNode;
}) {
  const { formRef, values, field, errors, busy, save } = useForm(() => toValues(event), idPrefix);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = toInput(values, event);
    void save(eventInputSchema, input, (_, key) => onSave(input, key), {
      fallback: 'The event could not be saved. Please try again.',
    });
  };

  return (
    <AdminForm
      formRef={formRef}
      onSubmit={submit}
      labelledBy={`${idPrefix}-title-heading`}
      error={errors.form ?? errors.body}
      busy={busy}
      submitLabel={submitLabel}
      actionsClass="pe-actions"
      footer={footer}
    >
      <Field {...field('title')} label="Title" maxLength={120} />
      <TextAreaField {...field('description')} label="Description" rows={4} maxLength={4000} />
      <div className="field-row">
        <Field
          {...field('startsAt')}
          label="Starts"
          type="datetime-local"
          hint={`Your time zone: ${zoneName()}.`}
        />
        <Field {...field('endsAt')} label="Ends" type="datetime-local" />
      </div>
      <VenueFields field={field} />
      <Field
        {...field('onlineUrl')}
        label="Online joining link (optional)"
        type="url"
        inputMode="url"
        maxLength={500}
        hint="An https:// address, shown only to families with a registered child."
      />
      <SeatFields field={field} event={event} />
    </AdminForm>
  );
}

/** A text field's props, from the form's values by name. */
type FieldOf = ReturnType<typeof useForm<Values>>['field'];

/** Where the event happens: the venue's name and its postal address. */
function VenueFields({ field }: { field: FieldOf }) {
  return (
    <>
      <Field
        {...field('location')}
        label="Venue (optional if online)"
        maxLength={200}
        hint="The place's name, like Riverside Public Library, Children’s Room."
      />
      <fieldset className="field">
        <legend>Venue address (for an event in a place)</legend>
        <Field {...field('streetAddress')} label="Street address" maxLength={200} autoComplete="off" />
        <div className="field-row">
          <Field {...field('addressLocality')} label="Town or city" maxLength={100} autoComplete="off" />
          <Field
            {...field('addressRegion')}
            label="County, state or region (optional)"
            maxLength={100}
            autoComplete="off"
          />
        </div>
        <div className="field-row">
          <Field {...field('postalCode')} label="Postal code" maxLength={20} autoComplete="off" />
          <Field
            {...field('addressCountry')}
            label="Country code"
            maxLength={2}
            autoComplete="off"
            hint="Two letters: GB, IE, US…"
          />
        </div>
      </fieldset>
    </>
  );
}

/** Who can come: the ages and the number of seats (never below those already taken). */
function SeatFields({ field, event }: { field: FieldOf; event?: AdminEvent | undefined }) {
  return (
    <>
      <fieldset className="field">
        <legend>Ages (optional)</legend>
        <div className="field-row">
          <Field {...field('ageMin')} label="From age" inputMode="numeric" />
          <Field {...field('ageMax')} label="To age" inputMode="numeric" />
        </div>
      </fieldset>
      <Field
        {...field('capacity')}
        label="Seats"
        inputMode="numeric"
        hint={
          event
            ? `${event.seatsTaken} taken: the number of seats cannot go below that.`
            : 'How many children can come.'
        }
      />
    </>
  );
}
