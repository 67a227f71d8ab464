import { useRef, useState } from 'react';
import type { AdminEvent } from '~/features/events/admin.schema';
import { ageRangeText } from '~/features/events/events';
import { eventsApi } from '~/features/events/events.api';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { FormPanel } from '~/islands/shared/admin/FormPanel';
import { ListToolbar } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { FormAlert } from '~/islands/shared/Field';
import { call } from '~/platform/client/api';
import { formatTimeRange } from '~/platform/time';
import { CancelEventDialog } from './CancelEventDialog';
import { EventForm } from './EventForm';
import { EventRegistrations } from './EventRegistrations';
import '~/islands/shared/admin/adminForm.css';

const SHOWS = [
  ['', 'Every event'],
  ['upcoming', 'Upcoming'],
  ['past', 'Past'],
  ['cancelled', 'Cancelled'],
] as const;

type Panel =
  | { kind: 'new' }
  | { kind: 'edit'; event: AdminEvent }
  | { kind: 'registrations'; event: AdminEvent };

const isOver = (e: AdminEvent) => Date.parse(e.endsAt) <= Date.now();

function statusOf(e: AdminEvent): [string, string | undefined] {
  if (e.status === 'cancelled') return ['Cancelled', 'bad'];
  if (isOver(e)) return ['Ended', undefined];
  if (Date.parse(e.startsAt) <= Date.now()) return ['Under way', 'info'];
  return e.seatsLeft === 0 ? ['Full', 'warn'] : ['Scheduled', 'good'];
}

const told = (n: number) =>
  n === 0 ? '' : ` ${n} registered ${n === 1 ? 'child was' : 'children were'} notified.`;

/** /admin/eventupdate: every event, upcoming first; create, edit, cancel, and who registered. */
export function EventsAdmin() {
  const [panel, setPanel] = useState<Panel | null>(null);
  const [cancelling, setCancelling] = useState<AdminEvent | null>(null);
  const [notice, setNotice] = useState<string>();
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const list = useAdminList<AdminEvent>(eventsApi.adminList, {
    sort: 'upcoming',
    dir: 'asc',
    filters: { show: '' },
  });

  const open = (next: Panel) => {
    setNotice(undefined);
    setPanel(next);
    requestAnimationFrame(() => panelHeading.current?.focus());
  };
  const done = (message: string) => {
    setPanel(null);
    setNotice(message);
    list.reload();
  };

  const panelTitle =
    panel?.kind === 'new'
      ? 'New event'
      : panel?.kind === 'edit'
        ? `Edit “${panel.event.title}”`
        : panel
          ? `Registrations for “${panel.event.title}”`
          : '';

  return (
    <>
      <ListToolbar
        list={list}
        search={['Search events', 'A word of the title or place']}
        filters={[{ label: 'Show', name: 'show', options: SHOWS }]}
      >
        <button type="button" className="btn btn-primary" onClick={() => open({ kind: 'new' })}>
          Add an event
        </button>
      </ListToolbar>

      {panel && (
        <FormPanel
          id="event-panel-title-heading"
          title={panelTitle}
          headingRef={panelHeading}
          onClose={() => setPanel(null)}
        >
          {panel.kind === 'registrations' ? (
            <EventRegistrations event={panel.event} />
          ) : (
            <EventForm
              key={panel.kind === 'edit' ? panel.event.id : 'new'}
              idPrefix="event-panel"
              {...(panel.kind === 'edit' ? { event: panel.event } : {})}
              submitLabel={panel.kind === 'edit' ? 'Save changes' : 'Create event'}
              onSave={async (input, idempotencyKey) => {
                if (panel.kind === 'edit') {
                  const change = await call(eventsApi.adminUpdate, {
                    params: { id: panel.event.id },
                    body: input,
                  });
                  done(`“${change.event.title}” is saved.${told(change.notified)}`);
                } else {
                  const event = await call(eventsApi.adminCreate, { body: input, idempotencyKey });
                  done(`“${event.title}” is created and listed on the events page.`);
                }
              }}
            />
          )}
        </FormPanel>
      )}

      <FormAlert message={notice} tone="success" />

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
          row={(event) => {
            const [status, tone] = statusOf(event);
            const canChange = event.status === 'scheduled';
            return (
              <>
                <td>
                  <a href={`/events/${event.id}`} className="pe-strong-link">
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
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        onClick={() => open({ kind: 'edit', event })}
                      >
                        Edit<span className="sr-only"> {event.title}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      onClick={() => open({ kind: 'registrations', event })}
                    >
                      Registrations<span className="sr-only"> for {event.title}</span>
                    </button>
                    {canChange && !isOver(event) && (
                      <button
                        type="button"
                        className="btn btn-ghost btn-small"
                        onClick={() => {
                          setNotice(undefined);
                          setCancelling(event);
                        }}
                      >
                        Cancel<span className="sr-only"> {event.title}</span>
                      </button>
                    )}
                  </div>
                </td>
              </>
            );
          }}
          empty={<p>No events yet. Add the first one: it appears on the events page at once.</p>}
          noMatch={<p>No event matches. Try another word, or show every event.</p>}
          pager="Pages of events"
        />
      </section>

      {cancelling && (
        <CancelEventDialog
          event={cancelling}
          onClose={() => setCancelling(null)}
          onDone={(change) => {
            setCancelling(null);
            if (panel && panel.kind !== 'new' && panel.event.id === change.event.id) setPanel(null);
            setNotice(`“${change.event.title}” is cancelled.${told(change.notified)}`);
            list.reload();
          }}
        />
      )}
    </>
  );
}
