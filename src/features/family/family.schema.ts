import * as z from 'zod';
import { registrationSchema } from './user.schema';

/** What a parent may change about themselves here (the email belongs to the sign-in service). */
export const parentUpdateSchema = z
  .object({ displayName: registrationSchema.shape.displayName })
  .strict()
  .meta({ id: 'ParentUpdate' });

/** Deleting the family must be asked for in so many words. */
export const DELETE_CONFIRMATION = 'delete our family';
export const deleteFamilySchema = z
  .object({
    confirm: z.literal(DELETE_CONFIRMATION, { error: `Type “${DELETE_CONFIRMATION}” to confirm.` }),
  })
  .meta({ id: 'DeleteFamily' });

/** How recent a sign-in must be to delete the account (the identity service asks the same). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;
