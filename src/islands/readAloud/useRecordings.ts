import { useStore } from '@nanostores/react';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import { readAloudApi } from '~/features/readAloud/readAloud.api';
import type { RecordingDto } from '~/features/readAloud/readAloud.schema';
import { $recordingsVersion, recordingsChanged } from '~/features/readAloud/readAloud.store';
import { errorMessage } from '~/islands/shared/loadState';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call, callForBlob } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';

/**
 * A child's attempts, loaded once the sign-in is known and again whenever an attempt is saved
 * elsewhere on the page; another child's list starts empty. `message` is the list's one line of
 * news: a recording that could not be loaded, an attempt deleted or not.
 */
export function useRecordings(childId: string) {
  const authReady = useStore($authReady);
  const version = useStore($recordingsVersion);
  const [items, setItems] = useState<RecordingDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const { playing, setPlaying, loadingAudio, play } = useRecordingPlayer(childId, setMessage);
  const [confirming, setConfirming] = useState<string | null>(null);

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

  const list = { setItems, setMessage, playing, setPlaying, setConfirming };
  const shown = { authReady, items, error, message, playing, confirming, setConfirming };
  return { ...shown, loadingAudio, play, ...useDeletion(childId, list) };
}

/** What playing and deleting change in the list. */
interface ListState {
  setItems: Dispatch<SetStateAction<RecordingDto[] | null>>;
  setMessage: (message: string) => void;
  playing: { id: string; url: string } | null;
  setPlaying: (playing: { id: string; url: string } | null) => void;
  setConfirming: (id: string | null) => void;
}

/**
 * A recording fetched with the family's sign-in and played from memory: it never has a public
 * address, and its memory is let go when another plays or the page leaves. `onMessage` hears why
 * one could not be loaded (and '' when a new one starts).
 */
export function useRecordingPlayer(childId: string, onMessage: (message: string) => void) {
  const [playing, setPlaying] = useState<{ id: string; url: string } | null>(null);
  const [loadingAudio, setLoadingAudio] = useState<string | null>(null);
  useEffect(() => () => void (playing && URL.revokeObjectURL(playing.url)), [playing]);
  const setMessage = onMessage;

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

  return { playing, setPlaying, loadingAudio, play };
}

/**
 * Deleting an attempt through useSubmit (`deleting` names it): the question closes; once deleted,
 * the attempt leaves the list and focus goes to the list's heading; either way, the list's message
 * says what happened.
 */
function useDeletion(
  childId: string,
  { setItems, setMessage, playing, setPlaying, setConfirming }: ListState,
) {
  const { submit, pending } = useSubmit();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fallback = 'The attempt could not be deleted.';

  const remove = (item: RecordingDto) => {
    setConfirming(null);
    return submit(
      async () => {
        try {
          await call(readAloudApi.deleteRecording, { params: { id: childId, recordingId: item.id } });
        } catch (err) {
          // The failure is said in the list's message line, where a playback's failure goes too.
          setMessage(errorMessage(err, fallback));
          throw err;
        }
        setItems((list) => list?.filter((r) => r.id !== item.id) ?? null);
        if (playing?.id === item.id) setPlaying(null);
        setMessage('The attempt and its recording are deleted.');
        // The voice portfolio on the page counts its readings again.
        recordingsChanged();
        headingRef.current?.focus();
      },
      { what: item.id, fallback },
    );
  };

  return { deleting: pending, remove, headingRef };
}
