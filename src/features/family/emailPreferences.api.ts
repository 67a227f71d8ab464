import * as z from 'zod';
import { contract } from '~/platform/http/contract';

export const emailPreferencesSchema = z
  .object({
    /** Each child's weekly plan by email when it is ready (opt-in; off until the parent turns it on). */
    weeklyPlans: z.boolean({ error: 'Say whether to send the weekly plans by email (true or false).' }),
  })
  .strict()
  .meta({ id: 'EmailPreferences' });

export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: 'This unsubscribe link is incomplete: open it from the email again.' })
    .regex(/^[A-Za-z0-9_-]{20,64}$/, 'This unsubscribe link is incomplete: open it from the email again.'),
});

/** The messages a parent chose to get beyond the transactional ones, and the one-click way out. */
export const emailPreferencesApi = {
  get: contract('getEmailPreferences', 'GET /me/email-preferences', {
    summary: 'Which optional messages the parent gets by email',
    access: 'account',
    status: 200,
    response: emailPreferencesSchema,
    returns: 'The choices',
  }),
  set: contract('setEmailPreferences', 'PUT /me/email-preferences', {
    summary: 'Chooses which optional messages the parent gets by email',
    access: 'account',
    body: emailPreferencesSchema,
    status: 200,
    response: emailPreferencesSchema,
    returns: 'The choices, kept',
  }),
  unsubscribe: contract('unsubscribeByEmailLink', 'POST /email/unsubscribe', {
    summary: 'One-click unsubscribe from the optional messages (RFC 8058), by the link’s token',
    description:
      'Mail programs post `List-Unsubscribe=One-Click` here; the preferences page posts nothing. No sign-in: the token in the link is the credential. 404 for an unknown token.',
    access: 'public',
    query: unsubscribeQuerySchema,
    status: 200,
    response: z.object({ unsubscribed: z.literal(true) }),
    returns: 'Unsubscribed',
    errors: [404],
  }),
};
