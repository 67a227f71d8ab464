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
    description:
      'Answers an ETag; sent back as If-None-Match, an unchanged count answers 304 with no body (a poll that costs one indexed count and no transfer).',
    access: 'account',
    status: 200,
    response: unreadCountSchema,
    returns: 'The count',
    responses: { 304: { description: 'The count the page holds is still the count' } },
  }),
  stream: contract('streamUnreadNotificationCount', 'GET /me/notifications/stream', {
    summary: "The family's unread count as server-sent events, live (what the navbar follows)",
    description:
      'text/event-stream: an `unread` event (the UnreadCount) at once and whenever the count changes, on whichever copy of the server the change was made; a comment line every 25 s; an `end` event after 10 minutes or when the server stops, after which the page opens a new stream with a fresh token. 503 while the server is stopping.',
    access: 'account',
    status: 200,
    returns: 'The stream',
    errors: [503],
    responses: {
      200: { description: 'The stream', content: { 'text/event-stream': { schema: z.string() } } },
    },
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
