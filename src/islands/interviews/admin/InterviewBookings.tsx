import {
  type AdminInterviewRow,
  INTERVIEW_VIEW_LABELS,
  INTERVIEW_VIEWS,
} from '~/features/interviews/admin.schema';
import { interviewsApi } from '~/features/interviews/interviews.api';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { ListSection } from '~/islands/shared/admin/ListSection';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { ageBandLabel, readingLevelLabel } from '~/platform/domain';
import { pagePath } from '~/platform/routes';
import { formatTime, formatTimeRange } from '~/platform/time';

const VIEW_OPTIONS = INTERVIEW_VIEWS.map((view) => [view, INTERVIEW_VIEW_LABELS[view]] as const);

/**
 * The introductory interviews for the team: soonest first, with the child to prepare for, the
 * parent to contact and the call to open. Times are in the administrator's own zone.
 */
export function InterviewBookings() {
  const list = useAdminList<AdminInterviewRow>(interviewsApi.adminList, {
    sort: 'startsAt',
    dir: 'asc',
    filters: { view: 'upcoming' },
  });
  return (
    <ListSection
      id="interviews-heading"
      title="Interview bookings"
      list={list}
      search={['Search bookings', 'A parent’s name or email, a child’s name']}
      filters={[{ label: 'Show', name: 'view', options: VIEW_OPTIONS }]}
    >
      <AdminTable
        list={list}
        caption={(page) => `Interview bookings, page ${page}`}
        columns={[
          { label: 'When', sort: 'startsAt' },
          { label: 'Child', sort: 'child' },
          { label: 'Parent', sort: 'parent' },
          { label: 'Booked', sort: 'createdAt', desc: true },
          { label: 'Call' },
        ]}
        rowKey={(booking) => booking.id}
        row={(booking) => <BookingCells booking={booking} />}
        empty={
          <p>
            No bookings here yet. Families book from the interview page after they enrol; each booking appears
            here with its call link.
          </p>
        }
        noMatch={<p>No bookings match. Try another name, or show every booking.</p>}
        pager="Pages of interview bookings"
      />
    </ListSection>
  );
}

/** One booking's cells: when, the child to prepare for, the parent to contact, when booked, the call. */
function BookingCells({ booking }: { booking: AdminInterviewRow }) {
  return (
    <>
      <td>
        <time dateTime={booking.startsAt}>
          {formatTimeRange(booking.startsAt, booking.endsAt, 'appointment')}
        </time>
        {booking.status === 'cancelled' && (
          <span className="status-pill" data-tone="warn">
            Cancelled
          </span>
        )}
      </td>
      <td>
        {booking.childName ?? <span className="hint">Child’s profile deleted</span>}
        {(booking.childAgeBand || booking.childReadingLevel) && (
          <span className="hint">
            {' '}
            ·{' '}
            {[
              booking.childAgeBand && ageBandLabel(booking.childAgeBand),
              booking.childReadingLevel && readingLevelLabel(booking.childReadingLevel),
            ]
              .filter(Boolean)
              .join(', ')}
          </span>
        )}
        <span className="hint">
          <br />
          With {booking.guideName ?? 'the team'}
        </span>
      </td>
      <td>
        <a href={pagePath('/admin/users/{id}', booking.familyId)}>{booking.parentName}</a>
        <br />
        <a href={`mailto:${booking.parentEmail}`}>{booking.parentEmail}</a>
      </td>
      <td>
        <time dateTime={booking.createdAt}>{formatTime(booking.createdAt, 'dateTime')}</time>
      </td>
      <td>
        {booking.status === 'booked' ? (
          <a href={booking.joinUrl} target="_blank" rel="noopener noreferrer">
            Open the call
            <span className="sr-only"> with {booking.childName ?? booking.parentName} (new tab)</span>
          </a>
        ) : (
          '—'
        )}
      </td>
    </>
  );
}
