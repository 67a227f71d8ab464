import { formatDuration, noRateReason, readingRate } from '~/features/readAloud/readAloud';
import { WaitLine } from '../shared/Spinner';
import { type Attempt, keptAudio, type Practice } from './usePractice';

/**
 * The attempt just finished: its time and pace (or why there is no pace), the recording to listen
 * to, and how its save stands, with a retry that keeps the reading when the save failed.
 */
export function AttemptResult({
  practice,
  take,
  childName,
}: {
  practice: Practice;
  take: Attempt;
  childName: string;
}) {
  const { save, playbackUrl } = practice;
  const rate = readingRate(take.passage.wordCount, take.durationMs, keptAudio(take) !== null);
  return (
    <section className="ra-card ra-result" aria-labelledby="ra-result-title">
      <h2 id="ra-result-title" ref={practice.refs.result} tabIndex={-1}>
        {rate === null ? `${childName}’s attempt` : `Well read, ${childName}!`}
      </h2>
      <dl className="ra-figures">
        <div>
          <dt>Time</dt>
          <dd>{formatDuration(take.durationMs)}</dd>
        </div>
        {rate !== null && (
          <div>
            <dt>Words per minute</dt>
            <dd>{rate}</dd>
          </div>
        )}
      </dl>
      {rate === null && (
        <p className="ra-no-rate">
          {noRateReason(take.passage.wordCount, take.durationMs, keptAudio(take) !== null)}
        </p>
      )}
      {playbackUrl ? (
        <div className="field">
          <span id="ra-playback-label">Listen to this reading</span>
          {/* biome-ignore lint/a11y/useMediaCaption: a child's own voice, just recorded; there is nothing to caption. */}
          <audio controls src={playbackUrl} aria-labelledby="ra-playback-label" className="ra-audio" />
        </div>
      ) : (
        <p>This attempt was timed without a recording.</p>
      )}
      <SaveStatus practice={practice} take={take} childName={childName} />
      <button
        type="button"
        className="btn btn-secondary"
        onClick={practice.again}
        aria-disabled={save.status === 'saving'}
        disabled={save.status === 'saving'}
      >
        {save.status === 'error' ? 'Discard and practise again' : 'Practise again'}
      </button>
    </section>
  );
}

/** Where the attempt's save stands: saving, saved, or failed with a way to try again. */
function SaveStatus({ practice, take, childName }: { practice: Practice; take: Attempt; childName: string }) {
  const { save } = practice;
  return (
    <>
      <div role="status" className="ra-save">
        {save.status === 'saving' && <WaitLine>Saving to {childName}’s history…</WaitLine>}
        {save.status === 'saved' && (
          <p className="form-alert form-alert-success">Saved to {childName}’s reading history.</p>
        )}
      </div>
      {save.status === 'error' && (
        <div role="alert" className="ra-save">
          <p className="form-alert form-alert-error">
            {save.message} Your reading is still here: try saving again.
          </p>
          <button type="button" className="btn btn-primary" onClick={() => void practice.upload(take)}>
            Try saving again
          </button>
        </div>
      )}
    </>
  );
}
