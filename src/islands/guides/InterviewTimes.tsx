import { guidesApi } from '~/features/guides/guides.api';
import type { GuideInterviewTimes } from '~/features/guides/interviewTimes.schema';
import { LoadFailed } from '~/islands/shared/admin/ListControls';
import { useLoaded } from '~/islands/shared/useLoaded';
import { call } from '~/platform/client/api';
import { ageBandLabel, readingLevelLabel } from '~/platform/domain';
import { pagePath } from '~/platform/routes';
import { formatTimeRange } from '~/platform/time';
import '~/islands/shared/admin/admin.css';
import './guides.css';
import { GuideNav } from './GuideNav';
import { WindowsEditor } from './WindowsEditor';

type Upcoming = GuideInterviewTimes['upcoming'][number];

/** What to prepare: the child's reading level and age band, as far as the profile still says. */
const aboutChild = (i: Upcoming) =>
  [
    i.childReadingLevel && readingLevelLabel(i.childReadingLevel),
    i.childAgeBand && ageBandLabel(i.childAgeBand),
  ]
    .filter(Boolean)
    .join(', ');

function Booked({ upcoming }: { upcoming: Upcoming[] }) {
  return (
    <section className="admin-panel" aria-labelledby="booked-heading">
      <h2 id="booked-heading">
        Interviews booked with you{upcoming.length > 0 ? ` (${upcoming.length})` : ''}
      </h2>
      {upcoming.length === 0 ? (
        <p>No interview is booked with you yet. Families book from your weekly times below.</p>
      ) : (
        <ul className="guide-recordings">
          {upcoming.map((i) => (
            <li key={i.id}>
              <span>
                <time dateTime={i.startsAt}>{formatTimeRange(i.startsAt, i.endsAt, 'appointment')}</time>
                <span className="hint">
                  {' '}
                  ·{' '}
                  {i.followedChildId ? (
                    <a href={pagePath('/guide/children/{id}', i.followedChildId)}>{i.childName}</a>
                  ) : (
                    (i.childName ?? 'A child whose profile was deleted')
                  )}{' '}
                  ({aboutChild(i) || 'no profile'}), with {i.parentName}
                </span>
              </span>
              <a href={i.joinUrl} target="_blank" rel="noopener noreferrer">
                Open the call
                <span className="sr-only"> with {i.childName ?? i.parentName} (new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The guide's interviews: those booked with them, and the weekly times families can book (their
 * own, or the team's until they set some).
 */
export function InterviewTimes() {
  const {
    data: times,
    setData: setTimes,
    error,
    retry,
  } = useLoaded<GuideInterviewTimes>(
    (signal) => call(guidesApi.interviewTimes, { signal }),
    'Your interview times could not be loaded.',
  );
  if (error) return <LoadFailed message={error} onRetry={retry} />;
  if (!times) {
    return (
      <p className="admin-loading" role="status">
        Loading your interview times…
      </p>
    );
  }
  return (
    <div className="guide-home">
      <GuideNav current="interviews" />
      <Booked upcoming={times.upcoming} />
      <WindowsEditor times={times} onSaved={setTimes} />
    </div>
  );
}
