import type { AdminEvent } from '~/features/events/admin.schema';
import { ageRangeText } from '~/features/events/events';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import type { AdminList } from '~/islands/shared/admin/useAdminList';
import { pagePath } from '~/platform/routes';
import { formatTimeRange } from '~/platform/time';

const isOver = (e: AdminEvent) => Date.parse(e.endsAt) <= Date.now();

function statusOf(e: AdminEvent): [string, string | undefined] {
  if (e.status === 'cancelled') return ['Cancelled', 'bad'];
  if (isOver(e)) return ['Ended', undefined];
  if (Date.parse(e.startsAt) <= Date.now()) return ['Under way', 'info'];
  return e.seatsLeft === 0 ? ['Full', 'warn'] : ['Scheduled', 'good'];
}

/** The events, a page at a time, each with the buttons that edit, list or cancel it. */
export function EventsTable({
  list,
  onEdit,
  onRegistrations,
  onCancel,
}: {
  list: AdminList<AdminEvent>;
  onEdit: (event: AdminEvent) => void;
  onRegistrations: (event: AdminEvent) => void;
  onCancel: (event: AdminEvent) => void;
}) {
  return (
    <section aria-labelledby="events-heading">
      <h2 id="events-heading" className="pe-list-heading">
        Events
      </h2>
      <AdminTable
        list={list}
        caption={(page) => `Events, page ${page}`}
        columns={[
          { label: 'Event', sort: 'title' },
          { label: 'When', sort: 'upcoming' },
          { label: 'Where' },
          { label: 'Seats taken', sort: 'seats', desc: true },
          { label: 'Status' },
          { label: 'Actions', hidden: true },
        ]}
        rowKey={(event) => event.id}
        row={(event) => (
          <EventCells
            event={event}
            onEdit={() => onEdit(event)}
            onRegistrations={() => onRegistrations(event)}
            onCancel={() => onCancel(event)}
          />
        )}
        empty={<p>No events yet. Add the first one: it appears on the events page at once.</p>}
        noMatch={<p>No event matches. Try another word, or show every event.</p>}
        pager="Pages of events"
      />
    </section>
  );
}

/** One event's cells: its title and ages, when, where, seats, status, and what can be done to it. */
function EventCells({
  event,
  onEdit,
  onRegistrations,
  onCancel,
}: {
  event: AdminEvent;
  onEdit: () => void;
  onRegistrations: () => void;
  onCancel: () => void;
}) {
  const [status, tone] = statusOf(event);
  const canChange = event.status === 'scheduled';
  return (
    <>
      <td>
        <a href={pagePath('/events/{id}', event.id)} className="pe-strong-link">
          {event.title}
        </a>
        <span className="pe-meta">{ageRangeText(event.ageMin, event.ageMax)}</span>
      </td>
      <td>{formatTimeRange(event.startsAt, event.endsAt, 'event')}</td>
      <td>
        {event.location}
        {event.onlineUrl && <span className="pe-meta">Online</span>}
      </td>
      <td className="pe-nowrap">
        {event.seatsTaken} / {event.capacity}
      </td>
      <td>
        <span className="status-pill" data-tone={tone}>
          {status}
        </span>
      </td>
      <td>
        <div className="pe-actions">
          {canChange && (
            <button type="button" className="btn btn-secondary btn-small" onClick={onEdit}>
              Edit<span className="sr-only"> {event.title}</span>
            </button>
          )}
          <button type="button" className="btn btn-secondary btn-small" onClick={onRegistrations}>
            Registrations<span className="sr-only"> for {event.title}</span>
          </button>
          {canChange && !isOver(event) && (
            <button type="button" className="btn btn-ghost btn-small" onClick={onCancel}>
              Cancel<span className="sr-only"> {event.title}</span>
            </button>
          )}
        </div>
      </td>
    </>
  );
}
