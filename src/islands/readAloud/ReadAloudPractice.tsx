import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  formatDuration,
  MAX_RECORDING_BYTES,
  MIN_DURATION_MS,
  noRateReason,
  orderPassagesForLevel,
  readingRate,
  spokenDuration,
} from '~/features/readAloud/readAloud';
import { readAloudApi } from '~/features/readAloud/readAloud.api';
import type { Passage } from '~/features/readAloud/readAloud.schema';
import { recordingsChanged } from '~/features/readAloud/readAloud.store';
import { errorMessage } from '~/islands/shared/loadState';
import { call, newIdempotencyKey } from '~/platform/client/api';
import { READING_LEVEL_LABELS, READING_LEVELS, type ReadingLevel } from '~/platform/domain';
import { $authReady } from '~/platform/identity/authState.store';
import { $index, $userData, setActiveChild } from '~/platform/identity/session.store';
import { SelectField } from '../shared/Field';
import { Waiting, WaitLine } from '../shared/Spinner';
import { useHydrated } from '../shared/useHydrated';
import { RecordingsList } from './RecordingsList';
import { NO_MIC_MESSAGES, type Take, useRecorder } from './useRecorder';
import './ReadAloud.css';

type Phase = 'ready' | 'finished';
type SaveState = { status: 'idle' | 'saving' | 'saved' } | { status: 'error'; message: string };
/** A finished attempt, with the idempotency key every save of it sends: it is saved once. */
type Attempt = Take & { passage: Passage; childId: string; key: string };

const levelOf = (level: string | undefined): ReadingLevel | undefined =>
  READING_LEVELS.find((l) => l === level);

/** Read-aloud practice: choose a reader and a passage, read it aloud, see the pace, keep the attempt. */
/** The recording that is saved with an attempt: none when there is none, or when it is over the size limit. */
const keptAudio = (take: Take) =>
  take.audio !== null && take.audio.size <= MAX_RECORDING_BYTES ? take.audio : null;

