import type { AdminEpisode } from '~/features/podcast/admin.schema';
import {
  EPISODE_AUDIO_TYPE_LABELS,
  EPISODE_AUDIO_TYPES,
  formatBytes,
  MAX_EPISODE_AUDIO_BYTES,
} from '~/features/podcast/audioFiles';
import { formatClock } from '~/features/podcast/podcast';
import { Field, SelectField } from '~/islands/shared/Field';
import type { EpisodeForm } from './episodeForm';

const SOURCES = [
  ['upload', 'Upload a file'],
  ['url', 'An external address'],
] as const;

/** What the episode plays now: a preview player and its details. */
function CurrentAudio({ episode, onRemove }: { episode: AdminEpisode; onRemove: () => void }) {
  const audio = episode.audio;
  if (!audio) {
    return <p className="episode-no-audio">No audio yet: the episode stays a draft until it has some.</p>;
  }
  const details = [
    audio.source === 'upload' ? 'Uploaded file' : 'External address',
    audio.type
      ? (EPISODE_AUDIO_TYPE_LABELS[audio.type as keyof typeof EPISODE_AUDIO_TYPE_LABELS] ?? audio.type)
      : '',
    audio.bytes ? formatBytes(audio.bytes) : '',
    audio.durationSeconds ? formatClock(audio.durationSeconds) : '',
  ].filter(Boolean);
  return (
    <div className="episode-current-audio">
      <p>
        <strong>Current audio:</strong> {details.join(' · ')}
      </p>
      {audio.source === 'url' && <p className="episode-url">{audio.href}</p>}
      {/* biome-ignore lint/a11y/useMediaCaption: the transcript field below is the episode's text alternative. */}
      <audio
        controls
        preload="none"
        src={audio.href}
        aria-label={`Listen to the current audio of ${episode.title}`}
      />
      {episode.state === 'draft' && (
        <button type="button" className="btn btn-secondary btn-small" onClick={onRemove}>
          Remove the audio
        </button>
      )}
    </div>
  );
}

/** The audio part of the episode form: a file to upload, or an external address with its details. */
export function EpisodeAudioFields({
  form,
  set,
  errors,
  episode,
  fileKey,
  onRemove,
}: {
  form: EpisodeForm;
  set: (change: Partial<EpisodeForm>) => void;
  errors: Record<string, string>;
  episode: AdminEpisode | null;
  /** Changes after an upload, to empty the file input. */
  fileKey: number;
  onRemove: () => void;
}) {
  return (
    <section className="admin-panel" aria-labelledby="episode-audio-heading">
      <h3 id="episode-audio-heading">Audio</h3>
      {episode && <CurrentAudio episode={episode} onRemove={onRemove} />}
      <fieldset className="field">
        <legend>Where the audio comes from</legend>
        <div className="chips">
          {SOURCES.map(([source, label]) => (
            <label key={source} className="chip">
              <input
                type="radio"
                name="episode-audio-source"
                checked={form.audioSource === source}
                onChange={() => set({ audioSource: source })}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {form.audioSource === 'upload' ? (
        <Field
          key={fileKey}
          id="episode-file"
          label={episode?.audio?.source === 'upload' ? 'Replace the audio file' : 'Audio file'}
          type="file"
          accept=".mp3,.m4a,.ogg,audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg"
          hint={`MP3, M4A or Ogg, up to ${formatBytes(MAX_EPISODE_AUDIO_BYTES)}. Its length is read from the file when you save.`}
          error={errors.file ?? errors.body}
          onChange={(e) => set({ file: e.target.files?.[0] ?? null })}
        />
      ) : (
        <AudioAddressFields form={form} set={set} errors={errors} />
      )}
    </section>
  );
}

/** The external address of the audio, with the type, size and length podcast apps need. */
function AudioAddressFields({
  form,
  set,
  errors,
}: {
  form: EpisodeForm;
  set: (change: Partial<EpisodeForm>) => void;
  errors: Record<string, string>;
}) {
  return (
    <>
      <Field
        id="episode-audioUrl"
        label="Audio address"
        type="url"
        inputMode="url"
        value={form.audioUrl}
        placeholder="https://"
        hint="The https:// address of the audio file on your host, as podcast apps will download it."
        error={errors.audioUrl}
        onChange={(e) => set({ audioUrl: e.target.value })}
      />
      <div className="field-pair">
        <SelectField
          id="episode-audioType"
          label="File type"
          value={form.audioType}
          options={EPISODE_AUDIO_TYPES.map((type) => [type, EPISODE_AUDIO_TYPE_LABELS[type]] as const)}
          error={errors.audioType}
          onChange={(e) => set({ audioType: e.target.value as EpisodeForm['audioType'] })}
        />
        <Field
          id="episode-audioBytes"
          label="File size in bytes"
          inputMode="numeric"
          value={form.audioBytes}
          hint="As your host lists it; podcast apps show it before downloading."
          error={errors.audioBytes}
          onChange={(e) => set({ audioBytes: e.target.value })}
        />
        <Field
          id="episode-durationSeconds"
          label="Length"
          value={form.duration}
          placeholder="24:30"
          hint="Minutes:seconds, or hours:minutes:seconds."
          error={errors.durationSeconds}
          onChange={(e) => set({ duration: e.target.value })}
        />
      </div>
    </>
  );
}
