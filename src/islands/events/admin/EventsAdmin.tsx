import { useRef, useState } from 'react';
import type { AdminEvent } from '~/features/events/admin.schema';
import { eventsApi } from '~/features/events/events.api';
import { FormPanel } from '~/islands/shared/admin/FormPanel';
import { ListToolbar } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { FormAlert } from '~/islands/shared/Field';
import { call } from '~/platform/client/api';
import { CancelEventDialog } from './CancelEventDialog';
import { EventForm } from './EventForm';
import { EventRegistrations } from './EventRegistrations';
import { EventsTable } from './EventsTable';
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

/** The panel's heading: a new event, changes to one, or who registered. */
function panelTitle(panel: Panel): string {
  if (panel.kind === 'new') return 'New event';
  if (panel.kind === 'edit') return `Edit “${panel.event.title}”`;
  return `Registrations for “${panel.event.title}”`;
}

const told = (n: number) =>
  n === 0 ? '' : ` ${n} registered ${n === 1 ? 'child was' : 'children were'} notified.`;

/** /admin/eventupdate: every event, upcoming first; create, edit, cancel, and who registered. */
export function EventsAdmin() {
  const [cancelling, setCancelling] = useState<AdminEvent | null>(null);
  const list = useAdminList<AdminEvent>(eventsApi.adminList, {
    sort: 'upcoming',
    dir: 'asc',
    filters: { show: '' },
  });
  const { panel, setPanel, notice, setNotice, headingRef, open, done } = useEventPanel(list.reload);

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
          title={panelTitle(panel)}
          headingRef={headingRef}
          onClose={() => setPanel(null)}
        >
          <EventPanelBody panel={panel} onDone={done} />
        </FormPanel>
      )}

      <FormAlert message={notice} tone="success" />

      <EventsTable
        list={list}
        onEdit={(event) => open({ kind: 'edit', event })}
        onRegistrations={(event) => open({ kind: 'registrations', event })}
        onCancel={(event) => {
          setNotice(undefined);
          setCancelling(event);
        }}
      />

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

/** The panel beside the list (a new event, changes, registrations) and the notice of what was done. */
function useEventPanel(reload: () => void) {
  const [panel, setPanel] = useState<Panel | null>(null);
  const [notice, setNotice] = useState<string>();
  const headingRef = useRef<HTMLHeadingElement>(null);

  /** Opens the panel, its heading focused, and clears the last notice. */
  const open = (next: Panel) => {
    setNotice(undefined);
    setPanel(next);
    requestAnimationFrame(() => headingRef.current?.focus());
  };
  /** Closes the panel after a save, says what happened and shows the list as it is now. */
  const done = (message: string) => {
    setPanel(null);
    setNotice(message);
    reload();
  };
  return { panel, setPanel, notice, setNotice, headingRef, open, done };
}

/** The open panel's content: who registered, or the form that creates or changes the event. */
function EventPanelBody({ panel, onDone }: { panel: Panel; onDone: (message: string) => void }) {
  if (panel.kind === 'registrations') return <EventRegistrations event={panel.event} />;
  return (
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
          onDone(`“${change.event.title}” is saved.${told(change.notified)}`);
        } else {
          const event = await call(eventsApi.adminCreate, { body: input, idempotencyKey });
          onDone(`“${event.title}” is created and listed on the events page.`);
        }
      }}
    />
  );
}
