import * as z from 'zod';
import { registrationSchema } from '~/features/account/user.schema';
import { uuidSchema } from '~/platform/http/common.schema';
import { notificationSchema } from './children.schema';

/** What a parent may change about themselves here (the email belongs to the sign-in service). */
export const parentUpdateSchema = z
  .object({ displayName: registrationSchema.shape.displayName })
  .strict()
  .meta({ id: 'ParentUpdate' });
export type ParentUpdate = z.input<typeof parentUpdateSchema>;

export const unreadCountSchema = z
  .object({
    userId: z.string(),
    notificationCount: z.int(),
    /** When the newest unread notification arrived: a poller refetches the list when it changes. */
    latestAt: z.string().nullable(),
  })
  .meta({ id: 'UnreadCount' });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationListQuerySchema = z.object({
  before: uuidSchema.optional().meta({ description: 'The last notification of the previous page' }),
  limit: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.')
    .max(50, 'Must be at most 50.')
    .default(NOTIFICATIONS_PAGE_SIZE),
});

export const notificationPageSchema = z
  .object({
    notifications: z.array(notificationSchema),
    /** Unread notifications of this child in all. */
    unread: z.int(),
    /** Pass as `before` for older notifications; null on the last page. */
    next: z.string().nullable(),
  })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const markReadSchema = z
  .object({ notificationId: uuidSchema.optional().meta({ description: 'Without it, every notification' }) })
  .strict()
  .meta({ id: 'MarkRead' });

/** Deleting the family must be asked for in so many words. */
export const DELETE_CONFIRMATION = 'delete our family';
export const deleteFamilySchema = z
  .object({
    confirm: z.literal(DELETE_CONFIRMATION, { error: `Type “${DELETE_CONFIRMATION}” to confirm.` }),
  })
  .meta({ id: 'DeleteFamily' });

/** How recent a sign-in must be to delete the account (the identity service asks the same). */
export const RECENT_SIGN_IN_SECONDS = 5 * 60;
