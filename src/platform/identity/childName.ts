/** The spec's limit for the child's name shown in the navigation bar. */
const NAVBAR_NAME_MAX_CHARS = 7;
export const NAVBAR_NAME_FALLBACK = 'Profile';

let segmenter: Intl.Segmenter | null | undefined;

/**
 * Splits text into user-perceived characters, so an accent or emoji is never cut in half. Plain
 * printable ASCII is split as it is (one character each), without waking the browser's text library, which
 * costs a slow phone some 50 ms on the way to every page's navbar (decision 35).
 */
function graphemes(text: string): string[] {
  if (/^[\x20-\x7e]*$/.test(text)) return text.split('');
  segmenter ??=
    typeof Intl !== 'undefined' && 'Segmenter' in Intl
      ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
      : null;
  if (segmenter) return Array.from(segmenter.segment(text), (s) => s.segment);
  return Array.from(text);
}

/**
 * The label the navigation bar shows for a signed-in family: the first word of the
 * active child's name, at most 7 characters, or "Profile" when there is no name.
 */
export function navbarChildLabel(name: string | null | undefined): string {
  if (typeof name !== 'string') return NAVBAR_NAME_FALLBACK;
  const firstWord = name.trim().split(/\s+/u)[0] ?? '';
  if (firstWord === '') return NAVBAR_NAME_FALLBACK;
  return graphemes(firstWord).slice(0, NAVBAR_NAME_MAX_CHARS).join('');
}
