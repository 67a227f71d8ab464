import type { HeardReading } from '~/features/readAloud/listening/heardReading';
import { formatDuration, noRateReason, readingRate } from '~/features/readAloud/readAloud';
import { WaitLine } from '../shared/Spinner';
import { HeardComparison } from './HeardComparison';
import { HeardFigures, HeardWords } from './HeardResult';
import type { Attempt, Practice } from './usePractice';

/**
 * The attempt just finished: what listening heard (when it could be trusted), else its time and
 * pace; the recording to listen to; and the family's choice: keep the recording, or save only the
 * figures, so that the voice never leaves the device.
 */
export function AttemptResult({
  practice,
  take,
  childId,
  childName,
  onAgain,
}: {
  practice: Practice;
  take: Attempt;
  childId: string;
  childName: string;
  /** Told before the page goes back to practising. */
  onAgain?: () => void;
}) {
  const { save, playbackUrl } = practice;
  const heard = take.heard?.trusted ? take.heard : null;
  const rate = readingRate(take.passage.wordCount, take.durationMs, take.audio !== null);
  return (
    <section className="ra-card ra-result" aria-labelledby="ra-result-title">
      <h2 id="ra-result-title" ref={practice.refs.result} tabIndex={-1}>
        {rate === null && !heard ? `${childName}’s attempt` : `Well read, ${childName}!`}
      </h2>
      <ResultFigures take={take} heard={heard} rate={rate} childId={childId} childName={childName} />
      {heard && save.status !== 'saved' && (
        <HeardWords text={take.passage.text} heard={heard} onToggle={practice.correct} />
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
      <SaveChoice practice={practice} take={take} childName={childName} />
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => {
          onAgain?.();
          practice.again();
        }}
        aria-disabled={save.status === 'saving'}
        disabled={save.status === 'saving'}
      >
        {save.status === 'saved' ? 'Practise again' : 'Discard and practise again'}
      </button>
    </section>
  );
}

/**
 * What the attempt measured: its time, then listening's figures beside earlier readings; or, when
 * listening could not follow, the pace from the passage's length (or why there is none).
 */
function ResultFigures({
  take,
  heard,
  rate,
  childId,
  childName,
}: {
  take: Attempt;
  heard: HeardReading | null;
  rate: number | null;
  childId: string;
  childName: string;
}) {
  return (
    <>
      <dl className="ra-figures">
        <div>
          <dt>Time</dt>
          <dd>{formatDuration(take.durationMs)}</dd>
        </div>
        {!heard && rate !== null && (
          <div>
            <dt>Words per minute</dt>
            <dd>{rate}</dd>
          </div>
        )}
      </dl>
      {heard && <HeardFigures heard={heard} />}
      {heard && (
        <HeardComparison
          childId={childId}
          childName={childName}
          wordsCorrectPerMinute={heard.score.wordsCorrectPerMinute}
        />
      )}
      {take.heard && !heard && (
        <p className="ra-no-rate">
          Listening could not follow this reading well enough to count the words, so we show the time and the
          words per minute from the passage’s length instead.
        </p>
      )}
      {!heard && rate === null && (
        <p className="ra-no-rate">
          {noRateReason(take.passage.wordCount, take.durationMs, take.audio !== null)}
        </p>
      )}
    </>
  );
}

/**
 * Keep the recording, or only the figures: asked for each attempt with a recording. Then where the
 * save stands: saving, saved, or failed with a way to try again.
 */
function SaveChoice({ practice, take, childName }: { practice: Practice; take: Attempt; childName: string }) {
  const { save } = practice;
  const choosing = take.audio !== null && save.status === 'idle';
  return (
    <>
      {choosing && (
        <fieldset className="ra-keep">
          <legend>Keep this reading in {childName}’s history</legend>
          <p className="hint">
            With the recording, you and {childName}’s reading guide can listen to it later. Without it, only
            the time and the figures are saved, and the recording never leaves this device.
          </p>
          <div className="ra-buttons">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void practice.upload(take, true)}
            >
              Save with the recording
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => void practice.upload(take, false)}
            >
              Save the figures only
            </button>
          </div>
        </fieldset>
      )}
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
          <button type="button" className="btn btn-primary" onClick={() => void practice.retry(take)}>
            Try saving again
          </button>
        </div>
      )}
    </>
  );
}
