import * as z from 'zod';
import { passageSchema } from '~/features/readAloud/readAloud.schema';
import { adminListQuery } from '~/platform/admin/list.schema';
import { BOOK_SEARCH_LIMIT, READING_LEVELS } from '~/platform/domain';
import { CONTROL_EXCEPT_LINES, pageLimitSchema, plainLine, timestamps } from '~/platform/http/common.schema';
import { checkIsbn, ISBN_MESSAGES } from './isbn';

/** The catalogue and the read-aloud passages, as the admin console edits them. */

export const AGE_LIMITS = { min: 0, max: 18 } as const;
export const BOOK_SUMMARY_MAX = 2000;
export const PASSAGE_TEXT_MAX = 6000;

/** Cover pictures: any common type, re-encoded as WebP on the server. */
export const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MAX_COVER_BYTES = 8 * 1024 * 1024;
/** Covers are portrait and shown small: a box this size is sharp on any screen that shows one. */
export const COVER_BOX = { width: 800, height: 1200 } as const;

/** Model readings, with the extension each is stored under. Browsers name WAV three ways. */
export const MODEL_AUDIO_TYPES = {
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
} as const;
export const MAX_MODEL_AUDIO_BYTES = 25 * 1024 * 1024;

/** Several paragraphs of plain text: new lines kept, control characters and markup refused. */
const prose = (max: number, tooLong: string) =>
  z
    .string({ error: 'Enter text.' })
    .transform((v) => v.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .max(max, tooLong)
        .refine((v) => !CONTROL_EXCEPT_LINES.test(v), 'Use letters, numbers and punctuation only.')
        .refine((v) => !/[<>]/.test(v), 'Plain text only: no < or > signs.'),
    );

/** An optional ISBN-10 or ISBN-13, answered as the ISBN-13 the catalogue keeps; empty is none. */
const isbnSchema = z
  .string({ error: 'Enter the ISBN as text.' })
  .max(40, 'An ISBN has 10 or 13 digits.')
  .nullable()
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const checked = checkIsbn(value);
    if (checked.ok) return checked.isbn13;
    ctx.addIssue({ code: 'custom', message: ISBN_MESSAGES[checked.reason] });
    return z.NEVER;
  });

export const BOOK_TOPICS_MAX = 8;
export const TOPIC_LENGTH = { min: 2, max: 30 } as const;
/** Words of letters, one space or hyphen between them: "space", "funny stories", "sci-fi". */
const TOPIC_PATTERN = /^[\p{L}\p{M}]+(?:[ -][\p{L}\p{M}]+)*$/u;

/**
 * A topic as the catalogue keeps it: trimmed, lower-case, single spaces. Weekly plans match it to
 * a child's interests the same way (normaliseTopic in program/recommender.ts), so "Space " is "space".
 */
export const normaliseBookTopic = (topic: string) => topic.trim().toLowerCase().replace(/\s+/g, ' ');

/** "space, animals" as typed in the form: the topics, blanks between commas dropped. */
export const topicsFromText = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');

/**
 * A book's topics: up to 8, each 2 to 30 letters with spaces or hyphens, kept normalised and once
 * each. Every problem is reported on `topics` itself, naming the topic, so the form marks its one field.
 */
const topicsSchema = z
  .array(z.string({ error: 'Give each topic as text.' }), { error: 'Give the topics as a list of words.' })
  .transform((list, ctx) => {
    const topics = [...new Set(list.map(normaliseBookTopic))];
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    for (const topic of topics) {
      if (topic.length < TOPIC_LENGTH.min || topic.length > TOPIC_LENGTH.max) {
        problem(
          topic === ''
            ? 'A topic cannot be empty.'
            : `“${topic.slice(0, 40)}”: each topic is ${TOPIC_LENGTH.min} to ${TOPIC_LENGTH.max} characters.`,
        );
        return z.NEVER;
      }
      if (!TOPIC_PATTERN.test(topic)) {
        problem(`“${topic}”: use letters, spaces and hyphens only.`);
        return z.NEVER;
      }
    }
    if (topics.length > BOOK_TOPICS_MAX) {
      problem(`Give up to ${BOOK_TOPICS_MAX} topics (${topics.length} given).`);
      return z.NEVER;
    }
    return topics;
  })
  .meta({
    description: `Up to ${BOOK_TOPICS_MAX} topics, each ${TOPIC_LENGTH.min}-${TOPIC_LENGTH.max} letters, spaces or hyphens; kept trimmed, lower-case and once each. Weekly plans match them to children's interests.`,
  });

const age = (label: string) =>
  z
    .int({ error: `Give the ${label} age as a whole number.` })
    .min(AGE_LIMITS.min, `Ages start at ${AGE_LIMITS.min}.`)
    .max(AGE_LIMITS.max, `Ages go up to ${AGE_LIMITS.max}.`)
    .nullable();

const bookFields = z.object({
  title: plainLine('the title', 200),
  author: plainLine('the author', 200),
  isbn: isbnSchema,
  ageMin: age('youngest'),
  ageMax: age('oldest'),
  level: z.enum(READING_LEVELS, { error: 'Choose one of: sprout, sapling, branch, canopy.' }).nullable(),
  summary: prose(BOOK_SUMMARY_MAX, `Keep the summary to ${BOOK_SUMMARY_MAX} characters or fewer.`),
  topics: topicsSchema,
});

