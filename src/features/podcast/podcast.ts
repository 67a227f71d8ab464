/** Rules and wording for the podcast, shared by the page, the player island and the feed. */

/** The speeds the player offers. */
export const PLAYBACK_RATES = [0.75, 1, 1.25, 1.5, 2] as const;

/** How far the skip buttons jump, in seconds. */
export const SKIP_BACK_SECONDS = 15;
export const SKIP_FORWARD_SECONDS = 30;
/** How far an arrow key moves the playhead. */
export const ARROW_SEEK_SECONDS = 5;

const whole = (seconds: number) => (Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0);

/** A listening time for a list: "47 sec", "20 min", "1 h 5 min". */
export function formatListenTime(seconds: number): string {
  const s = whole(seconds);
  if (s < 60) return `${s} sec`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/** A clock reading: "0:47", "20:36", "1:02:03". */
export function formatClock(seconds: number): string {
  const s = whole(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A time in words, as a screen reader should say it: "2 minutes 5 seconds", "0 seconds". */
export function formatSpokenTime(seconds: number): string {
  const s = whole(seconds);
  const parts: string[] = [];
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) parts.push(plural(h, 'hour'));
  if (m > 0) parts.push(plural(m, 'minute'));
  if (s % 60 > 0 || parts.length === 0) parts.push(plural(s % 60, 'second'));
  return parts.join(' ');
}

/** The seek slider's aria-valuetext: "2 minutes 5 seconds of 20 minutes". */
export function formatPosition(current: number, total: number): string {
  return `${formatSpokenTime(current)} of ${formatSpokenTime(total)}`;
}

/** The playhead after a jump, kept inside the episode. */
export function clampTime(seconds: number, duration: number): number {
  const end = Number.isFinite(duration) && duration > 0 ? duration : Number.POSITIVE_INFINITY;
  return Math.min(Math.max(0, Number.isFinite(seconds) ? seconds : 0), end);
}

/** A speed as the control shows it: "0.75×", "1×". */
export function formatRate(rate: number): string {
  return `${rate}×`;
}

/** Paragraphs of a transcript: blank lines separate them. */
export function transcriptParagraphs(text: string): string[] {
  return text
    .split(/\r?\n\s*\r?\n/u)
    .map((p) => p.replace(/\s+/gu, ' ').trim())
    .filter(Boolean);
}

/** Where an episode's transcript lives, on the site: a text file, not a page, so not pagePath's. */
export function transcriptPath(guid: string): string {
  return `/podcast/${encodeURIComponent(guid)}/transcript.txt`;
}

/** The show itself: the same words on the page and in the feed. */
export const PODCAST = {
  title: 'The Quill Reads podcast',
  description:
    'Short read-alouds for the car ride or bedtime, and conversations with teachers, librarians and parents about raising readers. From Quill Reads, reading programs for children aged 4 to 12.',
  author: 'Quill Reads',
  owner: { name: 'Quill Reads', email: 'hello@quillreads.com' },
  language: 'en',
  category: { text: 'Kids & Family', subcategory: 'Education for Kids' },
  /** Square cover art, 1400 × 1400 PNG, in public/. */
  coverPath: '/podcast/cover.png',
  feedPath: '/podcast/feed.xml',
  /**
   * podcast:guid: UUIDv5 of "quillreads.com/podcast/feed.xml" in the Podcasting 2.0 namespace.
   * Fixed on purpose: it must stay the same wherever the feed is served from.
   */
  guid: '0c815cc9-d913-50ee-9510-1e2c09af3647',
} as const;
