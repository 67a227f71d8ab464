/**
 * npm run bench:listening: how well listening on the device follows a reading. Scores the
 * recognizer against the labelled set (scripts/listening/labelledSet.ts) and prints precision and
 * recall of "missed" and "read", the error of words correct per minute against the truth, and the
 * time it takes per minute of audio. Needs espeak-ng (apt-get install espeak-ng) for the audio.
 *
 *   npm run bench:listening                 every reading, the weights the site uses
 *   npm run bench:listening -- --quick      one reading in four
 *   npm run bench:listening -- --lw 10 --skip 1e-3 --silence 1e-3   other weights
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import createModule from 'soundswallower';
import { type HeardReading, heardBounds } from '../src/features/readAloud/listening/heardReading';
import { parseDictionary, pronounce } from '../src/features/readAloud/listening/pronunciations.server';
import {
  LISTENING_WEIGHTS,
  type ListeningWeights,
  readingGraph,
} from '../src/features/readAloud/listening/readingGraph';
import {
  decoderConfig,
  LISTENING_SAMPLE_RATE,
  setReadingGraph,
  startListening,
} from '../src/features/readAloud/listening/recognizer';
import { passageWords } from '../src/features/readAloud/readAloud';
import { speechSpanMs } from './listening/audio';
import { labelledSet, type Reading } from './listening/labelledSet';
import { hasSynthesizer, readingAudio } from './listening/synthesize';

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    lw: { type: 'string' },
    skip: { type: 'string' },
    silence: { type: 'string' },
    topn: { type: 'string' },
    other: { type: 'string' },
    repeat: { type: 'string' },
    stop: { type: 'string' },
    wbeam: { type: 'string' },
    verbose: { type: 'boolean', default: false },
    only: { type: 'string' },
    chromium: { type: 'boolean', default: false },
    log: { type: 'string' },
  },
});
const weights: ListeningWeights = {
  languageWeight: Number(values.lw ?? LISTENING_WEIGHTS.languageWeight),
  skip: Number(values.skip ?? LISTENING_WEIGHTS.skip),
  silence: Number(values.silence ?? LISTENING_WEIGHTS.silence),
  gaussians: Number(values.topn ?? LISTENING_WEIGHTS.gaussians),
  other: Number(values.other ?? LISTENING_WEIGHTS.other),
  repeat: Number(values.repeat ?? LISTENING_WEIGHTS.repeat),
  stop: Number(values.stop ?? LISTENING_WEIGHTS.stop),
  wordBeam: Number(values.wbeam ?? LISTENING_WEIGHTS.wordBeam),
};

if (!hasSynthesizer()) {
  console.error(
    'bench:listening makes its audio with espeak-ng: apt-get install espeak-ng (or brew install espeak-ng).',
  );
  process.exit(1);
}

const packageDir = dirname(createRequire(import.meta.url).resolve('soundswallower'));
const dictionary = parseDictionary(readFileSync(join(packageDir, 'model/en-us/dict.txt'), 'utf8'));
const recognizer = await createModule({ modelBase: `${join(packageDir, 'model')}/` } as never);

interface Outcome {
  reading: Reading;
  pronunciations: string[][];
  samples: Float32Array;
  heard: HeardReading;
  listened: Set<number>;
  audioMs: number;
  decodeMs: number;
  truthWcpm: number;
}

/** Hears one reading the way the page does: in blocks of 4,096 samples as they come. */
async function hear(reading: Reading): Promise<Outcome> {
  const words = passageWords(reading.text);
  const pronunciations = pronounce(dictionary, words);
  const graph = readingGraph(pronunciations, weights);
  const { audio, clean } = readingAudio(reading, LISTENING_SAMPLE_RATE);
  const decoder = new recognizer.Decoder({
    ...decoderConfig(LISTENING_SAMPLE_RATE, weights),
    ...(values.log ? { loglevel: values.log } : {}),
  });
  await decoder.initialize();
  setReadingGraph(recognizer, decoder, graph);
  const started = performance.now();
  const listening = startListening(decoder, graph, words.length);
  const block = Number(process.env.BLOCK ?? 4096);
  for (let i = 0; i < audio.samples.length; i += block) listening.hear(audio.samples.subarray(i, i + block));
  const heard = listening.finish();
  const decodeMs = performance.now() - started;
  decoder.delete();
  const correct = reading.truth.filter((t) => t === 'read').length;
  const truthWcpm = Math.round((correct * 60_000) / speechSpanMs(clean));
  const audioMs = (audio.samples.length / LISTENING_SAMPLE_RATE) * 1000;
  const listened = new Set(graph.listened);
  return { reading, pronunciations, samples: audio.samples, heard, listened, audioMs, decodeMs, truthWcpm };
}

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  wcpmErrors: number[];
  trusted: number;
  readings: number;
}
const emptyTally = (): Tally => ({ tp: 0, fp: 0, fn: 0, tn: 0, wcpmErrors: [], trusted: 0, readings: 0 });