export function ReadAloudPractice() {
  const hydrated = useHydrated();
  const authReady = useStore($authReady);
  const user = useStore($userData);
  const index = useStore($index);
  const children = user?.children ?? [];
  const child = children[index] ?? children[0];
  const childLevel = levelOf(child?.readingLevel);

  const [passages, setPassages] = useState<Passage[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [passageId, setPassageId] = useState('');
  const [phase, setPhase] = useState<Phase>('ready');
  const [take, setTake] = useState<Attempt | null>(null);
  const [playbackUrl, setPlaybackUrl] = useState<string | null>(null);
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const resultRef = useRef<HTMLHeadingElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const finishRef = useRef<HTMLButtonElement>(null);
  const finishing = useRef(false);
  // Two presses of "Try saving again" can land before React re-renders without it: one save at a time.
  const uploading = useRef(false);

  useEffect(() => {
    if (!authReady) return;
    let stale = false;
    void (async () => {
      try {
        const list = await call(readAloudApi.passages, {});
        if (!stale) setPassages(list);
      } catch (error) {
        if (!stale) setLoadError(errorMessage(error, 'The passages could not be loaded.'));
      }
    })();
    return () => {
      stale = true;
    };
  }, [authReady]);

  const ordered = useMemo(
    () => orderPassagesForLevel(passages ?? [], childLevel, READING_LEVELS),
    [passages, childLevel],
  );
  // A new reader starts on a passage of their own level, or on the one the week's plan links to.
  useEffect(() => {
    const linked = new URLSearchParams(window.location.search).get('passage');
    setPassageId(ordered.find((p) => p.id === linked)?.id ?? ordered[0]?.id ?? '');
  }, [ordered]);
  const passage = ordered.find((p) => p.id === passageId) ?? ordered[0];

  useEffect(() => () => void (playbackUrl && URL.revokeObjectURL(playbackUrl)), [playbackUrl]);

  const upload = useCallback(async (attempt: Attempt) => {
    if (uploading.current) return;
    uploading.current = true;
    setSave({ status: 'saving' });
    try {
      // The recording travels as the raw body; with none (or one too big), the attempt is saved as timed only.
      const audio = keptAudio(attempt);
      await call(readAloudApi.createRecording, {
        params: { id: attempt.childId },
        query: { passageId: attempt.passage.id, durationMs: Math.round(attempt.durationMs) },
        ...(audio ? { file: audio } : {}),
        timeoutMs: 60_000,
        // The attempt's own key: a retry after a lost answer (the save was made, its answer never
        // came) gets the first answer again instead of a second copy of the attempt.
        idempotencyKey: attempt.key,
      });
      setSave({ status: 'saved' });
      setAnnouncement(
        attempt.audio !== null && audio === null
          ? 'Saved. The recording was too long to keep, so only the time was saved.'
          : 'Saved to the reading history.',
      );
      recordingsChanged();
    } catch (error) {
      const message = errorMessage(error, 'The attempt could not be saved.');
      setSave({ status: 'error', message });
    } finally {
      uploading.current = false;
    }
  }, []);

  const onAutoStop = useCallback(() => void finishRef.current?.click(), []);
  const recorder = useRecorder(onAutoStop);

  const start = async () => {
    if (!passage || !child) return;
    setTake(null);
    setPlaybackUrl(null);
    setSave({ status: 'idle' });
    setAnnouncement('Asking for the microphone…');
    await recorder.start();
  };

  // Announce and focus once the recorder has really started (or fallen back to the timer).
  const running = recorder.status === 'running';
  useEffect(() => {
    if (!running) return;
    setAnnouncement(
      recorder.noMic
        ? 'Timer started, without recording. Read the passage aloud.'
        : 'Recording started. Read the passage aloud.',
    );
    finishRef.current?.focus();
  }, [running, recorder.noMic]);

  const finish = async () => {
    if (finishing.current || !passage || !child) return;
    finishing.current = true;
    const done = await recorder.stop();
    finishing.current = false;
    if (done.durationMs < MIN_DURATION_MS) {
      setAnnouncement('That was under a second, so nothing was saved. Press Start and read the passage.');
      startRef.current?.focus();
      return;
    }
    const attempt = { ...done, passage, childId: child._id, key: newIdempotencyKey() };
    setTake(attempt);
    setPlaybackUrl(done.audio ? URL.createObjectURL(done.audio) : null);
    setPhase('finished');
    const rate = readingRate(passage.wordCount, done.durationMs, keptAudio(done) !== null);
    setAnnouncement(
      `Finished: ${spokenDuration(done.durationMs)}${rate === null ? '' : `, ${rate} words per minute`}. Saving…`,
    );
    void upload(attempt);
  };

  useEffect(() => {
    if (phase === 'finished') resultRef.current?.focus();
  }, [phase]);

  const again = () => {
    setPhase('ready');
    setTake(null);
    setPlaybackUrl(null);
    setSave({ status: 'idle' });
    setAnnouncement('');
  };

  if (!hydrated || !authReady || (!passages && !loadError)) {
    return <Waiting>Loading the passages…</Waiting>;
  }
  if (loadError)
    return (
      <p className="form-alert form-alert-error" role="alert">
        {loadError}
      </p>
    );
  if (!child) {
    return (
      <section className="ra-card" aria-labelledby="ra-nochild">
        <h2 id="ra-nochild">Add a child to start practising</h2>
        <p>Read-aloud practice keeps each child’s attempts in their own history. Add a child first.</p>
        <a className="btn btn-primary" href="/createProfile">
          Add a child
        </a>
      </section>
    );
  }
  if (!passage) {
    return (
      <section className="ra-card">
        <h2>No passages yet</h2>
        <p>Our team is preparing read-aloud passages. Please come back soon.</p>
      </section>
    );
  }

  const busy = recorder.status !== 'idle';
  const rate = take ? readingRate(take.passage.wordCount, take.durationMs, keptAudio(take) !== null) : null;
  const locked = busy || phase === 'finished';
  const own = ordered.filter((p) => p.level === childLevel);
  const others = ordered.filter((p) => p.level !== childLevel);
  const option = (p: Passage) => (
    <option key={p.id} value={p.id}>
      {p.title} ({READING_LEVEL_LABELS[p.level]}, {p.wordCount} words)
    </option>
  );

  return (
    <div className="ra">
      <div className="ra-live sr-only" role="status" aria-live="polite">
        {announcement}
      </div>
      <div className="ra-choices">
        <SelectField
          id="ra-child"
          label="Reader"
          value={child._id}
          disabled={locked}
          onChange={(e) => setActiveChild(children.findIndex((c) => c._id === e.target.value))}
          options={children.map((c) => [c._id, c.name] as const)}
        />
        <div className="field">
          <label htmlFor="ra-passage">Passage</label>
          <select
            id="ra-passage"
            className="select"
            value={passage.id}
            disabled={locked}
            aria-describedby="ra-passage-hint"
            onChange={(e) => setPassageId(e.target.value)}
          >
            {own.length > 0 && <optgroup label={`For ${child.name}’s level`}>{own.map(option)}</optgroup>}
            {others.length > 0 && (
              <optgroup label={own.length > 0 ? 'Other levels' : 'All passages'}>
                {others.map(option)}
              </optgroup>
            )}
          </select>
          <p id="ra-passage-hint" className="hint">
            {childLevel
              ? `Passages for ${READING_LEVEL_LABELS[childLevel]} come first.`
              : 'Passages are listed from the easiest level up.'}
          </p>
        </div>
      </div>

      <article className="ra-passage" aria-labelledby="ra-passage-title">
        <p className="ra-passage-level">{READING_LEVEL_LABELS[passage.level]}</p>
        <h2 id="ra-passage-title">{passage.title}</h2>
        <p className="ra-passage-text">{passage.text}</p>
        {passage.audioUrl && (
          <figure className="ra-model">
            <figcaption id="ra-model-label">Listen to a model reading</figcaption>
            {/* biome-ignore lint/a11y/useMediaCaption: the passage printed above is the transcript. */}
            <audio
              key={passage.id}
              controls
              preload="none"
              src={passage.audioUrl}
              aria-labelledby="ra-model-label"
            />
          </figure>
        )}
      </article>

      <section className="ra-controls" aria-label="Practice">
        <p className={`ra-timer${recorder.status === 'running' && !recorder.noMic ? ' ra-timer-live' : ''}`}>
          <span className="ra-timer-label">{recorder.noMic && busy ? 'Timing (no recording)' : 'Time'}</span>
          <span className="ra-timer-value" aria-hidden="true">
            {formatDuration(recorder.elapsedMs)}
          </span>
          <span className="sr-only">{spokenDuration(recorder.elapsedMs)}</span>
        </p>
        {recorder.noMic && (
          <p className="form-alert ra-nomic" role="alert">
            {NO_MIC_MESSAGES[recorder.noMic]}
          </p>
        )}
        {phase === 'ready' && (
          <div className="ra-buttons">
            {recorder.status === 'idle' && (
              <button ref={startRef} type="button" className="btn btn-primary" onClick={() => void start()}>
                Start reading
              </button>
            )}
            {recorder.status === 'asking' && (
              <WaitLine>Waiting for the microphone… Choose “Allow” if your browser asks.</WaitLine>
            )}
            {recorder.status === 'running' && (
              <button ref={finishRef} type="button" className="btn btn-accent" onClick={() => void finish()}>
                Finish
              </button>
            )}
          </div>
        )}
        {!busy && phase === 'ready' && (
          <p className="hint">
            Press Start, read the passage aloud, then press Finish. We ask for the microphone to record
            {` ${child.name}`}; without it, the timer still works.
          </p>
        )}
      </section>

      {phase === 'finished' && take && (
        <section className="ra-card ra-result" aria-labelledby="ra-result-title">
          <h2 id="ra-result-title" ref={resultRef} tabIndex={-1}>
            {rate === null ? `${child.name}’s attempt` : `Well read, ${child.name}!`}
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
          <div role="status" className="ra-save">
            {save.status === 'saving' && <WaitLine>Saving to {child.name}’s history…</WaitLine>}
            {save.status === 'saved' && (
              <p className="form-alert form-alert-success">Saved to {child.name}’s reading history.</p>
            )}
          </div>
          {save.status === 'error' && (
            <div role="alert" className="ra-save">
              <p className="form-alert form-alert-error">
                {save.message} Your reading is still here: try saving again.
              </p>
              <button type="button" className="btn btn-primary" onClick={() => void upload(take)}>
                Try saving again
              </button>
            </div>
          )}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={again}
            aria-disabled={save.status === 'saving'}
            disabled={save.status === 'saving'}
          >
            {save.status === 'error' ? 'Discard and practise again' : 'Practise again'}
          </button>
        </section>
      )}

      <RecordingsList childId={child._id} childName={child.name} />
    </div>
  );
}
