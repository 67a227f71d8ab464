import { type RefObject, useEffect, useRef } from 'react';
import { formatDuration, spokenDuration } from '~/features/readAloud/readAloud';
import type { RecordingDto } from '~/features/readAloud/readAloud.schema';
import { formatTime } from '~/platform/time';
import { ConfirmButtons } from '../shared/ConfirmButtons';
import { WaitLine } from '../shared/Spinner';
import { useHydrated } from '../shared/useHydrated';
import { FluencyTrend } from './FluencyTrend';
import { HeardLine, RunningRecordLine } from './RunningRecordLine';
import { useRecordings } from './useRecordings';
import './ReadAloud.css';

export interface RecordingsListProps {
  childId: string;
  childName: string;
}

type Recordings = ReturnType<typeof useRecordings>;

/**
 * A child's read-aloud attempts, newest first, with playback and deletion. The recordings are
 * fetched with the family's sign-in and played from memory: they never have a public address.
 * Used on the practice page; the profile page can mount it for any child of the family.
 */
export function RecordingsList({ childId, childName }: RecordingsListProps) {
  const hydrated = useHydrated();
  const recordings = useRecordings(childId);
  const { authReady, items, error, message, headingRef } = recordings;
  const { confirmRef, listRef, keep } = useQuestionFocus(recordings);
  const headingId = `ra-history-${childId}`;

  const heading = (
    <h2 id={headingId} ref={headingRef} tabIndex={-1}>
      {childName}’s recent attempts
    </h2>
  );

  if (!hydrated || !authReady || (!items && !error)) {
    return (
      <section className="ra-card ra-history" aria-labelledby={headingId}>
        {heading}
        <WaitLine role="status">Loading {childName}’s attempts…</WaitLine>
      </section>
    );
  }

  return (
    <section className="ra-card ra-history" aria-labelledby={headingId}>
      {heading}
      <div role="status" className="ra-save">
        {message && <p className="form-alert">{message}</p>}
      </div>
      {error && (
        <p className="form-alert form-alert-error" role="alert">
          {error}
        </p>
      )}
      {items && items.length === 0 && (
        <p>No attempts yet. Each reading {childName} finishes is kept here, with its recording.</p>
      )}
      {items && items.length > 0 && (
        <ul ref={listRef} className="ra-attempts" aria-label={`${childName}’s attempts`}>
          {items.map((item) => (
            <AttemptItem
              key={item.id}
              item={item}
              childName={childName}
              recordings={recordings}
              confirmRef={confirmRef}
              onKeep={() => keep(item.id)}
            />
          ))}
        </ul>
      )}
      {items?.some((item) => item.runningRecord || item.heard) && (
        <FluencyTrend childId={childId} childName={childName} version={markedVersion(items)} />
      )}
    </section>
  );
}

/** What changes when a counted attempt (marked by the guide or heard) comes or goes: the chart loads again then. */
const markedVersion = (items: readonly RecordingDto[]) =>
  items
    .filter((item) => item.runningRecord || item.heard)
    .map((item) => `${item.id}:${(item.runningRecord ?? item.heard)?.wordsCorrectPerMinute}`)
    .join(',');

/**
 * Focus around the question before a deletion: it goes to "Yes, delete it" when the question opens,
 * and back to the Delete button it came from when the attempt is kept.
 */
function useQuestionFocus({ confirming, setConfirming }: Recordings) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const keep = (id: string) => {
    setConfirming(null);
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLButtonElement>(`[data-delete="${CSS.escape(id)}"]`)?.focus(),
    );
  };
  return { confirmRef, listRef, keep };
}

/** One attempt: the passage, when, its time and pace, its recording once played, and its buttons. */
function AttemptItem({
  item,
  childName,
  recordings,
  confirmRef,
  onKeep,
}: {
  item: RecordingDto;
  childName: string;
  recordings: Recordings;
  confirmRef: RefObject<HTMLButtonElement | null>;
  onKeep: () => void;
}) {
  const { playing, confirming } = recordings;
  const title = item.passageTitle ?? 'A passage no longer in our library';
  return (
    <li className="ra-attempt">
      <div className="ra-attempt-head">
        <strong>{title}</strong>
        <span className="ra-attempt-when">{formatTime(item.createdAt, 'dateTime')}</span>
      </div>
      <p className="ra-attempt-figures">
        <span aria-hidden="true">{formatDuration(item.durationMs)}</span>
        <span className="sr-only">{spokenDuration(item.durationMs)}</span>
        {item.wordsPerMinute !== null && ` · ${item.wordsPerMinute} words per minute`}
        {!item.hasAudio && (item.heard ? ' · figures only, no recording' : ' · timed only')}
      </p>
      {item.heard && !item.runningRecord && <HeardLine heard={item.heard} />}
      {item.runningRecord && <RunningRecordLine record={item.runningRecord} />}
      {playing?.id === item.id && (
        // biome-ignore lint/a11y/useMediaCaption: a child's own voice; there is nothing to caption.
        <audio
          controls
          autoPlay
          src={playing.url}
          className="ra-audio"
          aria-label={`${childName} reading ${title}`}
        />
      )}
      {confirming === item.id ? (
        <div className="ra-confirm">
          <span>Delete this attempt and its recording for good?</span>
          <ConfirmButtons
            confirmRef={confirmRef}
            confirm="Yes, delete it"
            keep="Keep it"
            onConfirm={() => void recordings.remove(item)}
            onKeep={onKeep}
          />
        </div>
      ) : (
        <AttemptActions item={item} title={title} recordings={recordings} />
      )}
    </li>
  );
}

/** Play (when there is a recording not already playing) and Delete, each naming the attempt. */
function AttemptActions({
  item,
  title,
  recordings,
}: {
  item: RecordingDto;
  title: string;
  recordings: Recordings;
}) {
  const { loadingAudio, deleting, playing } = recordings;
  const when = formatTime(item.createdAt, 'dateTime');
  return (
    <div className="ra-attempt-actions">
      {item.hasAudio && playing?.id !== item.id && (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-disabled={loadingAudio !== null}
          aria-label={`Play ${title}, ${when}`}
          onClick={() => loadingAudio === null && void recordings.play(item)}
        >
          {loadingAudio === item.id ? 'Loading…' : 'Play'}
        </button>
      )}
      <button
        type="button"
        className="btn btn-ghost btn-small"
        data-delete={item.id}
        aria-disabled={deleting !== null}
        aria-label={`Delete ${title}, ${when}`}
        onClick={() => deleting === null && recordings.setConfirming(item.id)}
      >
        {deleting === item.id ? 'Deleting…' : 'Delete'}
      </button>
    </div>
  );
}
