import * as z from 'zod';
import { idParamsSchema } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import {
  markReadSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  unreadCountSchema,
} from './notifications.schema';

const params = idParamsSchema;

/** The family's notifications: kept per child, counted per family for the navbar. */
export const notificationsApi = {
  unread: contract({
    method: 'get',
    path: '/me/notifications/unread',
    operationId: 'getUnreadNotificationCount',
    summary: "Unread notifications over the family's children (what the navbar counts; polled)",
    access: 'account',
    status: 200,
    response: unreadCountSchema,
    returns: 'The count',
  }),
  list: contract({
    method: 'get',
    path: '/children/{id}/notifications',
    operationId: 'listChildNotifications',
    summary: "One child's notifications, newest first, a page at a time",
    access: 'account',
    params,
    query: notificationListQuerySchema,
    status: 200,
    response: notificationPageSchema,
    returns: 'A page of notifications',
  }),
  markRead: contract({
    method: 'post',
    path: '/children/{id}/notifications/read',
    operationId: 'markNotificationsRead',
    summary: 'Marks one notification of the child as read, or all of them without an id',
    access: 'account',
    params,
    body: markReadSchema,
    status: 200,
    response: z.object({ marked: z.int() }),
    returns: 'How many were marked',
  }),
};
