import type { HeardReading } from '~/features/readAloud/listening/heardReading';

/** What the page tells the listening worker. */
export type ToListener = {
  type: 'listen';
  /** The microphone's sample rate, as the audio context runs it. */
  sampleRate: number;
  /** How each passage word may be said (ARPAbet); an empty list for a word not listened for. */
  pronunciations: string[][];
  /** Where the audio comes from: the audio tap's other end. */
  audio: MessagePort;
};

/** What comes through the audio port: blocks of samples, then the end of the reading. */
export type AudioMessage = { type: 'samples'; samples: Float32Array } | { type: 'end' };

/** What the worker tells the page. */
export type FromListener =
  | { type: 'loading'; loaded: number; total: number }
  | { type: 'ready' }
  | { type: 'heard'; furthest: number }
  | { type: 'result'; reading: HeardReading }
  | { type: 'failed'; message: string };

/** Where the model's files are: written into the build by scripts/listeningModel.mjs. */
export interface ListeningModel {
  base: string;
  /** Decoder setting → file name. */
  files: Record<string, string>;
  /** All of them, uncompressed. */
  bytes: number;
}
