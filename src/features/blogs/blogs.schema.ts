import * as z from 'zod';
import { BLOG_STATUSES } from '~/platform/domain';
import { cursorSchema, instant, pageLimitSchema, uuidSchema } from '~/platform/http/common.schema';
import { groupDigits } from '~/platform/numbers';

/** Longest post body accepted, in characters of HTML (the API reads at most 64 KB anyway). */
const MAX_BLOG_HTML = 60_000;
export const BLOG_PAGE_SIZE = 10;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const MARKUP_OR_CONTROL = /[<>\u0000-\u001f]/;
const noMarkup = (v: string) => !MARKUP_OR_CONTROL.test(v);
const NO_MARKUP = 'Use letters, numbers and punctuation only.';

const plainText = (label: string, min: number, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(min, min > 1 ? `Make ${label} at least ${min} characters.` : `Enter ${label}.`)
    .max(max, `Keep ${label} to ${max} characters or fewer.`)
    .refine(noMarkup, NO_MARKUP);

/** Plain text that may be left empty, like a summary or a picture's description. */
export const optionalPlainText = (max: number, tooLong: string) =>
  z.string().trim().max(max, tooLong).refine(noMarkup, NO_MARKUP);

/** The name a post is signed with: plain text, so it can never carry markup onto the page. */
const penNameSchema = plainText('a pen name', 2, 80);

const blogSummarySchema = z
  .object({
    id: z.string(),
    title: z.string(),
    authorName: z.string(),
    excerpt: z.string(),
    publishedAt: instant,
    readingMinutes: z.number().int(),
    coverUrl: z.string().nullable(),
    coverAlt: z.string(),
  })
  .meta({ id: 'BlogSummary' });
export type BlogSummary = z.infer<typeof blogSummarySchema>;

export const blogPostSchema = blogSummarySchema
  .extend({ contentHtml: z.string().meta({ description: 'Sanitized HTML' }) })
  .meta({ id: 'BlogPost' });
export type BlogPost = z.infer<typeof blogPostSchema>;

export const blogPageSchema = z
  .object({
    posts: z.array(blogSummarySchema),
    /** Pass as `after` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'BlogPage' });

export const blogListQuerySchema = z.object({
  after: cursorSchema(100, 'Not a position in the list.'),
  limit: pageLimitSchema(50, BLOG_PAGE_SIZE),
});

/** A post a family (or an administrator) writes; the server sanitizes the HTML it keeps. */
export const blogDraftInputSchema = z
  .object({
    title: plainText('a title', 3, 150),
    contentHtml: z
      .string({ error: 'Write the post.' })
      .trim()
      .min(1, 'Write the post.')
      .max(MAX_BLOG_HTML, `Keep the post under ${groupDigits(MAX_BLOG_HTML)} characters.`),
    excerpt: optionalPlainText(300, 'Keep the summary to 300 characters or fewer.').optional(),
    /** The child the post is written with; told when it is reviewed. */
    childId: uuidSchema.optional(),
    /** How the post is signed ("Jordan, Maya's dad"); the account's name when left out. */
    authorName: penNameSchema.optional(),
  })
  .meta({ id: 'BlogDraftInput' });
export type BlogDraftInput = z.input<typeof blogDraftInputSchema>;

/**
 * A family's changes to its post: the title and text always (the editor sends the whole post);
 * a missing or empty summary is made from the text again; `childId: null` unlinks the child;
 * a missing `childId` or `authorName` stays as it was.
 */
export const blogUpdateInputSchema = blogDraftInputSchema
  .extend({ childId: uuidSchema.nullable().optional() })
  .meta({ id: 'BlogUpdateInput' });
export type BlogUpdateInput = z.input<typeof blogUpdateInputSchema>;

export const myBlogSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    status: z.enum(BLOG_STATUSES),
    reviewNote: z.string().nullable(),
    updatedAt: instant,
    submittedAt: instant.nullable(),
    publishedAt: instant.nullable(),
  })
  .meta({ id: 'MyBlog' });
export type MyBlog = z.infer<typeof myBlogSchema>;

/** One of the family's posts, as the editor opens it. */
export const myBlogDetailSchema = myBlogSchema
  .extend({
    contentHtml: z.string().meta({ description: 'Sanitized HTML' }),
    excerpt: z.string(),
    childId: z.string().nullable(),
    authorName: z.string(),
  })
  .meta({ id: 'MyBlogDetail' });
export type MyBlogDetail = z.infer<typeof myBlogDetailSchema>;

/** What the picture upload answers: the address the editor inserts. */
export const blogImageSchema = z.object({ url: z.string() }).meta({ id: 'BlogImage' });

/** Statuses in which the family may still change its post; approved posts are final. */
export const EDITABLE_BLOG_STATUSES = ['draft', 'submitted', 'rejected'] as const;
/** Statuses in which the family may delete its post (never while a reviewer may be reading it). */
export const DELETABLE_BLOG_STATUSES = ['draft', 'rejected'] as const;

export const blogReviewInputSchema = z
  .object({
    decision: z.enum(['approve', 'reject'], { error: 'Choose approve or reject.' }),
    note: z
      .string()
      .trim()
      .max(1000, 'Keep the note to 1,000 characters or fewer.')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: line breaks are fine, other control characters are not.
      .refine((v) => !/[<>\u0000-\u0009\u000b-\u001f]/.test(v), 'Use letters, numbers and punctuation only.')
      .optional(),
  })
  .superRefine((input, ctx) => {
    if (input.decision === 'reject' && !input.note) {
      ctx.addIssue({
        code: 'custom',
        path: ['note'],
        message: 'Tell the family what to change: a rejection needs a note.',
      });
    }
  })
  .meta({ id: 'BlogReviewInput' });
