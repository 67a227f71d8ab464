import { useCallback, useEffect, useRef, useState } from 'react';
import { baseType, MAX_DURATION_MS, pickRecorderType } from '~/features/readAloud/readAloud';

/** Why this attempt is timed without a recording; null while the microphone is recording. */
export type NoMicReason = 'unsupported' | 'refused' | 'no-device' | 'failed';

export interface Take {
  durationMs: number;
  /** The recording, or null when timed only. */
  audio: Blob | null;
}

export const NO_MIC_MESSAGES: Record<NoMicReason, string> = {
  unsupported: 'This browser cannot record audio, so this attempt is timed only. Your time is still saved.',
  refused:
    'The microphone was not allowed, so this attempt is timed only. To record next time, allow the microphone for this site in your browser’s settings.',
  'no-device':
    'We could not find a microphone, so this attempt is timed only. Plug one in and start again to record.',
  failed: 'The microphone could not start, so this attempt is timed only. You can try again later.',
};

function reasonOf(error: unknown): NoMicReason {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'no-device';
  return 'failed';
}

/**
 * Opens the microphone and starts recording from it, the audio gathered into `chunks` every second;
 * without one, answers why (the stream is already given back).
 */
async function openMicrophone(
  stream: { current: MediaStream | null },
  chunks: { current: Blob[] },
  release: () => void,
): Promise<MediaRecorder | NoMicReason> {
  try {
    // The voice as the microphone hears it: a call's echo and noise filters blur words for listening.
    stream.current = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
    const mimeType = pickRecorderType((t) => MediaRecorder.isTypeSupported(t));
    const rec = new MediaRecorder(stream.current, mimeType ? { mimeType } : {});
    rec.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.current.push(event.data);
    };
    rec.start(1000);
    return rec;
  } catch (error) {
    release();
    return reasonOf(error);
  }
}

/** Stops a recorder and answers its audio once the last of it has arrived (null when there is none). */
async function stopRecording(rec: MediaRecorder, chunks: Blob[]): Promise<Blob | null> {
  const stopped = new Promise<void>((resolve) =>
    rec.addEventListener('stop', () => resolve(), { once: true }),
  );
  rec.stop();
  await stopped;
  const type = baseType(rec.mimeType) || 'audio/webm';
  return chunks.length > 0 ? new Blob(chunks, { type }) : null;
}

/**
 * The reading's timer: `begin` starts it from zero, ticking four times a second, and calls
 * `onAutoStop` once the longest reading is reached; `end` stops it at whole milliseconds, as the
 * server stores them, so the figures shown now match the saved ones.
 */
function useReadingTimer(onAutoStop: () => void) {
  const [elapsedMs, setElapsedMs] = useState(0);
  const startedAt = useRef(0);
  const tick = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearInterval(tick.current), []);

  const begin = useCallback(() => {
    startedAt.current = performance.now();
    setElapsedMs(0);
    tick.current = window.setInterval(() => {
      const ms = performance.now() - startedAt.current;
      setElapsedMs(ms);
      if (ms >= MAX_DURATION_MS) onAutoStop();
    }, 250);
  }, [onAutoStop]);

  const end = useCallback(() => {
    const durationMs = Math.round(Math.min(performance.now() - startedAt.current, MAX_DURATION_MS));
    window.clearInterval(tick.current);
    setElapsedMs(durationMs);
    return durationMs;
  }, []);

  return { elapsedMs, begin, end };
}

/**
 * One attempt at a time: asks for the microphone, records with MediaRecorder and times the
 * reading; without a microphone (refused, missing, unsupported) it times the reading alone.
 */
export function useRecorder(onAutoStop: () => void, onStream?: (stream: MediaStream) => void) {
  const [status, setStatus] = useState<'idle' | 'asking' | 'running'>('idle');
  const [noMic, setNoMic] = useState<NoMicReason | null>(null);
  const timer = useReadingTimer(onAutoStop);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const chunks = useRef<Blob[]>([]);

  const release = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
  }, []);
  useEffect(() => release, [release]);

  const { begin, end } = timer;
  const start = useCallback(async () => {
    chunks.current = [];
    recorder.current = null;
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setNoMic('unsupported');
    } else {
      setStatus('asking');
      const opened = await openMicrophone(stream, chunks, release);
      recorder.current = typeof opened === 'string' ? null : opened;
      setNoMic(typeof opened === 'string' ? opened : null);
      if (stream.current && typeof opened !== 'string') onStream?.(stream.current);
    }
    begin();
    setStatus('running');
  }, [release, begin, onStream]);

  /** Stops the timer and the recorder; answers the take once the last audio has arrived. */
  const stop = useCallback(async (): Promise<Take> => {
    const durationMs = end();
    setStatus('idle');
    const rec = recorder.current;
    recorder.current = null;
    const audio = rec && rec.state !== 'inactive' ? await stopRecording(rec, chunks.current) : null;
    release();
    chunks.current = [];
    return { durationMs, audio };
  }, [release, end]);

  return { status, noMic, elapsedMs: timer.elapsedMs, start, stop };
}
