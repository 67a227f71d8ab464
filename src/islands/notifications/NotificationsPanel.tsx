import { useStore } from '@nanostores/react';
import type { Notification } from '~/features/notifications/notifications.schema';
import { $activeChild, $index, $userData, setActiveChild } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import { fillTimes, formatTime } from '~/platform/time';
import { RefreshingNote, Spinner, Waiting } from '../shared/Spinner';
import { useHydrated } from '../shared/useHydrated';
import { useNotifications } from './useNotifications';
import './NotificationsPanel.css';
import { CopyGuard } from '~/islands/shared/CopyGuard';

type Notes = ReturnType<typeof useNotifications>;

/** The active child's notifications, newest first; unread ones marked; read one or all. */
export function NotificationsPanel() {
  return (
    <CopyGuard>
      <NotesShown />
    </CopyGuard>
  );
}

/** NotificationsPanel itself, drawn inside its guard. */
function NotesShown() {
  const hydrated = useHydrated();
  const user = useStore($userData);
  const child = useStore($activeChild);
  const index = useStore($index);
  const notes = useNotifications(child);

  if (!hydrated || !user) {
    return <Waiting>Loading notifications…</Waiting>;
  }

  if (!child) {
    return (
      <div className="notes-empty">
        <h2>No child profile yet</h2>
        <p>Notifications belong to a child: add your first child to start receiving them.</p>
        <a className="btn btn-primary" href={pagePath('/createProfile')}>
          Add a child
        </a>
      </div>
    );
  }

  const children = user.children;
  return (
    <div className="notes" aria-busy={notes.status === 'refreshing'}>
      <RefreshingNote show={notes.status === 'refreshing'} />
      {children.length > 1 && <WhoseNotifications kids={children} index={index} />}
      <NotesHeading childName={child.name} notes={notes} />
      <p className="sr-only" role="status">
        {notes.announce}
      </p>
      {notes.error && (
        <p className="form-alert form-alert-error" role="alert">
          {notes.error}
        </p>
      )}
      <NotificationList childName={child.name} notes={notes} />
      {notes.next && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void notes.load(notes.next ?? undefined)}
        >
          Show older notifications
        </button>
      )}
    </div>
  );
}

/** Whose notifications, how many unread, and the button that marks them all as read. */
function NotesHeading({ childName, notes }: { childName: string; notes: Notes }) {
  return (
    <div className="head-row notes-head">
      <h2 ref={notes.headingRef} tabIndex={-1}>
        {childName}’s notifications
        {notes.unread > 0 && <span className="notes-count">{notes.unread} unread</span>}
      </h2>
      {notes.unread > 0 && (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => notes.mark()}
          aria-disabled={notes.busy}
        >
          Mark all as read
        </button>
      )}
    </div>
  );
}

/** The family's children, to choose whose notifications are shown. */
function WhoseNotifications({ kids, index }: { kids: { _id: string; name: string }[]; index: number }) {
  return (
    <fieldset className="notes-switch">
      <legend>Whose notifications</legend>
      {kids.map((c, i) => (
        <label key={c._id} className="notes-switch-child">
          <input type="radio" name="notes-child" checked={i === index} onChange={() => setActiveChild(i)} />
          {c.name}
        </label>
      ))}
    </fieldset>
  );
}

/** The notifications while they load, none yet, or the list, newest first. */
function NotificationList({
  childName,
  notes,
}: {
  childName: string;
  notes: ReturnType<typeof useNotifications>;
}) {
  const { status, items } = notes;
  if (status === 'loading' && items.length === 0) {
    return (
      <p className="notes-wait" role="status">
        <Spinner label="" /> Loading {childName}’s notifications…
      </p>
    );
  }
  if ((status === 'ready' || status === 'refreshing') && items.length === 0) {
    return (
      <div className="notes-empty">
        <h3>Nothing here yet</h3>
        <p>
          Milestones, event registrations and news about {childName}’s blog posts will appear here as they
          happen.
        </p>
      </div>
    );
  }
  return (
    <ul className="notes-list" aria-label={`${childName}’s notifications, newest first`}>
      {items.map((n) => (
        <NotificationItem key={n.id} note={n} busy={notes.busy} onRead={() => notes.mark(n.id)} />
      ))}
    </ul>
  );
}

/** One notification: new or read, its title (a link when it has one), its words and when it came. */
function NotificationItem({
  note: n,
  busy,
  onRead,
}: {
  note: Notification;
  busy: boolean;
  onRead: () => void;
}) {
  return (
    <li className={n.read ? 'item-row note' : 'item-row note note-unread'}>
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
        <button type="button" className="btn btn-ghost btn-small" onClick={onRead} aria-disabled={busy}>
          Mark as read<span className="sr-only">: {fillTimes(n.title, n.times)}</span>
        </button>
      )}
    </li>
  );
}
