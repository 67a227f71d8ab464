import { useEffect, useState } from 'react';
import { guidesApi } from '~/features/guides/guides.api';
import type { GuideRecordingDetail } from '~/features/guides/guides.schema';
import { heardHow } from '~/features/readAloud/listening/heardReading';
import { LoadFailed } from '~/islands/shared/admin/ListControls';
import { recordOf, useRecord } from '~/islands/shared/admin/useRecord';
import { errorMessage } from '~/islands/shared/loadState';
import { callForBlob } from '~/platform/client/api';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import { PassageMarks } from './PassageMarks';
import { Figures, RecordForm } from './RecordForm';
import { useRunningRecord } from './useRunningRecord';
import '~/islands/shared/admin/admin.css';
import '~/islands/shared/admin/adminForm.css';
import './guides.css';

/** The recording, fetched with the guide's sign-in (an <audio src> cannot send it) and played from memory. */
function Player({ detail }: { detail: GuideRecordingDetail }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!detail.hasAudio) return;
    let made: string | null = null;
    const controller = new AbortController();
    callForBlob(guidesApi.audio, { params: { id: detail.id }, signal: controller.signal, timeoutMs: 60_000 })
      .then((blob) => {
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(
        (err) =>
          controller.signal.aborted || setError(errorMessage(err, 'The recording could not be loaded.')),
      );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [detail.id, detail.hasAudio]);
  if (!detail.hasAudio)
    return <p>This attempt was timed without the microphone: there is nothing to hear.</p>;
  if (error) return <p className="form-alert form-alert-error">{error}</p>;
  if (!url)
    return (
      <p className="admin-loading" role="status">
        Loading the recording…
      </p>
    );
  return (
    // biome-ignore lint/a11y/useMediaCaption: a child's own reading of the passage shown beside it.
    <audio
      controls
      src={url}
      className="rr-audio"
      aria-label={`${detail.childName} reading ${detail.passageTitle}`}
    />
  );
}

/** Where the marks come from before the guide's first save: listening on the family's device. */
function PreScore({
  heard,
  childName,
}: {
  heard: NonNullable<GuideRecordingDetail['heard']>;
  childName: string;
}) {
  const missed = heard.marks.length;
  const sure = heardHow(heard.confidence);
  return (
    <p className="form-alert rr-prescore">
      Pre-scored by listening on {childName}’s family’s device ({sure}): {missed}{' '}
      {missed === 1 ? 'word' : 'words'} marked missed
      {heard.corrected > 0
        ? `, ${heard.corrected === 1 ? 'one mark' : `${heard.corrected} marks`} corrected by the family`
        : ''}
      . Listening hears words left out better than words said wrongly, and cannot hear self-corrections: check
      each mark against the recording. Your marks are what count.
    </p>
  );
}

function Marking({ detail }: { detail: GuideRecordingDetail }) {
  const state = useRunningRecord(detail);
  return (
    <div className="rr-layout">
      <section className="admin-panel rr-listen" aria-labelledby="listen-heading">
        <h2 id="listen-heading">Listen and mark</h2>
        <Player detail={detail} />
        {!detail.record && detail.heard && <PreScore heard={detail.heard} childName={detail.childName} />}
        <PassageMarks words={detail.words} state={state} />
      </section>
      <section className="admin-panel" aria-labelledby="score-heading">
        <h2 id="score-heading">The running record</h2>
        <Figures state={state} />
        <RecordForm state={state} durationMs={detail.durationMs} />
      </section>
    </div>
  );
}

/**
 * A running record in the guide console: the recording with the passage beside it word by word,
 * the marks, the figures they give, the fluency rating and the note, saved for the family.
 */
export function RunningRecordPage({ recordingId }: { recordingId: string }) {
  const { state, reload } = useRecord(
    recordOf(guidesApi.recording, recordingId),
    'The recording could not be loaded.',
  );
  if (state.status === 'loading')
    return (
      <p className="admin-loading" role="status">
        Loading the recording…
      </p>
    );
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={reload} />;
  if (state.status === 'missing')
    return (
      <div className="admin-state">
        <h2>This recording is not one of your readers’</h2>
        <p>
          It may have been deleted by the family, the reader may have moved to another guide, or the link is
          incomplete.
        </p>
        <p>
          <a href={pagePath('/guide')}>Back to your readers</a>
        </p>
      </div>
    );
  const detail = state.record;
  return (
    <div className="enrolment-page">
      <header className="enrolment-header">
        <h2>
          {detail.childName}: {detail.passageTitle ?? 'a passage since removed'}
        </h2>
        <p className="enrolment-lead">Read on {formatTime(detail.createdAt, 'dateTime')}.</p>
        <p className="actions">
          <a className="btn btn-secondary btn-small" href={pagePath('/guide/children/{id}', detail.childId)}>
            {detail.childName}’s page
          </a>
          <a className="btn btn-ghost btn-small" href={pagePath('/guide')}>
            All your readers
          </a>
        </p>
      </header>
      {detail.words.length === 0 ? (
        <p>The passage was removed from the library, so this reading can no longer be marked.</p>
      ) : (
        <Marking detail={detail} />
      )}
    </div>
  );
}