/** The message for an age range whose ends are the wrong way round, or undefined when it is fine. */
export function ageRangeError(min: number | null | undefined, max: number | null | undefined) {
  return min != null && max != null && min > max
    ? 'The oldest age must be the same as or above the youngest.'
    : undefined;
}

const checkAges = (
  book: { ageMin?: number | null | undefined; ageMax?: number | null | undefined },
  ctx: z.RefinementCtx,
) => {
  const message = ageRangeError(book.ageMin, book.ageMax);
  if (message) ctx.addIssue({ code: 'custom', path: ['ageMax'], message });
};

/** A new book: title and author, the rest optional (left out is none; the summary may be empty). */
export const bookInputSchema = bookFields
  .extend({
    isbn: isbnSchema.default(null),
    ageMin: bookFields.shape.ageMin.default(null),
    ageMax: bookFields.shape.ageMax.default(null),
    level: bookFields.shape.level.default(null),
    summary: bookFields.shape.summary.default(''),
    topics: bookFields.shape.topics.default([]),
  })
  .superRefine(checkAges)
  .meta({ id: 'BookInput' });
export type BookInput = z.input<typeof bookInputSchema>;

/** A change to a book: only the fields sent change. The age range is checked again against the book. */
export const bookPatchSchema = bookFields.partial().superRefine(checkAges).meta({ id: 'BookPatch' });
export type BookPatch = z.input<typeof bookPatchSchema>;

export const bookSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    author: z.string(),
    /** Always 13 digits, no hyphens. */
    isbn: z.string().nullable(),
    ageMin: z.int().nullable(),
    ageMax: z.int().nullable(),
    level: z.enum(READING_LEVELS).nullable(),
    summary: z.string(),
    /** Lower-case topics ("space", "funny stories"), matched to children's interests in weekly plans. */
    topics: z.array(z.string()),
    /** Where the cover is served (WebP), or null. */
    coverUrl: z.string().nullable(),
    ...timestamps,
  })
  .meta({ id: 'AdminBook' });
export type AdminBook = z.infer<typeof bookSchema>;

export const bookDetailSchema = bookSchema
  .extend({
    /** Reading-log entries that name this book: they keep their own title and author if it is deleted. */
    readingLogCount: z.int(),
  })
  .meta({ id: 'AdminBookDetail' });
export type AdminBookDetail = z.infer<typeof bookDetailSchema>;

const BOOK_SORTS = ['title', 'author', 'level', 'createdAt'] as const;
export const bookListQuerySchema = adminListQuery(BOOK_SORTS, { sort: 'title', dir: 'asc' });

const passageFields = z.object({
  title: plainLine('the title', 200),
  level: z.enum(READING_LEVELS, { error: 'Choose one of: sprout, sapling, branch, canopy.' }),
  text: prose(PASSAGE_TEXT_MAX, `Keep the passage to ${PASSAGE_TEXT_MAX} characters or fewer.`).refine(
    (v) => v.length > 0,
    'Enter the text of the passage.',
  ),
  portfolio: z.boolean('Say whether this is a voice-portfolio passage: true or false.').meta({
    description:
      'A voice-portfolio passage: kept out of practice and plans, read by each child once every four weeks',
  }),
});

export const passageInputSchema = passageFields
  .extend({ portfolio: passageFields.shape.portfolio.default(false) })
  .meta({ id: 'PassageInput' });
export type PassageInput = z.input<typeof passageInputSchema>;
export const passagePatchSchema = passageFields.partial().meta({ id: 'PassagePatch' });
export type PassagePatch = z.input<typeof passagePatchSchema>;

/** How many practice passages each level has: a level with none borrows the nearest level's in its plans. */
export const passageLevelsSchema = z
  .object({ levels: z.array(z.object({ level: z.enum(READING_LEVELS), passages: z.int() })) })
  .meta({ id: 'PassageLevels' });
export type PassageLevels = z.infer<typeof passageLevelsSchema>;

/**
 * A passage in the admin list: what families read aloud, but the text itself. The word count is
 * counted on the server, with the function the read-aloud page measures speed by.
 */
export const adminPassageSchema = passageSchema
  .omit({ text: true })
  .extend(timestamps)
  .meta({ id: 'AdminPassage' });
export type AdminPassage = z.infer<typeof adminPassageSchema>;

export const adminPassageDetailSchema = adminPassageSchema
  .extend({
    text: z.string(),
    /** Children's attempts at this passage: they keep their times and recordings if it is deleted. */
    recordingCount: z.int(),
  })
  .meta({ id: 'AdminPassageDetail' });
export type AdminPassageDetail = z.infer<typeof adminPassageDetailSchema>;

const PASSAGE_SORTS = ['title', 'level', 'wordCount', 'createdAt'] as const;
export const passageListQuerySchema = adminListQuery(PASSAGE_SORTS, { sort: 'title', dir: 'asc' });

/** The catalogue as families search it when they log a book (public). */
const catalogueBookSchema = bookSchema
  .pick({ id: true, title: true, author: true })
  .extend({ readingLevel: bookSchema.shape.level })
  .meta({ id: 'CatalogueBook' });
export type CatalogueBook = z.infer<typeof catalogueBookSchema>;

export const bookSearchQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search with 100 characters or fewer.').default(''),
  limit: pageLimitSchema(BOOK_SEARCH_LIMIT, 10),
});

export const bookSearchSchema = z.object({ books: z.array(catalogueBookSchema) }).meta({ id: 'BookSearch' });
