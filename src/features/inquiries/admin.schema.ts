import * as z from 'zod';
import { adminListQuery, adminPageSchema } from '~/platform/admin/list.schema';
import { INQUIRY_STATUSES } from '~/platform/domain';
import { instant, multiline } from '~/platform/http/common.schema';
import { inquiryReceiptSchema } from './inquiries.schema';

export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** How each status reads in the console, and the tone of its pill. */
export const INQUIRY_STATUS_LABELS: Record<InquiryStatus, string> = {
  new: 'New',
  in_progress: 'In progress',
  answered: 'Answered',
};
export const INQUIRY_STATUS_TONES: Record<InquiryStatus, 'warn' | 'info' | 'good'> = {
  new: 'warn',
  in_progress: 'info',
  answered: 'good',
};

/** An internal note is for the team only: long enough for a phone call's summary, not a file. */
export const INQUIRY_NOTE_MAX = 5000;

const statusSchema = z.enum(INQUIRY_STATUSES, { error: 'Choose new, in progress or answered.' });

/** One row of the inquiries list: what the visitor sent (but the message), and where the team is with it. */
export const adminInquiryRowSchema = inquiryReceiptSchema
  .omit({ message: true })
  .extend({
    status: statusSchema,
    hasNote: z.boolean(),
    updatedAt: instant,
  })
  .meta({ id: 'AdminInquiryRow' });
export type AdminInquiryRow = z.infer<typeof adminInquiryRowSchema>;
export const adminInquiryPageSchema = adminPageSchema(adminInquiryRowSchema, 'AdminInquiryPage');

/** One inquiry, whole: the visitor's message and the team's note (never shown to the visitor). */
export const adminInquirySchema = adminInquiryRowSchema
  .omit({ hasNote: true })
  .extend({ message: z.string(), internalNote: z.string() })
  .meta({ id: 'AdminInquiry' });
export type AdminInquiry = z.infer<typeof adminInquirySchema>;

const INQUIRY_SORTS = ['createdAt', 'name', 'email', 'subject', 'status'] as const;
export const adminInquiryQuerySchema = adminListQuery(INQUIRY_SORTS, {
  sort: 'createdAt',
  dir: 'desc',
}).extend({
  status: z.union([z.literal(''), statusSchema]).default(''),
});
export type AdminInquiryQuery = z.infer<typeof adminInquiryQuerySchema>;

/** What an administrator changes: the status, the internal note, or both. */
export const adminInquiryUpdateSchema = z
  .object({
    status: statusSchema.optional(),
    internalNote: multiline('the note', INQUIRY_NOTE_MAX).optional(),
  })
  .refine((v) => v.status !== undefined || v.internalNote !== undefined, {
    message: 'Change the status or the note.',
    path: ['status'],
  })
  .meta({ id: 'AdminInquiryUpdate' });
export type AdminInquiryUpdate = z.input<typeof adminInquiryUpdateSchema>;

/** "Reply by email": the visitor's address with "Re: <subject>" filled in. */
export function replyMailto(inquiry: Pick<AdminInquiry, 'email' | 'subject' | 'name'>): string {
  // The address is encoded too (a ? or # in it would start the query), keeping @ readable.
  const to = encodeURIComponent(inquiry.email).replace(/%40/g, '@');
  const subject = encodeURIComponent(`Re: ${inquiry.subject}`);
  const body = encodeURIComponent(`Hello ${inquiry.name},\n\n`);
  return `mailto:${to}?subject=${subject}&body=${body}`;
}
