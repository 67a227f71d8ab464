import * as z from 'zod';
import { instant, pageLimitSchema, textTimesSchema, uuidSchema } from '~/platform/http/common.schema';

/** A notification as a family reads it; kept per child. */
export const notificationSchema = z
  .object({
    id: z.string(),
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    times: textTimesSchema,
    link: z.string().nullable(),
    read: z.boolean(),
    createdAt: instant,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const unreadCountSchema = z
  .object({
    userId: z.string(),
    notificationCount: z.int(),
    /** When the newest unread notification arrived: a poller refetches the list when it changes. */
    latestAt: instant.nullable(),
  })
  .meta({ id: 'UnreadCount' });

const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationListQuerySchema = z.object({
  before: uuidSchema.optional().meta({ description: 'The last notification of the previous page' }),
  limit: pageLimitSchema(50, NOTIFICATIONS_PAGE_SIZE),
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
