/**
 * The contact form without JavaScript: the island's <form> posts here as a plain web form, the
 * server sends it on to the API (the same route, schema, limits and storage as the island's
 * `call`) and answers with a page. These are the pure steps of that; contactForm.server.ts runs them.
 */
import { pagePath } from '~/platform/routes';

/** Where the form posts (pages/contact/send.astro); the fragment brings the answer's page to the form. */
export const CONTACT_FORM_ACTION = pagePath('/contact/send', { hash: 'contact-form' });
/** The thank-you page a sent message is redirected to (303, so a reload sends nothing twice). */
export const CONTACT_SENT_PATH = pagePath('/contact/sent');

/** The form's fields, by their `name`: what the API's inquiryInputSchema reads. */
export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message', 'website'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFormValues = Record<ContactField, string>;
export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: '',
  email: '',
  subject: '',
  message: '',
  website: '',
};

/** Errors by field name, and `form` for the message over the whole form. */
export type ContactFormErrors = Partial<Record<ContactField | 'form', string>>;

/**
 * What a posted form holds, field by field: text only ('' for a missing field or a file), so the
 * API receives exactly what the island sends. A posted form writes line breaks as CR LF; the island
 * reads them from the page as LF, so they become LF here too. Other names are ignored.
 */
export function contactFormValues(form: { get(name: string): unknown }): ContactFormValues {
  const values = { ...EMPTY_CONTACT_FORM };
  for (const field of CONTACT_FIELDS) {
    const value = form.get(field);
    if (typeof value === 'string') values[field] = value.replace(/\r\n?/g, '\n');
  }
  return values;
}

export type ContactFormOutcome =
  | { sent: true }
  | { sent: false; status: number; errors: ContactFormErrors; retryAfter?: string | undefined };

const FALLBACK = 'Your message could not be sent. Please try again.';

/**
 * What the API's answer to the inquiry means for the person at the form: sent, or the page again
 * with each field's error beside it and the API's message over the form (as the island shows them).
 */
export function contactFormOutcome(
  status: number,
  body: unknown,
  retryAfter?: string | null,
): ContactFormOutcome {
  if (status >= 200 && status < 300) return { sent: true };
  const error = (body as { error?: { message?: unknown; fields?: unknown } } | null)?.error;
  const errors: ContactFormErrors = {};
  if (error?.fields && typeof error.fields === 'object') {
    for (const [key, message] of Object.entries(error.fields as Record<string, unknown>)) {
      const field = key.split('.')[0] as ContactField;
      if (typeof message === 'string' && CONTACT_FIELDS.includes(field)) errors[field] ??= message;
    }
  }
  errors.form = typeof error?.message === 'string' ? error.message : FALLBACK;
  return { sent: false, status, errors, retryAfter: retryAfter ?? undefined };
}
