import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import type * as z from 'zod';
import { EmailLayout } from './EmailLayout';
import type { EmailAttachment } from './mailer.server';

/** What a message says: its subject, the line mail programs show beside it, and its body. */
export interface EmailContent {
  subject: string;
  /** The preview line (shown after the subject in an inbox); no more than a sentence. */
  preview: string;
  body: ReactElement;
  attachments?: EmailAttachment[];
  /**
   * A message the parent opted into (not transactional): where one click unsubscribes them. It is
   * linked in the footer and sent as the List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058).
   */
  unsubscribeUrl?: string;
}

/**
 * A kind of message a feature sends: the data it needs (checked when it is queued and again when it
 * is sent), and how it reads. Messages carry a child's first name at most, never a surname.
 */
export interface EmailTemplate<T> {
  name: string;
  /** What the team reads in the console: 'Payment receipt'. */
  label: string;
  schema: z.ZodType<T>;
  compose(data: T): EmailContent;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds templates of every data type.
export type AnyEmailTemplate = EmailTemplate<any>;

export const defineEmail = <T,>(template: EmailTemplate<T>): EmailTemplate<T> => template;

/** The templates the outbox can send, by name. */
export function emailTemplates(list: readonly AnyEmailTemplate[]): ReadonlyMap<string, AnyEmailTemplate> {
  return new Map(list.map((t) => [t.name, t]));
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
  unsubscribeUrl?: string;
}

/** The message as HTML (in the site's look, inside EmailLayout) and as plain text. */
export async function renderEmail<T>(
  template: EmailTemplate<T>,
  data: unknown,
  options: { unsubscribeUrl?: string } = {},
): Promise<RenderedEmail> {
  const content = template.compose(template.schema.parse(data));
  const unsubscribeUrl = content.unsubscribeUrl ?? options.unsubscribeUrl;
  const element = (
    <EmailLayout preview={content.preview} unsubscribeUrl={unsubscribeUrl}>
      {content.body}
    </EmailLayout>
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return {
    subject: content.subject,
    html,
    text,
    attachments: content.attachments ?? [],
    ...(unsubscribeUrl ? { unsubscribeUrl } : {}),
  };
}
