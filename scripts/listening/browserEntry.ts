/**
 * The recognizer as the practice page's worker runs it, for `bench:listening -- --chromium`: the
 * browser build of soundswallower, the same graph and scoring, timed in the page.
 */
import createModule from 'soundswallower';
import type { HeardReading } from '../../src/features/readAloud/listening/heardReading';
import { readingGraph } from '../../src/features/readAloud/listening/readingGraph';
import {
  decoderConfig,
  setReadingGraph,
  startListening,
} from '../../src/features/readAloud/listening/recognizer';

declare global {
  interface Window {
    listenTo(
      pronunciations: string[][],
      audioUrl: string,
      rate: number,
    ): Promise<{ reading: HeardReading; ms: number }>;
  }
}

const recognizer = createModule({ modelBase: '/model/' } as never);

window.listenTo = async (pronunciations, audioUrl, rate) => {
  const module = await recognizer;
  const samples = new Float32Array(await (await fetch(audioUrl)).arrayBuffer());
  const decoder = new module.Decoder({ ...decoderConfig(rate), dict: '/model/en-us/empty.dict' });
  await decoder.initialize();
  const graph = readingGraph(pronunciations);
  setReadingGraph(module, decoder, graph);
  const started = performance.now();
  const listening = startListening(decoder, graph, pronunciations.length);
  for (let i = 0; i < samples.length; i += 4096) listening.hear(samples.subarray(i, i + 4096));
  const reading = listening.finish();
  const ms = performance.now() - started;
  decoder.delete();
  return { reading, ms };
};
