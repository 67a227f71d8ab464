import { useCallback, useEffect, useRef, useState } from 'react';
import { type HeardReading, toggledWord } from '~/features/readAloud/listening/heardReading';
import {
  MAX_RECORDING_BYTES,
  MIN_DURATION_MS,
  readingRate,
  spokenDuration,
} from '~/features/readAloud/readAloud';
import { readAloudApi } from '~/features/readAloud/readAloud.api';
import type { Passage } from '~/features/readAloud/readAloud.schema';
import { recordingsChanged } from '~/features/readAloud/readAloud.store';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call, newIdempotencyKey } from '~/platform/client/api';
import { useListening } from './listening/useListening';
import { type Take, useRecorder } from './useRecorder';

type Phase = 'ready' | 'finished';
export type SaveState = { status: 'idle' | 'saving' | 'saved' } | { status: 'error'; message: string };

/**
 * A finished attempt. `id` names its save, so that every try of it is one submission with one
 * idempotency key: a retry after a lost answer (the save was made, its answer never came) gets the
 * first answer again instead of a second copy of the attempt.
 */
export type Attempt = Take & {
  passage: Passage;
  childId: string;
  id: string;
  /** What listening on the device heard (null when it did not run, or failed); the family may correct it. */
  heard: HeardReading | null;
};

/** The recording that is saved with an attempt: none when there is none, or when it is over the size limit. */
export const keptAudio = (take: Take) =>
  take.audio !== null && take.audio.size <= MAX_RECORDING_BYTES ? take.audio : null;

/** What listening heard (as the family corrected it) goes with the attempt: marks and figures, never audio. */
function saveHeard(attempt: Attempt, recordingId: string, heard: HeardReading) {
  return call(readAloudApi.saveHeard, {
    params: { id: attempt.childId, recordingId },
    body: {
      marks: heard.marks.map(({ word }) => ({ word, kind: 'omission' as const })),
      lastWord: heard.lastWord,
      readingMs: Math.max(1_000, Math.min(heard.readingMs, Math.round(attempt.durationMs))),
      confidence: heard.confidence,
      corrected: heard.corrected?.length ?? 0,
    },
  });
}

/**
 * Saving an attempt to the child's history through useSubmit (two presses of "Try saving again"
 * send it once), and where that stands: idle, saving, saved, or failed with the API's words.
 */
function useAttemptSave(announce: (text: string) => void) {
  const { submit, busy, errors, setErrors } = useSubmit();
  const [saved, setSaved] = useState(false);

  /** Saves the attempt, with its recording only when the family chose to keep it. */
  const upload = (attempt: Attempt, keepRecording: boolean) =>
    submit(
      async (idempotencyKey) => {
        // The recording travels as the raw body; with none (or one too big), the attempt is saved as timed only.
        const audio = keepRecording ? keptAudio(attempt) : null;
        const saved = await call(readAloudApi.createRecording, {
          params: { id: attempt.childId },
          query: { passageId: attempt.passage.id, durationMs: Math.round(attempt.durationMs) },
          ...(audio ? { file: audio } : {}),
          timeoutMs: 60_000,
          idempotencyKey,
        });
        if (attempt.heard?.trusted) await saveHeard(attempt, saved.id, attempt.heard);
        setSaved(true);
        announce(
          keepRecording && attempt.audio !== null && audio === null
            ? 'Saved. The recording was too long to keep, so only the time was saved.'
            : 'Saved to the reading history.',
        );
        recordingsChanged();
      },
      { what: `${attempt.id}:${keepRecording}`, fallback: 'The attempt could not be saved.' },
    );

  /** The same save again, with the choice first made. */
  const lastChoice = useRef(false);
  const save = (attempt: Attempt, keepRecording: boolean) => {
    lastChoice.current = keepRecording;
    return upload(attempt, keepRecording);
  };
  const retry = (attempt: Attempt) => upload(attempt, lastChoice.current);

  /** Forgets the last save, for a new attempt. */
  const reset = () => {
    setSaved(false);
    setErrors({});
  };

  const state: SaveState = busy
    ? { status: 'saving' }
    : errors.form
      ? { status: 'error', message: errors.form }
      : { status: saved ? 'saved' : 'idle' };
  return { save: state, upload: save, retry, reset };
}

/** What is said when an attempt is finished: its time, its pace when there is one, and the choice to make. */
function finishedAnnouncement(passage: Passage, done: Take) {
  const rate = readingRate(passage.wordCount, done.durationMs, done.audio !== null);
  const pace = rate === null ? '' : `, ${rate} words per minute`;
  const choose = done.audio ? ' Choose whether to keep the recording.' : '';
  return `Finished: ${spokenDuration(done.durationMs)}${pace}.${choose}`;
}

