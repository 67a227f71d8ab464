import { recordAudit } from '~/platform/admin/audit.server';
import type { Db } from '~/platform/db/client.server';
import { emailStatus, failedEmails, outboxCounts, retryEmail } from '~/platform/email/outbox.server';
import { conflict, notFound } from '~/platform/errors';
import { nudge } from '~/platform/jobs/signals';
import { EMAIL_TEMPLATES } from '../emails.server';
import { type EmailOutboxDto, RECENT_FAILED_EMAILS } from './emails.schema';

// The outbox of email as the admin console shows it, and sending a message given up again.

/** The counts and the latest messages given up. */
export async function emailOutbox(db: Db): Promise<EmailOutboxDto> {
  const [counts, failed] = await Promise.all([outboxCounts(db), failedEmails(db, RECENT_FAILED_EMAILS)]);
  return {
    checkedAt: new Date().toISOString(),
    counts,
    failed: failed.map((email) => ({
      id: email.id,
      label: EMAIL_TEMPLATES.get(email.template)?.label ?? email.template,
      to: email.toAddress,
      attempts: email.attempts,
      lastError: email.lastError,
      createdAt: email.createdAt.toISOString(),
    })),
  };
}

/**
 * Sends a message given up again, from its first attempt (the mail server or the address has been
 * put right): audited, and sent within seconds. Only a message given up can be.
 */
export async function retryOutboxEmail(db: Db, actorId: string, id: string): Promise<EmailOutboxDto> {
  if (!(await retryEmail(db, id))) {
    const status = await emailStatus(db, id);
    if (!status) throw notFound('That message');
    throw conflict(
      status === 'sent'
        ? 'That message has been sent since: there is nothing to retry.'
        : 'That message has not been given up: it is waiting for its next attempt.',
    );
  }
  await recordAudit(db, actorId, 'email.retry', id, {});
  nudge('email');
  return emailOutbox(db);
}
