import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { $latestNotificationAt } from '~/features/notifications/counts.store';
import type { Notification, NotificationPage } from '~/features/notifications/notifications.schema';
import { notificationContracts, refreshNotificationCount } from '~/features/notifications/poller.store';
import { errorMessage } from '~/islands/shared/loadState';
import { type Errors, useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { keepCopy, readCopy } from '~/platform/client/dataCopies';

/**
 * A child's notifications, newest first, a page at a time (`load(before)` adds older ones),
 * loaded again on a child switch and whenever the poller sees something new arrive. What a load
 * says replaces what a mark said: `setMarkErrors` clears that.
 */
function useNotificationPages(childId: string | undefined, setMarkErrors: (errors: Errors) => void) {
  const latest = useStore($latestNotificationAt);
  const [items, setItems] = useState<Notification[]>([]);
  const [unread, setUnread] = useState(0);
  const [next, setNext] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'refreshing' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);

  // The last visit's first page at once, marked as refreshing, while it is asked for (decision 35).
  useLayoutEffect(() => {
    const copy = childId ? readCopy<NotificationPage>(`notifications:${childId}`) : undefined;
    if (!copy) return;
    setItems(copy.notifications);
    setUnread(copy.unread);
    setNext(copy.next);
    setStatus('refreshing');
  }, [childId]);

  const load = useCallback(
    async (before?: string) => {
      if (!childId) return;
      try {
        const page = await call((await notificationContracts()).list, {
          params: { id: childId },
          query: { before },
        });
        setItems((current) => (before ? [...current, ...page.notifications] : page.notifications));
        setUnread(page.unread);
        setNext(page.next);
        setStatus('ready');
        setError(null);
        if (!before) keepCopy(`notifications:${childId}`, page);
      } catch (e) {
        setError(errorMessage(e, 'Your notifications could not be loaded.'));
        setStatus((s) => (s === 'loading' ? 'error' : s === 'refreshing' ? 'ready' : s));
      }
      setMarkErrors({});
    },
    [childId, setMarkErrors],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `latest` is the signal to reload.
  useEffect(() => {
    setStatus((s) => (s === 'refreshing' ? s : 'loading'));
    void load();
  }, [load, latest]);

  return { items, setItems, unread, setUnread, next, status, error, load };
}

/**
 * The active child's notifications, and marking one (or all) as read, one at a time. `error` is
 * what went wrong last: a page that could not load, or a mark that did not go through.
 */
export function useNotifications(child: { _id: string; name: string } | undefined) {
  const { submit, busy, errors, setErrors } = useSubmit();
  const pages = useNotificationPages(child?._id, setErrors);
  const [announce, setAnnounce] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  /** Marks one notification as read, or all of them when no id is given (then the heading takes focus). */
  const mark = (notificationId?: string) => {
    if (!child) return;
    void submit(
      async () => {
        await call((await notificationContracts()).markRead, {
          params: { id: child._id },
          body: notificationId ? { notificationId } : {},
        });
        pages.setItems((list) =>
          list.map((n) => (!notificationId || n.id === notificationId ? { ...n, read: true } : n)),
        );
        pages.setUnread((n) => (notificationId ? Math.max(0, n - 1) : 0));
        setAnnounce(
          notificationId ? 'Marked as read.' : `All of ${child.name}’s notifications are marked as read.`,
        );
        if (!notificationId) headingRef.current?.focus();
        void refreshNotificationCount();
      },
      { what: notificationId ?? 'all', fallback: 'That did not work. Please try again.' },
    );
  };

  return { ...pages, error: errors.form ?? pages.error, announce, busy, mark, headingRef };
}
