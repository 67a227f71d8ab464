import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { $latestNotificationAt } from '~/features/notifications/counts.store';
import { notificationsApi } from '~/features/notifications/notifications.api';
import type { Notification } from '~/features/notifications/notifications.schema';
import { refreshNotificationCount } from '~/features/notifications/poller.store';
import { errorMessage } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';
import { $activeChild, $index, $userData, setActiveChild } from '~/platform/identity/session.store';
import { fillTimes, formatTime } from '~/platform/time';
import { Spinner, Waiting } from '../shared/Spinner';
import { useHydrated } from '../shared/useHydrated';
import './NotificationsPanel.css';

/** The active child's notifications, newest first; unread ones marked; read one or all. */
export function NotificationsPanel() {
  const hydrated = useHydrated();
  const user = useStore($userData);
  const child = useStore($activeChild);
  const index = useStore($index);
  const latest = useStore($latestNotificationAt);
  const [items, setItems] = useState<Notification[]>([]);
  const [unread, setUnread] = useState(0);
  const [next, setNext] = useState<string | null>(null);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const childId = child?._id;

  const load = useCallback(
    async (before?: string) => {
      if (!childId) return;
      try {
        const page = await call(notificationsApi.list, { params: { id: childId }, query: { before } });
        setItems((current) => (before ? [...current, ...page.notifications] : page.notifications));
        setUnread(page.unread);
        setNext(page.next);
        setStatus('ready');
        setError(null);
      } catch (e) {
        setError(errorMessage(e, 'Your notifications could not be loaded.'));
        setStatus((s) => (s === 'loading' ? 'error' : s));
      }
    },
    [childId],
  );

  // Reload on a child switch and whenever the poller sees something new arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `latest` is the signal to reload.
  useEffect(() => {
    setStatus('loading');
    void load();
  }, [load, latest]);

  if (!hydrated || !user) {
    return <Waiting>Loading notifications…</Waiting>;
  }

  if (!child) {
    return (
      <div className="notes-empty">
        <h2>No child profile yet</h2>
        <p>Notifications belong to a child: add your first child to start receiving them.</p>
        <a className="btn btn-primary" href="/createProfile">
          Add a child
        </a>
      </div>
    );
  }

  const mark = async (notificationId?: string) => {
    setBusy(true);
    try {
      await call(notificationsApi.markRead, {
        params: { id: child._id },
        body: notificationId ? { notificationId } : {},
      });
      setItems((list) =>
        list.map((n) => (!notificationId || n.id === notificationId ? { ...n, read: true } : n)),
      );
      setUnread((n) => (notificationId ? Math.max(0, n - 1) : 0));
      setAnnounce(
        notificationId ? 'Marked as read.' : `All of ${child.name}’s notifications are marked as read.`,
      );
      if (!notificationId) headingRef.current?.focus();
      void refreshNotificationCount();
    } catch (e) {
      setError(errorMessage(e, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const children = user.children;
  return (
    <div className="notes">
      {children.length > 1 && (
        <fieldset className="notes-switch">
          <legend>Whose notifications</legend>
          {children.map((c, i) => (
            <label key={c._id} className="notes-switch-child">
              <input
                type="radio"
                name="notes-child"
                checked={i === index}
                onChange={() => setActiveChild(i)}
              />
              {c.name}
            </label>
          ))}
        </fieldset>
      )}
      <div className="head-row notes-head">
        <h2 ref={headingRef} tabIndex={-1}>
          {child.name}’s notifications
          {unread > 0 && <span className="notes-count">{unread} unread</span>}
        </h2>
        {unread > 0 && (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void mark()}
            aria-disabled={busy}
          >
            Mark all as read
          </button>
        )}
      </div>
      <p className="sr-only" role="status">
        {announce}
      </p>
      {error && (
        <p className="form-alert form-alert-error" role="alert">
          {error}
        </p>
      )}
      {status === 'loading' && items.length === 0 ? (
        <p className="notes-wait" role="status">
          <Spinner label="" /> Loading {child.name}’s notifications…
        </p>
      ) : status === 'ready' && items.length === 0 ? (
        <div className="notes-empty">
          <h3>Nothing here yet</h3>
          <p>
            Milestones, event registrations and news about {child.name}’s blog posts will appear here as they
            happen.
          </p>
        </div>
      ) : (
        <ul className="notes-list" aria-label={`${child.name}’s notifications, newest first`}>
          {items.map((n) => (
            <li key={n.id} className={n.read ? 'item-row note' : 'item-row note note-unread'}>
              <div className="note-text">
                <p className="note-title">
                  {!n.read && <span className="note-new">New</span>}
                  {n.link ? <a href={n.link}>{fillTimes(n.title, n.times)}</a> : fillTimes(n.title, n.times)}
                </p>
                {n.body && <p className="note-body">{fillTimes(n.body, n.times)}</p>}
                <p className="note-time">
                  <time dateTime={n.createdAt}>{formatTime(n.createdAt, 'dateTime')}</time>
                </p>
              </div>
              {!n.read && (
                <button
                  type="button"
                  className="btn btn-ghost btn-small"
                  onClick={() => void mark(n.id)}
                  aria-disabled={busy}
                >
                  Mark as read<span className="sr-only">: {fillTimes(n.title, n.times)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {next && (
        <button type="button" className="btn btn-secondary" onClick={() => void load(next)}>
          Show older notifications
        </button>
      )}
    </div>
  );
}
