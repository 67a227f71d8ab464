import * as z from 'zod';
import { isDay } from '~/platform/days';
import { cursorSchema, instant, pageLimitSchema, plainLine, uuidSchema } from '~/platform/http/common.schema';
import { groupDigits } from '~/platform/numbers';
import { CHART_WEEKS, EARLIEST_READING_DAY, latestReadingDay, MAX_MINUTES_PER_DAY } from './reading';

const READING_PAGE_SIZE = 20;
const MAX_TITLE = 200;
const MAX_AUTHOR = 120;

/**
 * The fields of a reading entry. `latestDay` is the last day that is not in the future: the
 * server allows its UTC date plus one (see latestReadingDay); the browser passes the family's own
 * date, so a parent hears "in the future" before anything is sent.
 */
function entryFields(latestDay: () => string) {
  return {
    bookId: z
      .uuid({ error: 'Choose a book from the catalogue.' })
      .nullable()
      .optional()
      .meta({ description: 'A catalogue book: its title and author are taken from the catalogue.' }),
    /** Plain text, refused with markup (like every one-line text the site keeps). */
    title: plainLine('the book’s title', MAX_TITLE)
      .optional()
      .meta({ description: 'For a book that is not in the catalogue; ignored with a bookId.' }),
    author: z
      .string({ error: 'Enter the author’s name, or leave it empty.' })
      .trim()
      .max(MAX_AUTHOR, `Keep the author to ${MAX_AUTHOR} characters or fewer.`)
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
      .refine((v) => !/[<>\u0000-\u001f\u007f]/.test(v), 'Use letters, numbers and punctuation only.')
      .nullable()
      .optional(),
    readOn: z
      .string({ error: 'Enter the day of the reading, like 2026-11-21.' })
      .refine(isDay, { error: 'Enter the day of the reading, like 2026-11-21.', abort: true })
      .refine((d) => d >= EARLIEST_READING_DAY, 'Enter a day from 1 January 2000 on.')
      .refine((d) => d <= latestDay(), 'That day is in the future: log reading once it has happened.'),
    minutes: z
      .int({ error: 'Enter the minutes read as a whole number.' })
      .min(1, 'Enter at least 1 minute.')
      .max(
        MAX_MINUTES_PER_DAY,
        `A day has ${groupDigits(MAX_MINUTES_PER_DAY)} minutes (24 hours): enter fewer.`,
      ),
    pages: z
      .int({ error: 'Enter the pages as a whole number.' })
      .min(1, 'Pages start at 1: leave it empty if nobody counted.')
      .max(5000, 'Up to 5,000 pages.')
      .nullable()
      .optional(),
    rating: z
      .int({ error: 'Choose from 1 to 5 stars.' })
      .min(1, 'Choose from 1 to 5 stars.')
      .max(5, 'Choose from 1 to 5 stars.')
      .nullable()
      .optional(),
    finished: z
      .boolean({ error: 'Say whether the book was finished: true or false.' })
      .optional()
      .meta({ description: 'The child finished the book with this reading (false when left out)' }),
  };
}

const anObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

/** A new entry: a catalogue book or a title, a day and minutes; pages and stars if known. */
export function readingEntryInput(latestDay: () => string = () => latestReadingDay()) {
  return z
    .object(entryFields(latestDay))
    .strict()
    .refine((e) => Boolean(e.bookId) || Boolean(e.title), {
      path: ['title'],
      error: 'Choose a book from the catalogue, or enter its title.',
      // Checked even when another field is wrong, so the form shows every problem at once.
      when: anObject,
    });
}
export const readingEntryInputSchema = readingEntryInput().meta({ id: 'ReadingEntryInput' });
export type ParsedReadingEntryInput = z.output<typeof readingEntryInputSchema>;

/** A change to an entry: only the fields that change. `bookId: null` with a title leaves the catalogue. */
function readingEntryPatch(latestDay: () => string = () => latestReadingDay()) {
  const fields = entryFields(latestDay);
  return z
    .object({ ...fields, readOn: fields.readOn.optional(), minutes: fields.minutes.optional() })
    .strict()
    .refine((e) => Object.keys(e).length > 0, {
      path: ['body'],
      error: 'Send at least one field to change.',
    });
}
export const readingEntryPatchSchema = readingEntryPatch().meta({ id: 'ReadingEntryPatch' });
export type ParsedReadingEntryPatch = z.output<typeof readingEntryPatchSchema>;

const readingEntrySchema = z
  .object({
    id: z.string(),
    bookId: z.string().nullable(),
    title: z.string(),
    author: z.string().nullable(),
    readOn: z.string(),
    minutes: z.int(),
    pages: z.int().nullable(),
    rating: z.int().nullable(),
    /** The child finished the book with this reading: it goes on the wall and ticks a planned book. */
    finished: z.boolean(),
    createdAt: instant,
  })
  .meta({ id: 'ReadingEntry' });
export type ReadingEntry = z.infer<typeof readingEntrySchema>;

const weekTotalSchema = z.object({
  week: z.string().meta({ description: "ISO week, like '2026-W47'" }),
  start: z.string().meta({ description: 'Its Monday' }),
  minutes: z.int(),
  entries: z.int(),
});
const monthTotalSchema = z.object({ month: z.string(), minutes: z.int(), entries: z.int() });

const readingSummarySchema = z
  .object({
    today: z.string().meta({ description: 'The day the figures are counted for' }),
    thisWeek: weekTotalSchema,
    thisMonth: monthTotalSchema,
    weeks: z.array(weekTotalSchema).meta({ description: `The last ${CHART_WEEKS} weeks, oldest first` }),
    months: z.array(monthTotalSchema).meta({ description: 'The last 12 months, oldest first' }),
    streak: z.object({
      current: z.int(),
      longest: z.int(),
      lastDay: z.string().nullable(),
    }),
    totalMinutes: z.int(),
    totalEntries: z.int(),
  })
  .meta({ id: 'ReadingSummary' });

export const readingLogSchema = z
  .object({
    /** The child whose log this is: the spec's _id and name. */
    child: z.object({ _id: z.string(), name: z.string() }),
    entries: z.array(readingEntrySchema).meta({ description: 'Newest day first' }),
    /** Pass as `before` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
    summary: readingSummarySchema,
  })
  .meta({ id: 'ReadingLog' });
export type ReadingLog = z.infer<typeof readingLogSchema>;

export const readingLogQuerySchema = z.object({
  before: cursorSchema(200, 'Not a position in the log.'),
  limit: pageLimitSchema(100, READING_PAGE_SIZE),
  today: z.string().optional().meta({
    description: "The family's own date (YYYY-MM-DD), within a day of UTC; weeks and the streak count to it",
  }),
});

/** What adding or changing an entry answers: the entry and the milestones it announced. */
export const readingChangeSchema = z
  .object({
    entry: readingEntrySchema,
    milestones: z.array(z.string()).meta({ description: "Newly reached, e.g. 'streak-7', 'books-10'" }),
  })
  .meta({ id: 'ReadingChange' });
export type ReadingChange = z.infer<typeof readingChangeSchema>;

export const entryParamsSchema = z.object({ id: uuidSchema, entryId: uuidSchema });
