import { placementText } from '~/features/program/adminEnrolments';
import { adminEnrolmentsApi } from '~/features/program/adminEnrolments.api';
import type { EnrolmentDetail } from '~/features/program/adminEnrolments.schema';
import { LoadFailed } from '~/islands/shared/admin/ListControls';
import { recordOf, useRecord } from '~/islands/shared/admin/useRecord';
import { ageBandLabel, READING_LEVEL_LABELS } from '~/platform/domain';
import { formatDay } from '~/platform/time';
import { ProgramWeeks } from './ProgramWeeks';
import '~/islands/shared/admin/admin.css';
import './enrolments.css';
import { pagePath } from '~/platform/routes';

function ageOf(child: EnrolmentDetail['child']): string {
  if (child.ageBand) return ageBandLabel(child.ageBand);
  return child.birthYear ? `Born ${child.birthYear}` : 'Not given';
}

/** What the team (and the child's guide) read about a child: age, level, placement, interests. */
export function ChildFacts({ child }: { child: EnrolmentDetail['child'] }) {
  return (
    <>
      <dt>Age</dt>
      <dd>{ageOf(child)}</dd>
      <dt>Reading level</dt>
      <dd>{READING_LEVEL_LABELS[child.readingLevel]}</dd>
      <dt>Placement</dt>
      <dd>
        {placementText(child.placement)}
        {child.placement && `, ${formatDay(child.placement.placedOn, 'shortDate')}`}
      </dd>
      <dt>Interests</dt>
      <dd>{child.interests.length > 0 ? child.interests.join(', ') : 'None given'}</dd>
    </>
  );
}

function About({ view }: { view: EnrolmentDetail }) {
  const { child } = view;
  return (
    <section className="admin-panel" aria-labelledby="child-heading">
      <h2 id="child-heading">About {child.name}</h2>
      <dl className="admin-details">
        <ChildFacts child={child} />
        <dt>Family</dt>
        <dd>
          <a href={pagePath('/view-user-page/{id}', view.family.userId)}>{view.family.displayName}</a>,{' '}
          {view.family.email}
        </dd>
      </dl>
    </section>
  );
}

/**
 * One child's programs for the team, read-only: the child (level, placement, interests), then each
 * program, the latest first, with every weekly plan: its goal and the minutes and sessions read,
 * its books ticked off, its read-aloud passage, and the weeks missed.
 */
export function EnrolmentView({ childId }: { childId: string }) {
  const { state, reload } = useRecord(
    recordOf(adminEnrolmentsApi.detail, childId),
    'The child’s programs could not be loaded.',
  );
  if (state.status === 'loading')
    return (
      <p className="admin-loading" role="status">
        Loading the child’s programs…
      </p>
    );
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  if (state.status === 'missing')
    return (
      <div className="admin-state">
        <h2>This child does not exist</h2>
        <p>Their family may have removed them, or the link is incomplete.</p>
        <p>
          <a href={pagePath('/admin/enrolments')}>Find the child among the enrolled children</a>
        </p>
      </div>
    );
  const view = state.record;
  return (
    <div className="enrolment-page">
      <header className="enrolment-header">
        <h2>{view.child.name}</h2>
        <p className="enrolment-lead">
          {view.programs.length === 0
            ? 'Not enrolled in a program.'
            : `${view.programs.length} program${view.programs.length === 1 ? '' : 's'}, the latest first. Read-only: families change their own plans.`}
        </p>
        <p className="actions">
          <a className="btn btn-secondary btn-small" href={pagePath('/admin/enrolments')}>
            All enrolled children
          </a>
          <a className="btn btn-ghost btn-small" href={pagePath('/view-user-page/{id}', view.family.userId)}>
            The family’s account
          </a>
        </p>
      </header>
      <About view={view} />
      {view.programs.map((program) => (
        <ProgramWeeks key={program.id} program={program} childName={view.child.name} />
      ))}
    </div>
  );
}
