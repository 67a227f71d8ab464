import { guidesApi } from '~/features/guides/guides.api';
import type { GuideChildDetail, GuideRecording } from '~/features/guides/guides.schema';
import { formatDuration } from '~/features/readAloud/readAloud';
import { percentText } from '~/features/readAloud/runningRecord';
import { ChildFacts } from '~/islands/program/admin/EnrolmentView';
import { ProgramWeeks } from '~/islands/program/admin/ProgramWeeks';
import { LoadFailed } from '~/islands/shared/admin/ListControls';
import { recordOf, useRecord } from '~/islands/shared/admin/useRecord';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import '~/islands/shared/admin/admin.css';
import '~/islands/program/admin/enrolments.css';
import './guides.css';
import { NextBook } from './NextBook';
import { WeeklyNote } from './WeeklyNote';

function About({ view }: { view: GuideChildDetail }) {
  return (
    <section className="admin-panel" aria-labelledby="child-heading">
      <h2 id="child-heading">About {view.child.name}</h2>
      <dl className="admin-details">
        <ChildFacts child={view.child} />
        <dt>Family</dt>
        <dd>{view.familyName}</dd>
      </dl>
    </section>
  );
}

/** What a recording's line says of its running record: the figures once marked, or that it waits. */
function scoreText(recording: GuideRecording): string {
  const { score } = recording;
  if (!score) return 'Waiting for your running record';
  return `${percentText(score.accuracy)} right · ${score.wordsCorrectPerMinute} words correct a minute · fluency ${score.fluency} of 4 (${score.guideName})`;
}

function Recordings({ view }: { view: GuideChildDetail }) {
  const name = view.child.name;
  return (
    <section className="admin-panel" aria-labelledby="recordings-heading">
      <h2 id="recordings-heading">{name}’s recordings</h2>
      {view.recordings.length === 0 ? (
        <p>No recordings yet. When {name} reads aloud with the microphone on, the recording appears here.</p>
      ) : (
        <ul className="guide-recordings">
          {view.recordings.map((r) => (
            <li key={r.id}>
              <a href={pagePath('/guide/recordings/{id}', r.id)}>
                {r.passageTitle ?? 'A passage since removed'}, {formatTime(r.createdAt, 'shortDate')}
              </a>
              <span className="hint">
                {formatDuration(r.durationMs)} · {r.portfolio && 'voice portfolio (unpracticed) · '}
                {scoreText(r)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * One reader in the guide console: who they are, their recordings (marked or waiting), then each
 * program with its weekly plans, read-only. A child not assigned to the guide is "not found".
 */
export function GuideChildView({ childId }: { childId: string }) {
  const { state, reload } = useRecord(recordOf(guidesApi.child, childId), 'The reader could not be loaded.');
  if (state.status === 'loading')
    return (
      <p className="admin-loading" role="status">
        Loading the reader…
      </p>
    );
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  if (state.status === 'missing')
    return (
      <div className="admin-state">
        <h2>This reader is not one of yours</h2>
        <p>They may have moved to another guide, or the link is incomplete.</p>
        <p>
          <a href={pagePath('/guide')}>Back to your readers</a>
        </p>
      </div>
    );
  const view = state.record;
  return (
    <div className="enrolment-page">
      <header className="enrolment-header">
        <h2>{view.child.name}</h2>
        <p className="actions">
          <a className="btn btn-secondary btn-small" href={pagePath('/guide')}>
            All your readers
          </a>
        </p>
      </header>
      <About view={view} />
      <Recordings view={view} />
      <WeeklyNote view={view} />
      <NextBook view={view} />
      {view.programs.map((program) => (
        <ProgramWeeks key={program.id} program={program} childName={view.child.name} />
      ))}
    </div>
  );
}