/** The attempt shown, and an address in memory to play its recording from (given back when it changes). */
function useShownAttempt() {
  const [take, setTake] = useState<Attempt | null>(null);
  const [playbackUrl, setPlaybackUrl] = useState<string | null>(null);
  useEffect(() => () => void (playbackUrl && URL.revokeObjectURL(playbackUrl)), [playbackUrl]);

  const show = (attempt: Attempt) => {
    setTake(attempt);
    setPlaybackUrl(attempt.audio ? URL.createObjectURL(attempt.audio) : null);
  };
  const hide = () => {
    setTake(null);
    setPlaybackUrl(null);
  };
  /** The family's correction of one word's mark: heard, or missed. */
  const correct = (word: number) =>
    setTake((shown) => (shown?.heard ? { ...shown, heard: toggledWord(shown.heard, word) } : shown));
  return { take, playbackUrl, show, hide, correct };
}

/** Listening to the reading of `passage`, started as soon as the microphone's stream is open. */
function useListeningTo(passage: Passage | undefined) {
  const listening = useListening();
  const passageId = passage?.id;
  const { start } = listening;
  const onStream = useCallback(
    (stream: MediaStream) => void (passageId && start(stream, passageId)),
    [passageId, start],
  );
  return { listening, onStream };
}

/** Where focus goes: the result's heading, Start and Finish. */
function usePracticeRefs() {
  return {
    result: useRef<HTMLHeadingElement>(null),
    start: useRef<HTMLButtonElement>(null),
    finish: useRef<HTMLButtonElement>(null),
  };
}

/** Stops the recording, then listening, which scores what it heard up to the end. */
async function stopAll(
  recorder: ReturnType<typeof useRecorder>,
  listening: ReturnType<typeof useListening>,
): Promise<[Take, HeardReading | null]> {
  const done = await recorder.stop();
  return [done, await listening.finish()];
}

/**
 * One practice at a time for `childId` on `passage`: Start asks for the microphone and times the
 * reading, Finish keeps the attempt (one under a second is not kept), shows it and saves it; what
 * happens is announced, and focus follows it (to Finish, to the result, back to Start).
 */
export function usePractice(passage: Passage | undefined, childId: string | undefined) {
  const [phase, setPhase] = useState<Phase>('ready');
  const shown = useShownAttempt();
  const [announcement, setAnnouncement] = useState('');
  const refs = usePracticeRefs();
  const finishing = useRef(false);
  const saving = useAttemptSave(setAnnouncement);

  const onAutoStop = useCallback(() => void refs.finish.current?.click(), [refs.finish]);
  const { listening, onStream } = useListeningTo(passage);
  const recorder = useRecorder(onAutoStop, onStream);
  useRecorderAnnouncements(recorder, setAnnouncement, refs.finish);

  /** Back to a clean start: no attempt shown, nothing saved, nothing announced (or `announcement`). */
  const clear = (announcement = '') => {
    shown.hide();
    saving.reset();
    setAnnouncement(announcement);
  };

  const start = async () => {
    if (!passage || !childId) return;
    clear('Asking for the microphone…');
    listening.reset();
    await recorder.start();
  };

  const finish = async () => {
    if (finishing.current || !passage || !childId) return;
    finishing.current = true;
    const [done, heard] = await stopAll(recorder, listening);
    finishing.current = false;
    if (done.durationMs < MIN_DURATION_MS) {
      setAnnouncement('That was under a second, so nothing was saved. Press Start and read the passage.');
      refs.start.current?.focus();
      return;
    }
    const attempt: Attempt = { ...done, passage, childId, id: newIdempotencyKey(), heard };
    shown.show(attempt);
    setPhase('finished');
    setAnnouncement(finishedAnnouncement(passage, done));
    // A reading without a recording has no choice to make: it is saved at once.
    if (!done.audio) void saving.upload(attempt, false);
  };

  useEffect(() => {
    if (phase === 'finished') refs.result.current?.focus();
  }, [phase, refs.result]);

  const again = () => {
    setPhase('ready');
    clear();
  };

  const { take, playbackUrl } = shown;
  return {
    ...{ phase, take, playbackUrl, announcement, refs, recorder, listening: listening.state },
    ...{ start, finish, again, correct: shown.correct, ...saving },
  };
}

/** Once the recorder has really started (or fallen back to the timer), say so and move focus to Finish. */
function useRecorderAnnouncements(
  recorder: ReturnType<typeof useRecorder>,
  announce: (text: string) => void,
  finishRef: { current: HTMLButtonElement | null },
) {
  const running = recorder.status === 'running';
  useEffect(() => {
    if (!running) return;
    announce(
      recorder.noMic
        ? 'Timer started, without recording. Read the passage aloud.'
        : 'Recording started. Read the passage aloud.',
    );
    finishRef.current?.focus();
  }, [running, recorder.noMic, announce, finishRef]);
}

export type Practice = ReturnType<typeof usePractice>;
