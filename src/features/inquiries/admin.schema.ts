import * as z from 'zod';
import { adminListQuery, adminPageSchema } from '~/platform/admin/list.schema';
import { EMAIL_STATUSES, INQUIRY_STATUSES } from '~/platform/domain';
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

/** A reply is an email: long enough for a careful answer, not a document. */
export const INQUIRY_REPLY_MAX = 5000;

/** A reply the team sent from the console, and where its email is. */
export const inquiryReplySchema = z
  .object({
    id: z.string(),
    message: z.string(),
    /** Who on the team wrote it (null once their account is gone). */
    authorName: z.string().nullable(),
    createdAt: instant,
    /** Its email: waiting, being sent, sent, or given up (the console's jobs page can send it again). */
    delivery: z.enum(EMAIL_STATUSES),
  })
  .meta({ id: 'InquiryReply' });
export type InquiryReply = z.infer<typeof inquiryReplySchema>;

/** One inquiry, whole: the visitor's message, the team's note (never shown to the visitor), the replies. */
export const adminInquirySchema = adminInquiryRowSchema
  .omit({ hasNote: true })
  .extend({ message: z.string(), internalNote: z.string(), replies: z.array(inquiryReplySchema) })
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

/** POST /api/admin/inquiries/{id}/replies: the reply, sent to the visitor by email. */
export const adminInquiryReplyInputSchema = z
  .object({
    message: multiline('the reply', INQUIRY_REPLY_MAX).refine((v) => v.length > 0, 'Write the reply.'),
  })
  .meta({ id: 'AdminInquiryReplyInput' });
export type AdminInquiryReplyInput = z.input<typeof adminInquiryReplyInputSchema>;
