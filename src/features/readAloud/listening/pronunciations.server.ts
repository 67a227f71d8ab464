import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { dictionaryKey, keyParts } from './spokenWords';

/**
 * The US-English pronouncing dictionary that comes with the recognizer (CMUdict, in ARPAbet), read
 * once on first use. Only a passage's own words are ever sent to a browser: the whole file is
 * 3.3 MB, a passage's words a few hundred bytes.
 */
let dictionary: Promise<Map<string, string[]>> | undefined;

function dictionaryPath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('soundswallower')), 'model', 'en-us', 'dict.txt');
}

/** "the(2) DH IY" lines into word → its pronunciations, the usual one first. */
export function parseDictionary(text: string): Map<string, string[]> {
  const words = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space <= 0) continue;
    const word = line.slice(0, space).replace(/\(\d+\)$/u, '');
    const pronunciation = line.slice(space + 1).trim();
    if (!pronunciation) continue;
    const known = words.get(word);
    if (known) known.push(pronunciation);
    else words.set(word, [pronunciation]);
  }
  return words;
}

export function loadDictionary(): Promise<Map<string, string[]>> {
  dictionary ??= readFile(dictionaryPath(), 'utf8').then(parseDictionary);
  return dictionary;
}

/** At most this many ways of saying one word are listened for (the dictionary has up to 5). */
const MAX_PRONUNCIATIONS = 3;

/**
 * How each passage word may be said, in passage order; an empty list for a word the dictionary
 * does not know (a name, a number, a made-up word): it is not listened for.
 */
export function pronounce(dictionary: Map<string, string[]>, words: readonly string[]): string[][] {
  return words.map((word) => {
    const key = dictionaryKey(word);
    const whole = dictionary.get(key);
    if (whole) return whole.slice(0, MAX_PRONUNCIATIONS);
    const parts = keyParts(key).map((part) => dictionary.get(part)?.[0]);
    if (parts.length === 0 || parts.some((p) => p === undefined)) return [];
    return [parts.join(' ')];
  });
}
