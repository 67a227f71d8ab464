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
  return text.trim().split(/\s+/u).filter(Boolean).length;
}

/** Words per minute, rounded; 0 for a time too short to mean anything. */
export function wordsPerMinute(wordCount: number, durationMs: number): number {
  if (!Number.isFinite(durationMs) || durationMs < MIN_DURATION_MS || wordCount <= 0) return 0;
  return Math.round((wordCount * 60_000) / durationMs);
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
