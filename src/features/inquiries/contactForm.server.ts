import { createHash } from 'node:crypto';
import { readFormPost } from '~/platform/http/formPost';
import { IDEMPOTENCY_HEADER } from '~/platform/http/idempotency.server';
import {
  type ContactFormOutcome,
  type ContactFormValues,
  contactFormOutcome,
  contactFormValues,
  EMPTY_CONTACT_FORM,
} from './contactForm';
import { inquiriesApi } from './inquiries.api';

/** Hands one request to the API (the page passes the app's `fetch`, with the visitor's address). */
export type SendToApi = (request: Request) => Response | Promise<Response>;

/** Far more than the form's longest honest content (about 6,000 characters); the API's own limit. */
const MAX_FORM_BYTES = 64 * 1024;

/**
 * The key that makes a message sent twice without JavaScript (a double click, a resend after a
 * lost answer) one inquiry: the island makes a key per submission, but a pre-rendered page cannot,
 * so it is the message itself. The API keeps it a day, for this visitor's address only.
 */
export function contentKey(body: string): string {
  return `form-${createHash('sha256').update(body).digest('base64url')}`;
}

/**
 * A contact form posted without JavaScript, sent on to the API as the island sends it: the same
 * route, schema, rate limit, honeypot and storage. Answers what was typed (to show again) and the
 * outcome. A form posted from another site is refused before anything is read.
 */
export async function submitContactForm(
  request: Request,
  sendToApi: SendToApi,
): Promise<{ values: ContactFormValues; outcome: ContactFormOutcome }> {
  if (request.headers.get('sec-fetch-site') === 'cross-site') {
    return {
      values: EMPTY_CONTACT_FORM,
      outcome: {
        sent: false,
        status: 403,
        errors: { form: 'Please send your message from our contact page.' },
      },
    };
  }
  const form = await readFormPost(request, MAX_FORM_BYTES);
  if (form === 'too_large') {
    return {
      values: EMPTY_CONTACT_FORM,
      outcome: {
        sent: false,
        status: 413,
        errors: { form: 'Your message is too long to send. Keep it to 5,000 characters or fewer.' },
      },
    };
  }
  const values = contactFormValues(form);
  const body = JSON.stringify(values);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [IDEMPOTENCY_HEADER]: contentKey(body),
  };
  // Behind trusted proxies the visitor's address is in this header (the API decides whether to believe it).
  const forwardedFor = request.headers.get('x-forwarded-for');
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  const answer = await sendToApi(
    new Request(new URL(`/api${inquiriesApi.create.path}`, request.url), { method: 'POST', headers, body }),
  );
  const json: unknown = await answer.json().catch(() => null);
  return { values, outcome: contactFormOutcome(answer.status, json, answer.headers.get('retry-after')) };
}
