import * as z from 'zod';
import { instant, plainLine } from '~/platform/http/common.schema';

/** What a visitor sends through the contact form. */
export const inquiryInputSchema = z
  .object({
    name: plainLine('your name', 80),
    email: z
      .string({ error: 'Enter your email address.' })
      .trim()
      .max(254, 'Keep it to 254 characters or fewer.')
      .pipe(z.email({ error: 'Enter a full email address, like name@example.com.' })),
    subject: plainLine('a subject', 120),
    message: z
      .string({ error: 'Write your message.' })
      .trim()
      .min(10, 'Tell us a little more: at least 10 characters.')
      .max(5000, 'Keep your message to 5,000 characters or fewer.')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: line breaks and tabs are fine, other control characters are not.
      .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(v), 'Remove the unusual characters.'),
    /** A field people never see or fill: anything in it means a robot filled the form. */
    website: z.string().max(500).optional(),
  })
  .meta({ id: 'InquiryInput' });
export type InquiryInput = z.output<typeof inquiryInputSchema>;

export const inquiryReceiptSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    createdAt: instant,
  })
  .meta({ id: 'InquiryReceipt' });

/** Messages one address may send in ten minutes, unless INQUIRY_RATE_LIMIT_PER_TEN_MINUTES says otherwise. */
export const INQUIRIES_PER_TEN_MINUTES = 5;
