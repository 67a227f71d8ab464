/**
 * The labelled set the recognizer is measured against: each demo passage read by a synthetic voice
 * with known slips written in, so the truth of every word is known. Built the same way on every
 * run (a seeded choice of words); only the audio is made by `synthesize.ts`.
 */
import { PASSAGES } from '../../src/features/demo/demoContent';
import { dictionaryKey } from '../../src/features/readAloud/listening/spokenWords';
import { passageWords } from '../../src/features/readAloud/readAloud';
import { randomFrom } from './audio';

export const CHANGES = [
  'as written',
  'omissions',
  'substitutions',
  'repeats',
  'self-corrections',
  'pauses',
  'stopped early',
] as const;
export type Change = (typeof CHANGES)[number];

export const VOICES = [
  { voice: 'en-us', pitch: 50 },
  { voice: 'en-us+f4', pitch: 70 },
  { voice: 'en-us+f3', pitch: 85 },
] as const;
export const SPEEDS = [90, 120, 150] as const;

/** The truth about one passage word: read right, missed (left out or said as another word), or never reached. */
export type Truth = 'read' | 'missed' | 'unreached';

export interface Reading {
  id: string;
  passage: string;
  text: string;
  /** What the voice says, in espeak-ng's SSML. */
  said: string;
  truth: Truth[];
  /** The words said again (a repeat of the word before and this one is placed on this one). */
  repeatedAt: number[];
  change: Change;
  voice: string;
  pitch: number;
  speed: number;
  /** Noise mixed in, in dB below the speech; null for none. */
  snrDb: number | null;
}

/** Positions of `count` distinct words away from the first and last two. */
function somePositions(length: number, count: number, random: () => number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, length - 4)) chosen.add(2 + Math.floor(random() * (length - 4)));
  return [...chosen].sort((a, b) => a - b);
}

/** Another real word a child might say instead: same first letter, close in length. */
function substituteFor(word: string, dictionary: Map<string, string[]>, random: () => number): string {
  const key = dictionaryKey(word);
  const near = [...dictionary.keys()].filter(
    (w) => w !== key && w[0] === key[0] && Math.abs(w.length - key.length) <= 1 && /^[a-z]+$/u.test(w),
  );
  return near[Math.floor(random() * near.length)] ?? 'mm';
}

type Spoken = { said: string[]; truth: Truth[]; repeatedAt: number[] };

function speak(
  change: Change,
  words: string[],
  dictionary: Map<string, string[]>,
  random: () => number,
): Spoken {
  const truth: Truth[] = words.map(() => 'read');
  const said = [...words];
  const at = somePositions(words.length, 3, random);
  const repeatedAt: number[] = [];
  for (const i of at) {
    const word = words[i] ?? '';
    if (change === 'omissions') {
      said[i] = '';
      truth[i] = 'missed';
    } else if (change === 'substitutions') {
      said[i] = substituteFor(word, dictionary, random);
      truth[i] = 'missed';
    } else if (change === 'repeats') {
      said[i] = `${word} ${words[i - 1]} ${word}`;
      repeatedAt.push(i);
    } else if (change === 'self-corrections') said[i] = `${substituteFor(word, dictionary, random)}, ${word}`;
    else if (change === 'pauses') said[i] = `${word} <break time="1200ms"/>`;
  }
  if (change === 'stopped early') {
    const stop = Math.round(words.length * 0.6);
    for (let i = stop; i < words.length; i++) {
      said[i] = '';
      truth[i] = 'unreached';
    }
  }
  return { said, truth, repeatedAt };
}

/** Every reading of the set, in a fixed order. */
export function labelledSet(dictionary: Map<string, string[]>): Reading[] {
  const readings: Reading[] = [];
  let n = 0;
  // The four practice passages (the portfolio's came later; the recorded figures are for these).
  for (const passage of PASSAGES.filter((p) => !('portfolio' in p))) {
    const words = passageWords(passage.text);
    for (const change of CHANGES) {
      for (const speed of SPEEDS) {
        // Voices turn once more every round of speeds, so each voice reads at each speed.
        const { voice, pitch } = VOICES[(n + Math.floor(n / SPEEDS.length)) % VOICES.length] ?? VOICES[0];
        const random = randomFrom(1000 + n);
        const spoken = speak(change, words, dictionary, random);
        const said = spoken.said.filter(Boolean).join(' ').replace(/&/gu, 'and');
        const snrDb = n % 2 === 1 ? 15 : null;
        readings.push({
          id: `${String(n).padStart(3, '0')}-${passage.readingLevel}-${change.replace(/\s+/gu, '-')}-${speed}`,
          ...{
            passage: passage.title,
            text: passage.text,
            said: `<speak>${said}</speak>`,
            truth: spoken.truth,
            repeatedAt: spoken.repeatedAt,
          },
          ...{ change, voice, pitch, speed, snrDb },
        });
        n++;
      }
    }
  }
  return readings;
}
