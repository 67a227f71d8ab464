import * as z from 'zod';
import { instant } from '~/platform/http/common.schema';

/** The outbox of email (decision 32) as the admin console shows it: its counts, and what failed. */

/** The messages given up that the console lists; the counts say how many there are in all. */
export const RECENT_FAILED_EMAILS = 20;

const count = z.int().min(0);

/** A message given up after its retries: who it was for, what it was, and why it failed. */
export const failedEmailSchema = z
  .object({
    id: z.string(),
    /** The kind of message, in words: 'Payment receipt'. */
    label: z.string(),
    to: z.string(),
    attempts: z.int(),
    /** The mail server's last answer (at most 500 characters). */
    lastError: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ id: 'FailedEmail' });
export type FailedEmailDto = z.infer<typeof failedEmailSchema>;

export const emailOutboxSchema = z
  .object({
    checkedAt: instant,
    counts: z.object({
      /** Waiting to be sent: new, or waiting for another attempt after a refusal. */
      queued: count,
      /** Being sent now. */
      sending: count,
      sent: count,
      /** Given up after their retries: someone should look. */
      failed: count,
    }),
    /** The latest given up, newest first (at most RECENT_FAILED_EMAILS). */
    failed: z.array(failedEmailSchema),
  })
  .meta({ id: 'EmailOutbox' });
export type EmailOutboxDto = z.infer<typeof emailOutboxSchema>;
