import * as z from 'zod';
import { idParamsSchema as params } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import {
  markReadSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  unreadCountSchema,
} from './notifications.schema';

/** The family's notifications: kept per child, counted per family for the navbar. */
export const notificationsApi = {
  unread: contract('getUnreadNotificationCount', 'GET /me/notifications/unread', {
    summary: "Unread notifications over the family's children (what the navbar counts; polled)",
    access: 'account',
    status: 200,
    response: unreadCountSchema,
    returns: 'The count',
  }),
  list: contract('listChildNotifications', 'GET /children/{id}/notifications', {
    summary: "One child's notifications, newest first, a page at a time",
    access: 'account',
    params,
    query: notificationListQuerySchema,
    status: 200,
    response: notificationPageSchema,
    returns: 'A page of notifications',
  }),
  markRead: contract('markNotificationsRead', 'POST /children/{id}/notifications/read', {
    summary: 'Marks one notification of the child as read, or all of them without an id',
    access: 'account',
    params,
    body: markReadSchema,
    status: 200,
    response: z.object({ marked: z.int() }),
    returns: 'How many were marked',
  }),
};
