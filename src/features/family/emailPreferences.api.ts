import * as z from 'zod';
import { contract } from '~/platform/http/contract';

const choices = {
  /** Each child's weekly plan by email when it is ready (opt-in; off until the parent turns it on). */
  weeklyPlans: z.boolean({ error: 'Say whether to send the weekly plans by email (true or false).' }),
  /** The reading guide's running records and weekly notes by email (opt-in, like the plans). */
  guideMessages: z.boolean({
    error: 'Say whether to send the reading guide’s scores and notes by email (true or false).',
  }),
};

export const emailPreferencesSchema = z.object(choices).strict().meta({ id: 'EmailPreferences' });
export type EmailChoices = z.infer<typeof emailPreferencesSchema>;

/** PUT: the choices to change (one or both); what is left out stays as it was. */
export const emailPreferencesInputSchema = z
  .object({ weeklyPlans: choices.weeklyPlans.optional(), guideMessages: choices.guideMessages.optional() })
  .strict()
  .refine((c) => c.weeklyPlans !== undefined || c.guideMessages !== undefined, {
    error: 'Choose at least one of weeklyPlans and guideMessages.',
  });

/** The optional lists a message's one-click link stops: the weekly plans, or the guide's messages. */
export const EMAIL_LISTS = ['weekly-plans', 'guide'] as const;
export type EmailList = (typeof EMAIL_LISTS)[number];

export const unsubscribeQuerySchema = z.object({
  list: z
    .enum(EMAIL_LISTS, { error: `The list is one of: ${EMAIL_LISTS.join(', ')}.` })
    .default('weekly-plans')
    .meta({ description: 'Which messages to stop (the weekly plans when left out)' }),
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
    body: emailPreferencesInputSchema,
    status: 200,
    response: emailPreferencesSchema,
    returns: 'The choices, kept',
  }),
  unsubscribe: contract('unsubscribeByEmailLink', 'POST /email/unsubscribe', {
    summary: 'One-click unsubscribe from one list of optional messages (RFC 8058), by the link’s token',
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
