import {
  ENROLMENT_STATE_LABELS,
  ENROLMENT_STATE_TONES,
  enrolmentPagePath,
  minutesText,
  placementText,
  weekText,
} from '~/features/program/adminEnrolments';
import { adminEnrolmentsApi } from '~/features/program/adminEnrolments.api';
import type { EnrolmentRow } from '~/features/program/adminEnrolments.schema';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { type AdminList, useAdminList } from '~/islands/shared/admin/useAdminList';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { EnrolmentFilters } from './EnrolmentFilters';
import '~/islands/shared/admin/admin.css';
import './enrolments.css';
import { pagePath } from '~/platform/routes';

/** Where the child stands against the plan: behind, on track, or (outside a running program) the program's state. */
export function PlanStanding({ row }: { row: Pick<EnrolmentRow, 'state' | 'behind'> }) {
  if (row.state !== 'current') {
    return (
      <span className="status-pill" data-tone={ENROLMENT_STATE_TONES[row.state]}>
        {ENROLMENT_STATE_LABELS[row.state]}
      </span>
    );
  }
  return row.behind ? (
    <span className="status-pill" data-tone="bad">
      Behind
    </span>
  ) : (
    <span className="status-pill" data-tone="good">
      On track
    </span>
  );
}

type WeekFacts = Pick<EnrolmentRow, 'week' | 'weeks' | 'goalMinutes' | 'minutesRead' | 'state'>;

/** The week of the program and the minutes read against its goal: two cells of a child's row. */
export function WeekCells({ row }: { row: WeekFacts }) {
  return (
    <>
      <td data-label="Week" className="enrolment-nowrap">
        {weekText(row.week, row.weeks)}
      </td>
      <td data-label="This week" className="enrolment-nowrap">
        {minutesText(row)}
      </td>
    </>
  );
}

function Row({ row }: { row: EnrolmentRow }) {
  return (
    <>
      <th scope="row">
        <a href={enrolmentPagePath(row.childId)}>{row.childName}</a>
      </th>
      <td data-label="Family">
        <a href={pagePath('/view-user-page/{id}', row.family.userId)}>{row.family.displayName}</a>
        <span className="hint enrolment-email">{row.family.email}</span>
      </td>
      <td data-label="Program">{row.programName}</td>
      <td data-label="Guide">{row.guide ? row.guide.name : <span className="hint">None yet</span>}</td>
      <td data-label="Level">
        {READING_LEVEL_LABELS[row.readingLevel]}
        <span className="hint">{placementText(row.placement)}</span>
      </td>
      <WeekCells row={row} />
      <td data-label="Missed weeks">{row.missedWeeks}</td>
      <td data-label="On the plan">
        <PlanStanding row={row} />
      </td>
    </>
  );
}

/** The table of enrolments with its loading, failed and empty states, and its pager. */
export function EnrolmentsTable({ list }: { list: AdminList<EnrolmentRow> }) {
  const { q, filters } = list.params;
  const narrowed = Boolean(
    q || filters.plan || filters.level || filters.week || filters.behind || filters.guide,
  );
  const running = filters.status === 'current';
  return (
    <AdminTable
      list={list}
      caption={(page) => `Enrolled children, page ${page}. Sort with the column buttons.`}
      className="enrolments-table"
      columns={[
        { label: 'Child', sort: 'child' },
        { label: 'Family', sort: 'parent' },
        { label: 'Program', sort: 'program' },
        { label: 'Guide' },
        { label: 'Level' },
        { label: 'Week', sort: 'week' },
        { label: 'This week', sort: 'progress' },
        { label: 'Missed weeks', sort: 'missedWeeks', desc: true },
        { label: 'On the plan' },
      ]}
      rowKey={(row) => row.id}
      row={(row) => <Row row={row} />}
      empty={
        narrowed ? (
          <p>No child matches. Check the spelling, or clear the search and filters.</p>
        ) : running ? (
          <p>No child is in a program just now. Children appear here when a family’s program begins.</p>
        ) : (
          <p>No enrolment of this kind.</p>
        )
      }
      pager="Pages of enrolled children"
    />
  );
}

/**
 * The enrolled children for the team: each child's program, week and reading against the week's
 * goal, searched, filtered (program, level, week, behind on the plan), sorted and paged on the
 * server. Read-only: each child's name opens their programs and weekly plans.
 */
export function EnrolmentsList() {
  const list = useAdminList<EnrolmentRow>(adminEnrolmentsApi.list, {
    sort: 'child',
    dir: 'asc',
    filters: { status: 'current', plan: '', level: '', week: '', behind: '', guide: '' },
  });
  return (
    <section aria-labelledby="enrolments-heading">
      <h2 id="enrolments-heading" className="sr-only">
        Enrolled children
      </h2>
      <EnrolmentFilters list={list} />
      <EnrolmentsTable list={list} />
    </section>
  );
}
