/// <reference lib="webworker" />
/**
 * Listening on the device: the recognizer (PocketSphinx compiled to WebAssembly) follows the child's
 * reading against the passage, off the page's thread. Audio comes in through a port from the audio
 * tap and never leaves this worker: nothing here sends anything anywhere; the only requests are
 * for the model's files, from the site itself.
 */
import createModule, { type Decoder, type SoundSwallowerModule } from 'soundswallower';
import { readingGraph } from '~/features/readAloud/listening/readingGraph';
import {
  decoderConfig,
  type Listening,
  setReadingGraph,
  startListening,
} from '~/features/readAloud/listening/recognizer';
import type { AudioMessage, FromListener, ListeningModel, ToListener } from './messages';

declare const __LISTENING_MODEL__: ListeningModel;
declare const self: DedicatedWorkerGlobalScope;

const post = (message: FromListener) => self.postMessage(message);

let recognizer: Promise<SoundSwallowerModule> | undefined;
let files: Promise<Record<string, string>> | undefined;

/** Reads one file of the model, counting its bytes as they come; answers an address in memory for it. */
async function fetchCounted(url: string, counted: (bytes: number) => void): Promise<string> {
  const response = await fetch(url);
  if (!response.ok || !response.body)
    throw new Error(`The listening model could not be loaded (${response.status}).`);
  const parts: Uint8Array[] = [];
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) {
    parts.push(part.value);
    counted(part.value.byteLength);
  }
  return URL.createObjectURL(new Blob(parts as BlobPart[]));
}

/** The model's files, fetched once per worker with progress, as addresses the decoder reads. */
function modelFiles(): Promise<Record<string, string>> {
  const model = __LISTENING_MODEL__;
  let loaded = 0;
  const counted = (bytes: number) => {
    loaded += bytes;
    post({ type: 'loading', loaded: Math.min(loaded, model.bytes), total: model.bytes });
  };
  files ??= Promise.all(
    Object.entries(model.files).map(
      async ([setting, name]) => [setting, await fetchCounted(model.base + name, counted)] as const,
    ),
  ).then(Object.fromEntries);
  return files;
}

async function newDecoder(sampleRate: number): Promise<{ module: SoundSwallowerModule; decoder: Decoder }> {
  recognizer ??= createModule({ defaultModel: null } as never);
  const [module, paths] = await Promise.all([recognizer, modelFiles()]);
  const decoder = new module.Decoder({ ...decoderConfig(sampleRate), ...paths });
  await decoder.initialize();
  return { module, decoder };
}

let current: { decoder: Decoder; port: MessagePort } | undefined;

function stopCurrent() {
  current?.port.close();
  current?.decoder.delete();
  current = undefined;
}

/** Hears each block of samples as it comes (saying when a further word is heard), and scores the reading at the end. */
function follow(listening: Listening, port: MessagePort) {
  let furthest = -1;
  port.onmessage = (event: MessageEvent<AudioMessage>) => {
    if (current?.port !== port) return;
    if (event.data.type === 'end') {
      post({ type: 'result', reading: listening.finish() });
      stopCurrent();
      return;
    }
    const heard = listening.hear(event.data.samples);
    if (heard !== undefined && heard > furthest) {
      furthest = heard;
      post({ type: 'heard', furthest });
    }
  };
}

async function listen(message: ToListener) {
  stopCurrent();
  const { module, decoder } = await newDecoder(message.sampleRate);
  const graph = readingGraph(message.pronunciations);
  setReadingGraph(module, decoder, graph);
  current = { decoder, port: message.audio };
  follow(startListening(decoder, graph, message.pronunciations.length), message.audio);
  post({ type: 'ready' });
}

self.onmessage = (event: MessageEvent<ToListener>) => {
  listen(event.data).catch((error: unknown) => {
    stopCurrent();
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  });
};
