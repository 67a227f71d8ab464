import { useCallback, useEffect, useRef, useState } from 'react';
import type { HeardReading } from '~/features/readAloud/listening/heardReading';
import { LISTENING_SAMPLE_RATE } from '~/features/readAloud/listening/recognizer';
import { readAloudApi } from '~/features/readAloud/readAloud.api';
import { call } from '~/platform/client/api';
import type { FromListener } from './messages';
import tapUrl from './pcmTap.worklet.ts?worker&url';

/** The longest the page waits for listening's score after Finish. */
const SCORING_TIMEOUT_MS = 60_000;

/** Where listening stands for the current attempt. */
export type ListeningState =
  | { status: 'off' }
  | { status: 'loading'; loaded: number; total: number }
  | { status: 'following'; furthest: number }
  | { status: 'scoring' }
  | { status: 'heard'; reading: HeardReading }
  | { status: 'failed'; message: string };

/** The worker, made on the first reading and kept for the next ones (the model stays loaded). */
function useListener(onMessage: (message: FromListener) => void) {
  const worker = useRef<Worker | null>(null);
  const handler = useRef(onMessage);
  handler.current = onMessage;
  useEffect(() => () => worker.current?.terminate(), []);
  return useCallback(() => {
    worker.current ??= new Worker(new URL('./listening.worker.ts', import.meta.url), { type: 'module' });
    worker.current.onmessage = (event: MessageEvent<FromListener>) => handler.current(event.data);
    return worker.current;
  }, []);
}

/** The microphone's samples, at the model's rate when the browser resamples, through the audio tap. */
async function openTap(stream: MediaStream) {
  let context: AudioContext;
  try {
    context = new AudioContext({ sampleRate: LISTENING_SAMPLE_RATE });
  } catch {
    context = new AudioContext();
  }
  await context.audioWorklet.addModule(tapUrl);
  const tap = new AudioWorkletNode(context, 'pcm-tap', { numberOfInputs: 1, numberOfOutputs: 0 });
  context.createMediaStreamSource(stream).connect(tap);
  const channel = new MessageChannel();
  tap.port.postMessage({ out: channel.port1 }, [channel.port1]);
  return { context, tap, port: channel.port2 };
}

/** What the worker says, as the state shown; `done` hears the end of a reading (null when it failed). */
function useListenerState() {
  const [state, setState] = useState<ListeningState>({ status: 'off' });
  const done = useRef<((reading: HeardReading | null) => void) | null>(null);
  const onMessage = (message: FromListener) => {
    if (message.type === 'loading')
      setState({ status: 'loading', loaded: message.loaded, total: message.total });
    else if (message.type === 'ready') setState({ status: 'following', furthest: -1 });
    else if (message.type === 'heard') setState({ status: 'following', furthest: message.furthest });
    else if (message.type === 'result') {
      setState({ status: 'heard', reading: message.reading });
      done.current?.(message.reading);
    } else {
      setState({ status: 'failed', message: message.message });
      done.current?.(null);
    }
  };
  return { state, setState, onMessage, done };
}

/**
 * Listening to one reading at a time on the device: `start` with the microphone's stream follows
 * the reading word by word (`furthest` is the last word heard); `finish` ends it and scores it.
 * The audio goes from the microphone to the worker and nowhere else.
 */
export function useListening() {
  const { state, setState, onMessage, done } = useListenerState();
  const tap = useRef<Awaited<ReturnType<typeof openTap>> | null>(null);
  const listener = useListener(onMessage);

  const close = useCallback(() => {
    void tap.current?.context.close();
    tap.current = null;
  }, []);
  useEffect(() => close, [close]);

  const start = useCallback(
    async (stream: MediaStream, passageId: string) => {
      close();
      try {
        setState({ status: 'loading', loaded: 0, total: 1 });
        const { pronunciations } = await call(readAloudApi.listening, { params: { id: passageId } });
        const opened = await openTap(stream);
        // Finished before listening could start: nothing to follow.
        if (stream.getAudioTracks().every((track) => track.readyState === 'ended')) {
          void opened.context.close();
          return setState({ status: 'off' });
        }
        tap.current = opened;
        const { context, port } = opened;
        listener().postMessage(
          { type: 'listen', sampleRate: context.sampleRate, pronunciations, audio: port },
          [port],
        );
      } catch {
        close();
        setState({ status: 'failed', message: 'Listening could not start on this device.' });
      }
    },
    [listener, close, setState],
  );

  /** Ends the reading; answers what was heard (null when listening was not running or failed). */
  const finish = useCallback(async (): Promise<HeardReading | null> => {
    const running = tap.current;
    if (!running) return null;
    setState({ status: 'scoring' });
    const heard = new Promise<HeardReading | null>((resolve) => {
      done.current = resolve;
    });
    running.tap.port.postMessage({ end: true });
    // A model still downloading on a lost connection must not hold the attempt: it is kept without.
    const gaveUp = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), SCORING_TIMEOUT_MS));
    const reading = await Promise.race([heard, gaveUp]);
    if (reading === 'late')
      setState({ status: 'failed', message: 'Listening took too long on this device.' });
    done.current = null;
    close();
    return reading === 'late' ? null : reading;
  }, [close, setState, done]);

  const reset = useCallback(() => setState({ status: 'off' }), [setState]);
  return { state, start, finish, reset };
}
