import * as z from 'zod';
import { ROLES } from '~/platform/access';
import { requiredText } from '~/platform/http/common.schema';
import { childSchema } from './children.schema';

/** The parent's details and consent, sent once, from /signup. */
export const registrationSchema = z
  .object({
    displayName: requiredText('Enter your name.', 80, 'Keep your name to 80 characters or fewer.')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
      .refine((name) => !/[<>{}\u0000-\u001f]/.test(name), 'Use letters, spaces and punctuation only.'),
    acceptPrivacyPolicy: z.literal(true, {
      error: 'Please accept the privacy policy to create your account.',
    }),
  })
  .meta({ id: 'Registration' });
export type Registration = z.infer<typeof registrationSchema>;

/**
 * The login/register call's body: the current user object (spec, section 7). Identity comes from
 * the ID token alone; a uid in the body must match it. `registration` creates the account.
 */
export const loginRegisterBodySchema = z
  .object({
    uid: z.string().max(128).optional(),
    email: z.string().max(320).nullable().optional(),
    displayName: z.string().max(200).nullable().optional(),
    registration: registrationSchema.optional(),
    /** The browser's time zone (IANA): email writes days and times on the family's clock. Ignored when unknown. */
    timeZone: z.string().max(64).optional(),
  })
  .meta({ id: 'LoginRegisterBody' });
export type LoginRegisterBody = z.infer<typeof loginRegisterBodySchema>;

export const userSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    displayName: z.string(),
    role: z.enum(ROLES),
    children: z.array(childSchema),
  })
  .meta({ id: 'User' });
export type UserDto = z.infer<typeof userSchema>;

export const loginRegisterResponseSchema = z
  .object({ success: z.literal(true), data: userSchema.nullable() })
  .meta({ id: 'LoginRegisterResponse' });
export type LoginRegisterResponse = z.infer<typeof loginRegisterResponseSchema>;
