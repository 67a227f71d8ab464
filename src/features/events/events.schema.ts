import * as z from 'zod';
import { EVENT_STATUSES } from '~/platform/domain';
import {
  instantInput as anInstant,
  CONTROL_EXCEPT_LINES,
  instant,
  plainLine,
  uuidSchema,
} from '~/platform/http/common.schema';
import { isCountryCode } from '~/platform/locale';

/** A date and time as an administrator types it: with its offset, so the moment is never ambiguous. */
const instantInput = (label: string) =>
  anInstant(`Enter ${label} as a date and time, like 2026-06-14T15:00:00Z.`);

const age = z
  .int({ error: 'Enter an age in whole years.' })
  .min(0, 'Ages start at 0.')
  .max(18, 'Ages go up to 18.')
  .nullable()
  .optional();

/** Plain text: shown as text everywhere (never as HTML), so markup is harmless and kept as typed. */
const eventDescription = z
  .string({ error: 'Write a description.' })
  .trim()
  .max(4000, 'Keep the description to 4,000 characters or fewer.')
  .refine((v) => !CONTROL_EXCEPT_LINES.test(v), 'Remove the unusual characters.');

/** A line of the venue's postal address: optional on its own; the rules below say when it is needed. */
const addressLine = (label: string, max: number) => plainLine(label, max).nullable().optional();

/** ISO 3166-1 alpha-2, upper-cased: what schema.org's addressCountry and every map service read. */
const countryCode = z
  .string({ error: 'Enter the country as its two-letter code, like GB or US.' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Enter the country as its two-letter code, like GB or US.')
  .refine(isCountryCode, 'That is not a country code: use two letters, like GB, IE or US.')
  .nullable()
  .optional();

/** The venue's postal address, as separate fields (schema.org PostalAddress). */
export const ADDRESS_FIELDS = [
  'streetAddress',
  'addressLocality',
  'addressRegion',
  'postalCode',
  'addressCountry',
] as const;

/** The fields of an event as an administrator sends them, each checked on its own. */
export const eventFields = {
  title: plainLine('a title', 120),
  description: eventDescription,
  startsAt: instantInput('the start'),
  endsAt: instantInput('the end'),
  /** The venue's name, for an event in a place. */
  location: plainLine('the venue', 200).nullable().optional(),
  streetAddress: addressLine('the street address', 200),
  addressLocality: addressLine('the town or city', 100),
  addressRegion: addressLine('the county, state or region', 100),
  postalCode: addressLine('the postal code', 20),
  addressCountry: countryCode,
  onlineUrl: z
    .url({ protocol: /^https$/, error: 'Enter a full https:// address.' })
    .max(500, 'Keep the address to 500 characters or fewer.')
    .nullable()
    .optional(),
  capacity: z
    .int({ error: 'Enter the number of seats as a whole number.' })
    .min(1, 'An event needs at least one seat.')
    .max(10_000, 'Up to 10,000 seats.'),
  ageMin: age,
  ageMax: age,
};

/** The rules between fields: checked on a new event, and on an event with changes applied. */
function checkEventRules(
  e: {
    startsAt: string;
    endsAt: string;
    location?: string | null | undefined;
    streetAddress?: string | null | undefined;
    addressLocality?: string | null | undefined;
    addressRegion?: string | null | undefined;
    postalCode?: string | null | undefined;
    addressCountry?: string | null | undefined;
    onlineUrl?: string | null | undefined;
    ageMin?: number | null | undefined;
    ageMax?: number | null | undefined;
  },
  ctx: z.RefinementCtx,
) {
  if (Date.parse(e.startsAt) >= Date.parse(e.endsAt))
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start.' });
  if (!e.location && !e.onlineUrl)
    ctx.addIssue({ code: 'custom', path: ['location'], message: 'Give a venue, an online link or both.' });
  // An event in a place has a full address (search engines and maps need one); an address needs a venue.
  if (e.location) {
    const missing = {
      streetAddress: 'Enter the street address of the venue.',
      addressLocality: 'Enter the town or city of the venue.',
      addressCountry: 'Enter the country of the venue, like GB or US.',
    } as const;
    for (const [field, message] of Object.entries(missing))
      if (!e[field as keyof typeof missing]) ctx.addIssue({ code: 'custom', path: [field], message });
  } else if (ADDRESS_FIELDS.some((field) => e[field]))
    ctx.addIssue({
      code: 'custom',
      path: ['location'],
      message: 'Enter the name of the venue at this address.',
    });
  if (e.ageMin != null && e.ageMax != null && e.ageMin > e.ageMax)
    ctx.addIssue({
      code: 'custom',
      path: ['ageMax'],
      message: 'The oldest age cannot be below the youngest.',
    });
}

/** What an administrator sends to create an event. */
export const eventInputSchema = z
  .object({ ...eventFields, description: eventDescription.default('') })
  .superRefine(checkEventRules)
  .meta({ id: 'EventInput' });
export type EventInput = z.input<typeof eventInputSchema>;
export type ParsedEventInput = z.output<typeof eventInputSchema>;

/** An event as the API answers it; `seatsLeft` is what families can still take. */
export const eventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    startsAt: instant,
    endsAt: instant,
    /** The venue's name; its postal address follows (all null for an event only online). */
    location: z.string().nullable(),
    streetAddress: z.string().nullable(),
    addressLocality: z.string().nullable(),
    addressRegion: z.string().nullable(),
    postalCode: z.string().nullable(),
    /** ISO 3166-1 alpha-2. */
    addressCountry: z.string().nullable(),
    /** Whether it happens online. The joining link itself is only for registered families. */
    online: z.boolean(),
    ageMin: z.int().nullable(),
    ageMax: z.int().nullable(),
    capacity: z.int(),
    seatsLeft: z.int(),
    status: z.enum(EVENT_STATUSES),
    /** RFC 5545 SEQUENCE: raised on every change. */
    sequence: z.int(),
    updatedAt: instant,
  })
  .meta({ id: 'Event' });
export type EventDto = z.infer<typeof eventSchema>;

export const eventListSchema = z
  .object({ upcoming: z.array(eventSchema), past: z.array(eventSchema) })
  .meta({ id: 'EventList' });
export type EventList = z.infer<typeof eventListSchema>;

export const registrationInputSchema = z
  .object({ childId: uuidSchema })
  .strict()
  .meta({ id: 'RegistrationInput' });

/** The caller's family and one event: which of their children hold a seat, and what is left. */
export const familyRegistrationsSchema = z
  .object({
    eventId: z.string(),
    status: z.enum(EVENT_STATUSES),
    /** False once the event has started or was cancelled. */
    open: z.boolean(),
    seatsLeft: z.int(),
    childIds: z.array(z.string()),
    /** The joining link of an online event, once one of the family's children is registered. */
    onlineUrl: z.string().nullable(),
    /** The family's introductory interview when it overlaps the event (a registered family's only). */
    interviewClash: z.object({ startsAt: instant, endsAt: instant }).nullable(),
  })
  .meta({ id: 'FamilyRegistrations' });
export type FamilyRegistrations = z.infer<typeof familyRegistrationsSchema>;