/** Adds one reading: "missed" is the positive class; words not reached in truth are left out. */
function count(tally: Tally, o: Outcome) {
  o.reading.truth.forEach((truth, i) => {
    if (truth === 'unreached' || !o.listened.has(i)) return;
    const saidMissed = o.heard.words[i]?.mark !== 'read';
    if (truth === 'missed') saidMissed ? tally.tp++ : tally.fn++;
    else saidMissed ? tally.fp++ : tally.tn++;
  });
  tally.readings++;
  if (o.heard.trusted) {
    tally.trusted++;
    tally.wcpmErrors.push(Math.abs(o.heard.score.wordsCorrectPerMinute - o.truthWcpm));
  }
}

const ratio = (a: number, b: number) => (b === 0 ? '   -' : `${((100 * a) / b).toFixed(0).padStart(3)}%`);
const median = (xs: number[]) =>
  xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs: number[]) => (xs.length === 0 ? NaN : xs.reduce((a, b) => a + b, 0) / xs.length);

function line(label: string, t: Tally) {
  const cells = [
    label.padEnd(22),
    `missed P ${ratio(t.tp, t.tp + t.fp)} R ${ratio(t.tp, t.tp + t.fn)}`,
    `read P ${ratio(t.tn, t.tn + t.fn)} R ${ratio(t.tn, t.tn + t.fp)}`,
    `trusted ${String(t.trusted).padStart(3)}/${String(t.readings).padEnd(3)}`,
    `WCPM error mean ${mean(t.wcpmErrors).toFixed(1).padStart(5)} median ${String(median(t.wcpmErrors)).padStart(3)}`,
  ];
  console.log(cells.join('  '));
}

/**
 * Whether each figure's range (heardBounds: the marks in doubt) held the truth, and how wide it was;
 * and how many of the words said again listening noted as repeats, and how many it noted where none was.
 */
function howSure(outcomes: Outcome[]) {
  const trusted = outcomes.filter((o) => o.heard.trusted);
  const held = trusted.filter((o) => {
    const { low, high } = heardBounds(o.heard).wordsCorrect;
    const truth = o.reading.truth.filter((t, i) => t === 'read' && i < o.heard.score.words).length;
    return truth >= low && truth <= high;
  });
  const widths = trusted.map((o) => {
    const { low, high } = heardBounds(o.heard).wordsCorrect;
    return high - low;
  });
  const repeated = outcomes.flatMap((o) => o.reading.repeatedAt.map((i) => ({ o, i })));
  const found = repeated.filter(({ o, i }) => o.heard.repeats.some((r) => r === i || r === i - 1));
  const without = outcomes.filter((o) => o.reading.repeatedAt.length === 0);
  const falseRepeats = without.reduce((sum, o) => sum + o.heard.repeats.length, 0);
  console.log(
    `\nWords-correct range held the truth in ${held.length} of ${trusted.length} trusted readings (${ratio(held.length, trusted.length).trim()}); width mean ${mean(widths).toFixed(1)}, median ${median(widths)} words`,
  );
  console.log(
    `Repeats: ${found.length} of ${repeated.length} words said again were noted (${ratio(found.length, repeated.length).trim()}); ${falseRepeats} noted in ${without.length} readings without any`,
  );
}

