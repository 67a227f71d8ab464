import nodemailer from 'nodemailer';

/** A file sent with a message: the interview's calendar entry, say. */
export interface EmailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** One message as it leaves: rendered, addressed, with its stable id. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * The message's own id, the same on every attempt: a message sent but not recorded as sent (the
   * server stopped between the two) and sent again is one message to the family's mail program.
   */
  messageId: string;
  attachments?: readonly EmailAttachment[];
  /** One-click unsubscribe (RFC 8058) for messages that are not transactional. */
  unsubscribeUrl?: string;
}

export interface Mailer {
  send(message: OutgoingEmail): Promise<void>;
  close(): void;
}

/**
 * Sends over SMTP (`SMTP_URL`) with nodemailer. Short time-outs: a server that does not answer
 * fails the attempt in seconds, and the outbox tries again later; no page waits on it.
 */
export function createMailer(options: { smtpUrl: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(
    { url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
    { from: options.from },
  );
  return {
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: message.messageId,
        attachments: (message.attachments ?? []).map((a) => ({ ...a })),
        ...(message.unsubscribeUrl
          ? {
              list: { unsubscribe: { url: message.unsubscribeUrl, comment: 'Unsubscribe' } },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
    },
    close() {
      transport.close();
    },
  };
}
