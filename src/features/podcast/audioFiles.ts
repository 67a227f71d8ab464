/**
 * Podcast audio files: the types the console accepts, the one type each is stored and served as,
 * and what a file's first bytes say it really is. Pure: shared by the upload form and the API.
 */

/** Upload types, as browsers label them, mapped to the stored type and the storage extension. */
export const EPISODE_UPLOAD_TYPES = {
  'audio/mpeg': { stored: 'audio/mpeg', extension: 'mp3' },
  // Some browsers label MP3 files audio/mp3, and M4A files audio/x-m4a.
  'audio/mp3': { stored: 'audio/mpeg', extension: 'mp3' },
  'audio/mp4': { stored: 'audio/mp4', extension: 'm4a' },
  'audio/x-m4a': { stored: 'audio/mp4', extension: 'm4a' },
  'audio/ogg': { stored: 'audio/ogg', extension: 'ogg' },
} as const;
export type EpisodeUploadType = keyof typeof EPISODE_UPLOAD_TYPES;
export type EpisodeAudioType = (typeof EPISODE_UPLOAD_TYPES)[EpisodeUploadType]['stored'];

/** The types an episode's audio is stored and announced as (the RSS enclosure's type). */
export const EPISODE_AUDIO_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/ogg'] as const;
export const EPISODE_AUDIO_TYPE_LABELS: Record<EpisodeAudioType, string> = {
  'audio/mpeg': 'MP3 (audio/mpeg)',
  'audio/mp4': 'M4A / AAC (audio/mp4)',
  'audio/ogg': 'Ogg (audio/ogg)',
};

/**
 * The largest upload: an hour and three quarters of speech at 128 kbit/s. The API holds an upload
 * in memory while it reads its length, so the limit is also what one upload may cost the server.
 */
export const MAX_EPISODE_AUDIO_BYTES = 100 * 1024 * 1024;

export const isEpisodeUploadType = (type: string): type is EpisodeUploadType =>
  Object.hasOwn(EPISODE_UPLOAD_TYPES, type);

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  bytes.length >= at + text.length && [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

/**
 * The audio type a file's first bytes show, whatever its label claims: an MP3 (an ID3 tag or an
 * MPEG frame), an MP4/M4A container, or an Ogg stream. Undefined for anything else (text, a
 * picture, a WAV file), so a file can never be served under a type it does not have.
 */
export function sniffAudioType(bytes: Uint8Array): EpisodeAudioType | undefined {
  if (ascii(bytes, 0, 'ID3')) return 'audio/mpeg';
  const [b0, b1] = bytes;
  // MPEG audio frame sync: eleven set bits, then a layer that is not "reserved".
  if (b0 === 0xff && b1 !== undefined && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0) return 'audio/mpeg';
  if (ascii(bytes, 4, 'ftyp')) return 'audio/mp4';
  if (ascii(bytes, 0, 'OggS')) return 'audio/ogg';
  return undefined;
}

/** "1:02:03" or "47:05" or "47" (minutes) into seconds; undefined when it is not a length. */
export function parseDuration(text: string): number | undefined {
  const value = text.trim();
  if (!/^\d{1,3}(:\d{1,2}){0,2}$/.test(value)) return undefined;
  const parts = value.split(':').map(Number);
  if (parts.slice(1).some((p) => p > 59)) return undefined;
  const [a = 0, b = 0, c = 0] = parts;
  const seconds = parts.length === 3 ? a * 3600 + b * 60 + c : parts.length === 2 ? a * 60 + b : a * 60;
  return seconds > 0 ? seconds : undefined;
}

/** A byte count as people read it: "1.2 MB", "850 KB". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