function report(outcomes: Outcome[]) {
  const groups = new Map<string, Tally>();
  const add = (key: string, o: Outcome) => {
    const tally = groups.get(key) ?? emptyTally();
    count(tally, o);
    groups.set(key, tally);
  };
  for (const o of outcomes) {
    add('all readings', o);
    add(o.reading.change, o);
    add(`${o.reading.speed} words/min voice`, o);
    add(`voice ${o.reading.voice} p${o.reading.pitch}`, o);
    add(o.reading.snrDb === null ? 'no noise' : `noise at ${o.reading.snrDb} dB SNR`, o);
  }
  for (const [label, tally] of groups) line(label, tally);
  howSure(outcomes);
  const audioMinutes = outcomes.reduce((s, o) => s + o.audioMs, 0) / 60_000;
  const decodeSeconds = outcomes.reduce((s, o) => s + o.decodeMs, 0) / 1000;
  console.log(
    `\n${outcomes.length} readings, ${audioMinutes.toFixed(1)} minutes of audio; listening took ${(decodeSeconds / audioMinutes).toFixed(2)} s per minute of audio in Node (${(decodeSeconds / (audioMinutes * 60)).toFixed(3)}× real time)`,
  );
}

const set = labelledSet(dictionary).filter(
  (r, i) => (!values.quick || i % 4 === 0) && (!values.only || r.id.startsWith(values.only)),
);
console.log(`weights: ${JSON.stringify(weights)}\n`);
const outcomes: Outcome[] = [];
for (const reading of set) {
  const outcome = await hear(reading);
  outcomes.push(outcome);
  if (values.verbose) {
    const words = passageWords(reading.text);
    const marks = outcome.heard.words.map(
      (w, i) =>
        `${w.mark === 'read' ? '' : w.mark === 'missed' ? '✗' : w.mark === 'unreached' ? '…' : '?'}${reading.truth[i] === 'missed' ? '!' : ''}${words[i]}`,
    );
    console.log(
      `${reading.id} conf ${outcome.heard.confidence} wcpm ${outcome.heard.score.wordsCorrectPerMinute}/${outcome.truthWcpm}: ${marks.join(' ')}`,
    );
  }
}
report(outcomes);
if (values.chromium) await compareInChromium(outcomes);

/** The same readings in Chromium: how long they take there, and whether every mark is the same. */
async function compareInChromium(outcomes: Outcome[]) {
  if (
    Object.entries(LISTENING_WEIGHTS).some(([key, value]) => weights[key as keyof ListeningWeights] !== value)
  )
    console.log('(Chromium runs the site’s weights)');
  const { hearInChromium } = await import('./listening/inChromium');
  const heard = await hearInChromium(
    outcomes.map((o) => ({
      id: o.reading.id,
      pronunciations: o.pronunciations,
      samples: o.samples,
      rate: LISTENING_SAMPLE_RATE,
    })),
  );
  let same = 0;
  let words = 0;
  let ms = 0;
  for (const o of outcomes) {
    const there = heard.get(o.reading.id);
    if (!there) continue;
    ms += there.ms;
    o.heard.words.forEach((w, i) => {
      words++;
      if (w.mark === there.reading.words[i]?.mark) same++;
    });
  }
  const minutes = outcomes.reduce((sum, o) => sum + o.audioMs, 0) / 60_000;
  console.log(
    `Chromium: ${(ms / 1000 / minutes).toFixed(2)} s per minute of audio (${(ms / 1000 / (minutes * 60)).toFixed(3)}× real time); ${((100 * same) / Math.max(1, words)).toFixed(1)}% of the ${words} words marked as in Node`,
  );
}
