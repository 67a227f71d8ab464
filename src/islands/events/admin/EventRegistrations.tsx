import { useEffect, useState } from 'react';
import type { AdminEvent, EventRegistrationList } from '~/features/events/admin.schema';
import { eventsApi } from '~/features/events/events.api';
import { headings, Table } from '~/islands/shared/admin/AdminTable';
import { LoadFailed } from '~/islands/shared/admin/ListControls';
import { Spinner } from '~/islands/shared/Spinner';
import { call } from '~/platform/client/api';
import { formatTime } from '~/platform/time';

/** Who registered for one event: each child with the parent to contact, oldest registration first. */
export function EventRegistrations({ event }: { event: AdminEvent }) {
  const [list, setList] = useState<EventRegistrationList>();
  const [error, setError] = useState<string>();
  const [version, setVersion] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` asks again after "Try again".
  useEffect(() => {
    let live = true;
    setError(undefined);
    call(eventsApi.adminRegistrations, { params: { id: event.id } })
      .then((answer) => live && setList(answer))
      .catch((e: Error) => live && setError(e.message));
    return () => {
      live = false;
    };
  }, [event.id, version]);

  if (error) return <LoadFailed message={error} onRetry={() => setVersion((v) => v + 1)} />;
  if (!list)
    return (
      <p role="status">
        <Spinner label="" /> Loading the registrations…
      </p>
    );
  return (
    <>
      <p>
        {list.count === 0
          ? 'No child is registered yet.'
          : `${list.count} ${list.count === 1 ? 'child is' : 'children are'} registered, of ${list.capacity} seats.`}
      </p>
      {list.count > 0 && (
        <Table
          caption={`Children registered for ${event.title}`}
          head={headings(['Child', 'Parent', 'Email', 'Registered'])}
        >
          {list.items.map((r) => (
            <tr key={r.childId}>
              <td>{r.childFirstName}</td>
              <td>{r.parentName}</td>
              <td>
                <a href={`mailto:${r.parentEmail}`}>{r.parentEmail}</a>
              </td>
              <td>
                <time dateTime={r.registeredAt}>{formatTime(r.registeredAt, 'dateTime')}</time>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </>
  );
}
