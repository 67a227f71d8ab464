import {
  type AdminEpisode,
  type EpisodeUpdate,
  episodeCreateSchema,
  episodeUpdateSchema,
} from '~/features/podcast/admin.schema';
import {
  type EpisodeAudioType,
  formatBytes,
  isEpisodeUploadType,
  MAX_EPISODE_AUDIO_BYTES,
  parseDuration,
} from '~/features/podcast/audioFiles';
import { formatClock } from '~/features/podcast/podcast';
import { issuesByField } from '~/islands/shared/Field';

/** What the episode form holds: text as typed, turned into the API's payload on save. */
export interface EpisodeForm {
  title: string;
  description: string;
  showNotes: string;
  transcript: string;
  episodeNumber: string;
  explicit: boolean;
  publish: 'draft' | 'now' | 'date';
  /** A datetime-local value, in the administrator's time zone. */
  publishDate: string;
  audioSource: 'upload' | 'url';
  file: File | null;
  audioUrl: string;
  audioBytes: string;
  audioType: EpisodeAudioType;
  duration: string;
}

/** A datetime-local value ("2025-01-06T07:00") for a moment, in this browser's time zone. */
export function localDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function formOf(episode: AdminEpisode | null): EpisodeForm {
  const external = episode?.audio?.source === 'url' ? episode.audio : null;
  return {
    title: episode?.title ?? '',
    description: episode?.description ?? '',
    showNotes: episode?.showNotes ?? '',
    transcript: episode?.transcript ?? '',
    episodeNumber: episode?.episodeNumber != null ? String(episode.episodeNumber) : '',
    explicit: episode?.explicit ?? false,
    publish: episode?.publishedAt ? 'date' : 'draft',
    publishDate: episode?.publishedAt ? localDateTime(new Date(episode.publishedAt)) : '',
    audioSource: external ? 'url' : 'upload',
    file: null,
    audioUrl: external?.href ?? '',
    audioBytes: external?.bytes != null ? String(external.bytes) : '',
    audioType: (external?.type as EpisodeAudioType | undefined) ?? 'audio/mpeg',
    duration: external?.durationSeconds ? formatClock(external.durationSeconds) : '',
  };
}

type Errors = Record<string, string>;

/** The chosen file's own problems, said before anything is sent. */
export function fileError(file: File | null): string | undefined {
  if (!file) return undefined;
  if (!isEpisodeUploadType(file.type)) return 'Choose an MP3, M4A or Ogg audio file.';
  if (file.size > MAX_EPISODE_AUDIO_BYTES) {
    return `This file is ${formatBytes(file.size)}: the largest is ${formatBytes(MAX_EPISODE_AUDIO_BYTES)}.`;
  }
  if (file.size === 0) return 'This file is empty.';
  return undefined;
}

/**
 * The payload for the API, checked with the API's own schema, or the errors to show beside the
 * fields (keyed by payload field, plus `file`). `current` is the episode as saved (null when new).
 */
export function payloadOf(
  form: EpisodeForm,
  current: AdminEpisode | null,
): { payload: EpisodeUpdate; errors: null } | { payload: null; errors: Errors } {
  const errors: Errors = {};
  const number = form.episodeNumber.trim();
  let publishedAt: string | null = null;
  if (form.publish === 'now') publishedAt = 'now';
  if (form.publish === 'date') {
    const date = new Date(form.publishDate);
    const saved = current?.publishedAt ?? null;
    if (!form.publishDate || Number.isNaN(date.getTime()))
      errors.publishedAt = 'Choose the date and time it goes out.';
    // The field shows whole minutes: an untouched date keeps its exact saved moment.
    else if (saved && form.publishDate === localDateTime(new Date(saved))) publishedAt = saved;
    else publishedAt = date.toISOString();
  }
  const raw: Record<string, unknown> = {
    title: form.title,
    description: form.description,
    showNotes: form.showNotes,
    transcript: form.transcript,
    episodeNumber: number === '' ? null : /^\d+$/.test(number) ? Number(number) : Number.NaN,
    explicit: form.explicit,
    publishedAt,
  };
  if (form.audioSource === 'url') {
    const seconds = parseDuration(form.duration);
    if (form.duration.trim() && seconds === undefined) {
      errors.durationSeconds =
        'Write the length as minutes:seconds (24:30) or hours:minutes:seconds (1:02:03).';
    }
    const bytes = form.audioBytes.replace(/[\s,]/g, '');
    Object.assign(raw, {
      audioUrl: form.audioUrl,
      audioBytes: bytes === '' ? undefined : /^\d+$/.test(bytes) ? Number(bytes) : Number.NaN,
      audioType: form.audioType,
      durationSeconds: seconds,
    });
  } else {
    const problem = fileError(form.file);
    if (problem) errors.file = problem;
    if (!form.file && current?.audio?.source === 'url') {
      errors.file = 'Choose a file to use instead of the external address.';
    }
  }
  const parsed = (current ? episodeUpdateSchema : episodeCreateSchema).safeParse(raw);
  if (!parsed.success) {
    for (const [key, message] of Object.entries(issuesByField(parsed.error.issues))) errors[key] ??= message;
  }
  // Publishing needs audio: an uploaded file, one chosen now, or an external address.
  const willHaveAudio =
    form.audioSource === 'url' || Boolean(form.file) || current?.audio?.source === 'upload';
  if (publishedAt !== null && !willHaveAudio) {
    errors.publishedAt ??=
      'Add the audio (upload a file or give its address) before publishing; keep it as a draft until then.';
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { payload: null, errors };
  return { payload: parsed.data, errors: null };
}
