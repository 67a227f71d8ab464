import { guidesApi } from '~/features/guides/guides.api';
import type { GuideChildRow, GuideRecording } from '~/features/guides/guides.schema';
import { formatDuration } from '~/features/readAloud/readAloud';
import { PlanStanding, WeekCells } from '~/islands/program/admin/EnrolmentsList';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { LoadFailed, SearchBox } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { useLoaded } from '~/islands/shared/useLoaded';
import { call } from '~/platform/client/api';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import '~/islands/shared/admin/admin.css';
import './guides.css';
import { GuideNav } from './GuideNav';

/** The recordings of the guide's readers still waiting for a running record, oldest first. */
function Waiting() {
  const {
    data: items,
    error,
    retry,
  } = useLoaded<GuideRecording[]>(
    (signal) => call(guidesApi.waiting, { signal }),
    'The recordings could not be loaded.',
  );
  return (
    <section className="admin-panel guide-waiting" aria-labelledby="waiting-heading">
      <h2 id="waiting-heading">Recordings to hear{items && items.length > 0 ? ` (${items.length})` : ''}</h2>
      {error && <LoadFailed message={error} onRetry={retry} />}
      {!items && !error && (
        <p className="admin-loading" role="status">
          Loading the recordings…
        </p>
      )}
      {items?.length === 0 && (
        <p>Nothing waiting. When one of your readers saves a recording, it appears here.</p>
      )}
      {items && items.length > 0 && (
        <ul className="guide-recordings">
          {items.map((r) => (
            <li key={r.id}>
              <a href={pagePath('/guide/recordings/{id}', r.id)}>
                {r.childName}: {r.passageTitle ?? 'a passage since removed'}
              </a>
              <span className="hint">
                {formatTime(r.createdAt, 'dateTime')} · {formatDuration(r.durationMs)}
                {r.portfolio && ' · voice portfolio (unpracticed)'}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Row({ row }: { row: GuideChildRow }) {
  return (
    <>
      <th scope="row">
        <a href={pagePath('/guide/children/{id}', row.childId)}>{row.childName}</a>
        <span className="hint">{row.familyName}</span>
      </th>
      <td data-label="Program">{row.programName}</td>
      <td data-label="Level">{READING_LEVEL_LABELS[row.readingLevel]}</td>
      <WeekCells row={row} />
      <td data-label="To hear">{row.waiting}</td>
      <td data-label="On the plan">
        <PlanStanding row={row} />
      </td>
    </>
  );
}

/**
 * The guide console's home: the recordings waiting to be heard, then the readers assigned to the
 * guide with their program, week and reading against the plan.
 */
export function GuideHome() {
  const list = useAdminList<GuideChildRow>(guidesApi.children, {
    sort: 'child',
    dir: 'asc',
    filters: { status: 'current' },
  });
  return (
    <div className="guide-home">
      <GuideNav current="readers" />
      <Waiting />
      <section aria-labelledby="readers-heading">
        <h2 id="readers-heading">Readers you follow</h2>
        <div className="admin-toolbar">
          <SearchBox label="Search your readers" placeholder="A child’s or a parent’s name" list={list} />
        </div>
        <AdminTable
          list={list}
          caption={(page) => `Your readers, page ${page}. Sort with the column buttons.`}
          className="enrolments-table"
          columns={[
            { label: 'Reader', sort: 'child' },
            { label: 'Program', sort: 'program' },
            { label: 'Level' },
            { label: 'Week', sort: 'week' },
            { label: 'This week', sort: 'progress' },
            { label: 'To hear' },
            { label: 'On the plan' },
          ]}
          rowKey={(row) => row.id}
          row={(row) => <Row row={row} />}
          empty={
            list.filtered ? (
              <p>No reader matches. Check the spelling, or clear the search.</p>
            ) : (
              <p>No reader is assigned to you yet. The team assigns children in the admin console.</p>
            )
          }
          pager="Pages of your readers"
        />
      </section>
    </div>
  );
}
