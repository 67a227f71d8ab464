import * as z from 'zod';
import { adminListQuery, adminPageSchema } from '~/platform/admin/list.schema';
import type { BLOG_STATUSES } from '~/platform/domain';
import { instant } from '~/platform/http/common.schema';
import { blogDraftInputSchema, myBlogSchema, optionalPlainText } from './blogs.schema';

/** Which posts the review list shows: the queue by default, any status to find a post. */
const ADMIN_BLOG_FILTERS = ['submitted', 'approved', 'rejected', 'draft', 'all'] as const;

const ADMIN_BLOG_SORTS = ['submittedAt', 'title', 'authorName', 'updatedAt', 'publishedAt'] as const;

/** The queue reads oldest submitted first: the family that waited longest is answered first. */
export const adminBlogQuerySchema = adminListQuery(ADMIN_BLOG_SORTS, {
  sort: 'submittedAt',
  dir: 'asc',
}).extend({
  status: z
    .enum(ADMIN_BLOG_FILTERS, { error: `Show one of: ${ADMIN_BLOG_FILTERS.join(', ')}.` })
    .default('submitted'),
});
export type AdminBlogQuery = z.infer<typeof adminBlogQuerySchema>;

/**
 * A post in the review list: its status and dates as the family sees them, and who signed up for
 * it: the signature, the account behind it and the child it was written with.
 */
const adminBlogSummarySchema = myBlogSchema
  .omit({ reviewNote: true })
  .extend({
    authorName: z.string(),
    /** The account's email; null when the account was removed. */
    authorEmail: z.string().nullable(),
    /** The child's first name only: all the review needs. */
    childFirstName: z.string().nullable(),
    readingMinutes: z.int(),
  })
  .meta({ id: 'AdminBlogSummary' });
export type AdminBlogSummary = z.infer<typeof adminBlogSummarySchema>;

export const adminBlogPageSchema = adminPageSchema(adminBlogSummarySchema, 'AdminBlogPage');

export const adminBlogDetailSchema = adminBlogSummarySchema
  .extend({
    contentHtml: z.string().meta({ description: 'Sanitized HTML, as the public page shows it' }),
    excerpt: z.string(),
    coverUrl: z.string().nullable(),
    coverAlt: z.string(),
    reviewNote: z.string().nullable(),
    reviewedAt: instant.nullable(),
    /** The reviewer's name; null before the review or when that account was removed. */
    reviewerName: z.string().nullable(),
    /** Written by the team (an administrator's account), not by a family. */
    byTeam: z.boolean(),
  })
  .meta({ id: 'AdminBlogDetail' });
export type AdminBlogDetail = z.infer<typeof adminBlogDetailSchema>;

/** A picture already uploaded through POST /api/me/blog-images: only this site's own media. */
const BLOG_MEDIA_URL =
  /^\/media\/blog\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|png|jpg)$/;

const coverAlt = optionalPlainText(200, 'Keep the description to 200 characters or fewer.');

/**
 * What the team writes or corrects: the parents' fields (title, text, summary, pen name) plus a
 * cover picture, which needs a description for readers who cannot see it.
 */
const adminBlogInputSchema = blogDraftInputSchema
  .omit({ childId: true })
  .extend({
    coverUrl: z
      .string()
      .regex(BLOG_MEDIA_URL, 'Upload the cover picture again: that address is not one of ours.')
      .nullable()
      .optional(),
    coverAlt: coverAlt.optional(),
  })
  .superRefine((input, ctx) => {
    if (input.coverUrl && (input.coverAlt ?? '').length < 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['coverAlt'],
        message: 'Describe the cover picture in a few words for readers who cannot see it.',
      });
    }
  });

/** A new post by the team: published at once, or kept as a team draft. */
export const adminBlogCreateSchema = adminBlogInputSchema
  .safeExtend({ publish: z.boolean({ error: 'Say whether to publish now (true) or keep a draft (false).' }) })
  .meta({ id: 'AdminBlogCreate' });

/**
 * Corrections to a post in review or a team draft (the whole post, as the editor sends it);
 * `publish: true` publishes a team draft.
 */
export const adminBlogUpdateSchema = adminBlogInputSchema
  .safeExtend({ publish: z.boolean({ error: 'Say whether to publish now.' }).optional() })
  .meta({ id: 'AdminBlogUpdate' });
export type AdminBlogUpdate = z.input<typeof adminBlogUpdateSchema>;

/** How each status reads to the team, with the tone of its pill. */
export const ADMIN_BLOG_STATUS: Record<
  (typeof BLOG_STATUSES)[number],
  { label: string; tone: 'info' | 'good' | 'bad' | 'warn' }
> = {
  submitted: { label: 'Waiting for review', tone: 'warn' },
  approved: { label: 'Published', tone: 'good' },
  rejected: { label: 'Returned with a note', tone: 'bad' },
  draft: { label: 'Draft', tone: 'info' },
};

/** The signature of a post the team writes when the writer's account has no name. */
export const TEAM_PEN_NAME = 'The Quill Reads team';
