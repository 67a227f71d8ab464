import type { Decoder, SoundSwallowerModule } from 'soundswallower';
import { type HeardReading, heardReading, type Segment } from './heardReading';
import { LISTENING_WEIGHTS, type ListeningWeights, positionOf, type ReadingGraph } from './readingGraph';

/** The rate the acoustic model was trained at; the page records at it (the browser resamples). */
export const LISTENING_SAMPLE_RATE = 16_000;

/** The decoder's settings for a reading at `sampleRate`. */
export function decoderConfig(sampleRate: number, weights: ListeningWeights = LISTENING_WEIGHTS) {
  return {
    samprate: sampleRate,
    lw: weights.languageWeight,
    silprob: weights.silence,
    topn: weights.gaussians,
    wbeam: weights.wordBeam,
    loglevel: 'FATAL',
  };
}

/**
 * The parts of the recognizer's C library that build a graph arc by arc (exported by the
 * WebAssembly module, not wrapped by its JavaScript API, which only parses JSGF text).
 */
interface GraphApi {
  HEAPU8: Uint8Array;
  _malloc(size: number): number;
  _free(pointer: number): void;
  _decoder_logmath(decoder: number): number;
  _logmath_log(logmath: number, p: number): number;
  _fsg_model_init(name: number, logmath: number, lw: number, states: number): number;
  _fsg_model_word_add(fsg: number, word: number): number;
  _fsg_model_trans_add(fsg: number, from: number, to: number, logp: number, word: number): void;
  _fsg_model_null_trans_add(fsg: number, from: number, to: number, logp: number): number;
  _fsg_set_states(fsg: number, start: number, final: number): void;
  _decoder_set_fsg(decoder: number, fsg: number): number;
}

/** Runs `use` with `text` as a C string in the module's memory. */
function withCString<T>(api: GraphApi, text: string, use: (pointer: number) => T): T {
  const bytes = new TextEncoder().encode(`${text}\0`);
  const pointer = api._malloc(bytes.length);
  api.HEAPU8.set(bytes, pointer);
  try {
    return use(pointer);
  } finally {
    api._free(pointer);
  }
}

/** Sets `graph` as what the decoder listens for, and adds its words to the decoder's dictionary. */
export function setReadingGraph(module: SoundSwallowerModule, decoder: Decoder, graph: ReadingGraph): void {
  if (graph.entries.length > 0) decoder.add_words(...graph.entries);
  const api = module as unknown as GraphApi;
  const cdecoder = (decoder as unknown as { cdecoder: number }).cdecoder;
  const logmath = api._decoder_logmath(cdecoder);
  const lw = Number(decoder.get_config('lw'));
  const fsg = withCString(api, 'reading', (name) => api._fsg_model_init(name, logmath, lw, graph.states));
  const words = new Map<string, number>();
  const wordId = (token: string) => {
    const known = words.get(token);
    if (known !== undefined) return known;
    const id = withCString(api, token, (word) => api._fsg_model_word_add(fsg, word));
    words.set(token, id);
    return id;
  };
  for (const arc of graph.arcs.filter((a) => a.p > 0)) {
    const logp = Math.round(api._logmath_log(logmath, arc.p) * lw);
    if (arc.token === undefined) api._fsg_model_null_trans_add(fsg, arc.from, arc.to, logp);
    else api._fsg_model_trans_add(fsg, arc.from, arc.to, logp, wordId(arc.token));
  }
  api._fsg_set_states(fsg, 0, graph.final);
  if (api._decoder_set_fsg(cdecoder, fsg) < 0) throw new Error('The decoder refused the reading graph.');
}

/**
 * A faint, fixed hiss added to every sample. Stretches of exact digital silence (a muted
 * microphone, a synthetic file) make the model's noise estimate collapse and then nothing is
 * heard; a microphone's own hiss is louder than this.
 */
export function withHiss(pcm: Float32Array, seed = 1): Float32Array {
  const out = new Float32Array(pcm.length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < pcm.length; i++) {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    out[i] = (pcm[i] ?? 0) + (state / 2 ** 32 - 0.5) * 0.002;
  }
  return out;
}

export interface Listening {
  /** Hears the next stretch of audio; answers the furthest word heard so far, if any. */
  hear(pcm: Float32Array): number | undefined;
  /** Ends the reading and scores it. */
  finish(): HeardReading;
}

/** Follows one reading of a passage of `wordCount` words on a decoder set up with its graph. */
export function startListening(decoder: Decoder, graph: ReadingGraph, wordCount: number): Listening {
  decoder.start();
  let furthest: number | undefined;
  let block = 1;
  return {
    hear(pcm) {
      decoder.process_audio(withHiss(pcm, block++), false, false);
      for (const token of decoder.get_text().split(' ')) {
        const position = positionOf(token);
        if (position !== undefined && position > (furthest ?? -1)) furthest = position;
      }
      return furthest;
    },
    finish() {
      decoder.stop();
      const alignment = decoder.get_alignment() as { w?: Segment[] };
      return heardReading(alignment.w ?? [], wordCount, graph.listened);
    },
  };
}
