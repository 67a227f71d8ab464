import { formatDuration, spokenDuration } from '~/features/readAloud/readAloud';
import { WaitLine } from '../shared/Spinner';
import { ListeningStatus } from './FollowedText';
import type { Practice } from './usePractice';
import { NO_MIC_MESSAGES } from './useRecorder';

/**
 * The practice's timer and buttons: Start, then the wait for the microphone, then Finish; why
 * there is no recording when there is none, and what to do before starting.
 */
export function PracticeControls({ practice, childName }: { practice: Practice; childName: string }) {
  const { recorder, phase, refs } = practice;
  const busy = recorder.status !== 'idle';
  return (
    <section className="ra-controls" aria-label="Practice">
      <p className={`ra-timer${recorder.status === 'running' && !recorder.noMic ? ' ra-timer-live' : ''}`}>
        <span className="ra-timer-label">{recorder.noMic && busy ? 'Timing (no recording)' : 'Time'}</span>
        <span className="ra-timer-value" aria-hidden="true">
          {formatDuration(recorder.elapsedMs)}
        </span>
        <span className="sr-only">{spokenDuration(recorder.elapsedMs)}</span>
      </p>
      {recorder.status === 'running' && <ListeningStatus listening={practice.listening} />}
      {practice.listening.status === 'scoring' && <WaitLine>Counting the words…</WaitLine>}
      {recorder.noMic && (
        <p className="form-alert ra-nomic" role="alert">
          {NO_MIC_MESSAGES[recorder.noMic]}
        </p>
      )}
      {phase === 'ready' && (
        <div className="ra-buttons">
          {recorder.status === 'idle' && practice.listening.status !== 'scoring' && (
            <button
              ref={refs.start}
              type="button"
              className="btn btn-primary"
              onClick={() => void practice.start()}
            >
              Start reading
            </button>
          )}
          {recorder.status === 'asking' && (
            <WaitLine>Waiting for the microphone… Choose “Allow” if your browser asks.</WaitLine>
          )}
          {recorder.status === 'running' && (
            <button
              ref={refs.finish}
              type="button"
              className="btn btn-accent"
              onClick={() => void practice.finish()}
            >
              Finish
            </button>
          )}
        </div>
      )}
      {!busy && phase === 'ready' && (
        <p className="hint">
          Press Start, read the passage aloud, then press Finish. We ask for the microphone so that this
          device can listen and follow {childName}’s reading; without it, the timer still works. Listening
          happens on this device only. Afterwards you choose whether to keep the recording in your family
          account, where only you and {childName}’s reading guide (once we assign one) can listen to it.
        </p>
      )}
    </section>
  );
}
