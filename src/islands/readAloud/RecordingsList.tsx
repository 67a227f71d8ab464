import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { formatDuration, spokenDuration } from '~/features/readAloud/readAloud';
import { readAloudApi } from '~/features/readAloud/readAloud.api';
import type { RecordingDto } from '~/features/readAloud/readAloud.schema';
import { $recordingsVersion } from '~/features/readAloud/readAloud.store';
import { errorMessage } from '~/islands/shared/loadState';
import { call, callForBlob } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';
import { ConfirmButtons } from '../shared/ConfirmButtons';
import { WaitLine } from '../shared/Spinner';
import { useHydrated } from '../shared/useHydrated';
import './ReadAloud.css';
import { formatTime } from '~/platform/time';

export interface RecordingsListProps {
  childId: string;
  childName: string;
}

/**
 * A child's read-aloud attempts, newest first, with playback and deletion. The recordings are
 * fetched with the family's sign-in and played from memory: they never have a public address.
 * Used on the practice page; the profile page can mount it for any child of the family.
 */
export function RecordingsList({ childId, childName }: RecordingsListProps) {
  const hydrated = useHydrated();
  const authReady = useStore($authReady);
  const version = useStore($recordingsVersion);
  const [items, setItems] = useState<RecordingDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [playing, setPlaying] = useState<{ id: string; url: string } | null>(null);
  const [loadingAudio, setLoadingAudio] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingId = `ra-history-${childId}`;

  useEffect(() => {
    // `version` changes when an attempt is saved elsewhere on the page: load again then.
    if (!authReady || version < 0) return;
    let stale = false;
    setError(null);
    void (async () => {
      try {
        const list = await call(readAloudApi.recordings, { params: { id: childId } });
        if (!stale) setItems(list);
      } catch (err) {
        if (!stale) setError(errorMessage(err, 'The attempts could not be loaded.'));
      }
    })();
    return () => {
      stale = true;
    };
  }, [authReady, childId, version]);

  // Another child, another list: nothing of the previous one stays on screen (reset while rendering).
  const [shownFor, setShownFor] = useState(childId);
  if (shownFor !== childId) {
    setShownFor(childId);
    setItems(null);
    setPlaying(null);
    setConfirming(null);
    setMessage('');
  }

  useEffect(() => () => void (playing && URL.revokeObjectURL(playing.url)), [playing]);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const play = async (item: RecordingDto) => {
    setLoadingAudio(item.id);
    setMessage('');
    try {
      // An <audio src> cannot send the sign-in token, so the page fetches the recording itself.
      const blob = await callForBlob(readAloudApi.recordingAudio, {
        params: { id: childId, recordingId: item.id },
        timeoutMs: 60_000,
      });
      setPlaying({ id: item.id, url: URL.createObjectURL(blob) });
    } catch (err) {
      setMessage(errorMessage(err, 'The recording could not be loaded.'));
    } finally {
      setLoadingAudio(null);
    }
  };

  /** Back from the confirmation: focus returns to the Delete button it came from. */
  const keep = (id: string) => {
    setConfirming(null);
    requestAnimationFrame(() =>
      listRef.current?.querySelector<HTMLButtonElement>(`[data-delete="${CSS.escape(id)}"]`)?.focus(),
    );
  };

  const remove = async (item: RecordingDto) => {
    setConfirming(null);
    setDeleting(item.id);
    try {
      await call(readAloudApi.deleteRecording, { params: { id: childId, recordingId: item.id } });
      setItems((list) => list?.filter((r) => r.id !== item.id) ?? null);
      if (playing?.id === item.id) setPlaying(null);
      setMessage('The attempt and its recording are deleted.');
      headingRef.current?.focus();
    } catch (err) {
      setMessage(errorMessage(err, 'The attempt could not be deleted.'));
    } finally {
      setDeleting(null);
    }
  };

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
          {items.map((item) => {
            const title = item.passageTitle ?? 'A passage no longer in our library';
            return (
              <li key={item.id} className="ra-attempt">
                <div className="ra-attempt-head">
                  <strong>{title}</strong>
                  <span className="ra-attempt-when">{formatTime(item.createdAt, 'dateTime')}</span>
                </div>
                <p className="ra-attempt-figures">
                  <span aria-hidden="true">{formatDuration(item.durationMs)}</span>
                  <span className="sr-only">{spokenDuration(item.durationMs)}</span>
                  {item.wordsPerMinute !== null && ` · ${item.wordsPerMinute} words per minute`}
                  {!item.hasAudio && ' · timed only'}
                </p>
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
                      onConfirm={() => void remove(item)}
                      onKeep={() => keep(item.id)}
                    />
                  </div>
                ) : (
                  <div className="ra-attempt-actions">
                    {item.hasAudio && playing?.id !== item.id && (
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        aria-disabled={loadingAudio !== null}
                        aria-label={`Play ${title}, ${formatTime(item.createdAt, 'dateTime')}`}
                        onClick={() => loadingAudio === null && void play(item)}
                      >
                        {loadingAudio === item.id ? 'Loading…' : 'Play'}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      data-delete={item.id}
                      aria-disabled={deleting !== null}
                      aria-label={`Delete ${title}, ${formatTime(item.createdAt, 'dateTime')}`}
                      onClick={() => deleting === null && setConfirming(item.id)}
                    >
                      {deleting === item.id ? 'Deleting…' : 'Delete'}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
