/**
 * How a passage's words are looked up in the pronouncing dictionary. A passage word is what
 * `passageWords` gives (split on spaces, punctuation kept); the dictionary knows bare lower-case
 * words with straight apostrophes.
 */

/** "Mother," → "mother"; "Fox’s" → "fox's"; "—" → "" (nothing to say). */
export function dictionaryKey(word: string): string {
  return word
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[‘’ʼ`]/gu, "'")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/**
 * The parts a key is said as: itself, or the pieces of a hyphenated or dashed word
 * ("snow-white" → ["snow", "white"]) when the dictionary has no entry for the whole.
 */
export function keyParts(key: string): string[] {
  return key
    .split(/[-‐‑–—/]+/u)
    .map(dictionaryKey)
    .filter(Boolean);
}
