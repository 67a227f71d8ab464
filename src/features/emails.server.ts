import { createMailer } from '~/platform/email/mailer.server';
import { emailTemplates } from '~/platform/email/templates.server';
import type { Settings } from '~/platform/env.server';
import { blogReviewEmail } from './blogs/emails/reviewEmail';
import { guideMessageEmail } from './guides/emails/guideMessageEmail';
import { inquiryReplyEmail } from './inquiries/emails/replyEmail';
import { interviewEmail } from './interviews/emails/interviewEmail';
import { billingNoticeEmail } from './payments/emails/billingNoticeEmail';
import { receiptEmail } from './payments/emails/receiptEmail';
import { weeklyPlanEmail } from './program/emails/weeklyPlanEmail';

/** Every message the site sends, by name: what the outbox's job renders (platform/email). */
export const EMAIL_TEMPLATES = emailTemplates([
  receiptEmail,
  billingNoticeEmail,
  interviewEmail,
  blogReviewEmail,
  inquiryReplyEmail,
  weeklyPlanEmail,
  guideMessageEmail,
]);

/** Where mail goes when SMTP_URL is left out (never in production): the local catcher. */
export const LOCAL_SMTP_URL = 'smtp://127.0.0.1:1025';

/** The server's mailer, from its settings. */
export function serverMailer(settings: Pick<Settings, 'SMTP_URL' | 'EMAIL_FROM'>) {
  return createMailer({ smtpUrl: settings.SMTP_URL ?? LOCAL_SMTP_URL, from: settings.EMAIL_FROM });
}
