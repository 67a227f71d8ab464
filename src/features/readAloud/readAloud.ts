/** Read-aloud practice: the rules shared by the page and the API. */

export const MIN_DURATION_MS = 1_000;
export const MAX_DURATION_MS = 30 * 60_000;
/** About ten minutes of Opus speech, with plenty of room. */
export const MAX_RECORDING_BYTES = 10 * 1024 * 1024;

/** The recording formats browsers produce, and the file extension each is stored under. */
export const RECORDING_TYPES = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
} as const;
export type RecordingType = keyof typeof RECORDING_TYPES;
export const RECORDING_TYPE_LIST = Object.keys(RECORDING_TYPES) as RecordingType[];

/** Storage keys under this folder are a child's data: never served by the public media route. */
export const RECORDINGS_PREFIX = 'recordings/';

/**
 * The words of a passage: what words per minute are counted against. The seed, the admin console
 * and the API all count with this one function, so a passage's count never depends on who saved it.
 */
export function passageWordCount(text: string): number {
  return passageWords(text).length;
}

/** A passage's words in order, as counted above: word n of a running record's marks is word n here. */
export function passageWords(text: string): string[] {
  return text.trim().split(/\s+/u).filter(Boolean);
}

/** Words per minute, rounded; 0 for a time too short to mean anything. */
export function wordsPerMinute(wordCount: number, durationMs: number): number {
  if (!Number.isFinite(durationMs) || durationMs < MIN_DURATION_MS || wordCount <= 0) return 0;
  return Math.round((wordCount * 60_000) / durationMs);
}

/**
 * The rates a child can really read aloud at. Fluent adults read aloud at about 150 words a minute
 * and few children pass 200; under 15, the reader stopped or the timer ran on. A rate outside this
 * says the attempt was not a reading of the whole passage, so it is not shown as one.
 */
export const PLAUSIBLE_WPM = { min: 15, max: 200 } as const;

/**
 * The words per minute of an attempt worth showing: only from a real recording (a timer alone
 * cannot tell reading from waiting) at a rate a child can read at; otherwise null, and no praise.
 */
export function readingRate(wordCount: number, durationMs: number, recorded: boolean): number | null {
  if (!recorded) return null;
  const rate = wordsPerMinute(wordCount, durationMs);
  return rate >= PLAUSIBLE_WPM.min && rate <= PLAUSIBLE_WPM.max ? rate : null;
}

/** Why an attempt has no rate, in words for the family; undefined when it has one. */
export function noRateReason(wordCount: number, durationMs: number, recorded: boolean): string | undefined {
  if (readingRate(wordCount, durationMs, recorded) !== null) return undefined;
  if (!recorded) return 'Without a recording we do not count words per minute: only the time is kept.';
  return wordsPerMinute(wordCount, durationMs) > PLAUSIBLE_WPM.max
    ? `That was quicker than anyone reads ${wordCount} words aloud, so we did not count words per minute. Read the whole passage, then press Finish.`
    : 'That took much longer than reading the passage aloud does, so we did not count words per minute.';
}

/** 75_400 → "1:15"; 3_725_000 → "1:02:05". */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** 75_400 → "1 minute 15 seconds", for screen readers and sentences. */
export function spokenDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  const part = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (m === 0) return part(s, 'second');
  return s === 0 ? part(m, 'minute') : `${part(m, 'minute')} ${part(s, 'second')}`;
}

/** The base media type of a MediaRecorder's mimeType ("audio/webm;codecs=opus" → "audio/webm"). */
export function baseType(mimeType: string): string {
  return mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The first recording format this browser can make that the server accepts, or '' for its default. */
export function pickRecorderType(isTypeSupported: (type: string) => boolean): string {
  const candidates = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];
  return candidates.find((t) => isTypeSupported(t)) ?? '';
}

/** Passages for the child's level first, then the others by level order, each group by title. */
export function orderPassagesForLevel<T extends { level: string; title: string }>(
  passages: readonly T[],
  level: string | undefined,
  levels: readonly string[],
): T[] {
  return [...passages].sort((a, b) => {
    const own = Number(b.level === level) - Number(a.level === level);
    if (own !== 0) return own;
    const byLevel = levels.indexOf(a.level) - levels.indexOf(b.level);
    return byLevel !== 0 ? byLevel : a.title.localeCompare(b.title);
  });
}
