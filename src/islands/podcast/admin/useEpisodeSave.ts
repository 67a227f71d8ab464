import { useState } from 'react';
import type { AdminEpisode, EpisodeCreate } from '~/features/podcast/admin.schema';
import { podcastApi } from '~/features/podcast/podcast.api';
import { type Errors, useSubmit } from '~/islands/shared/useSubmit';
import { ApiClientError, call } from '~/platform/client/api';
import { formatTime } from '~/platform/time';
import { formOf, payloadOf } from './episodeForm';
import type { EpisodeState } from './useEpisode';

/** The API names the episode's fields as the form does: its field errors go beside them as they are. */
const asTheyAre = (fields: Record<string, string>): Errors => fields;

function savedMessage(episode: AdminEpisode): string {
  if (episode.state === 'draft') return 'Saved as a draft: only the team can see it.';
  if (episode.state === 'scheduled' && episode.publishedAt) {
    return `Saved: it goes out on ${formatTime(episode.publishedAt, 'date')}.`;
  }
  return 'Saved and published: it is on the podcast page within a minute, and podcast apps get it when they next check the feed.';
}

/**
 * Uploads the episode's audio file; null when it failed. The episode itself is saved by then:
 * the failure is said beside the file, and the rest of the save stops there.
 */
async function uploadAudio(id: string, file: File, setErrors: (errors: Errors) => void) {
  try {
    return await call(podcastApi.adminUploadAudio, { params: { id }, file });
  } catch (error) {
    setErrors(
      error instanceof ApiClientError
        ? { file: error.fields.body ?? error.message, form: error.message }
        : { form: 'The audio could not be uploaded.' },
    );
    return null;
  }
}

/**
 * Saving the episode, removing its audio and deleting it, one at a time whatever the clicks.
 * `stage` says what is happening (saving, uploading the audio...), `done` what went through and
 * `errors` what did not, beside each field and, as `form`, for the whole form.
 */
export function useEpisodeSave(
  { episode, setEpisode, form, setForm, set }: EpisodeState,
  onCreated: (id: string) => void,
) {
  const { submit, busy, errors, setErrors } = useSubmit();
  const [stage, setStage] = useState('Saving…');
  const [done, setDone] = useState<string | null>(null);
  const [fileKey, setFileKey] = useState(0);

  /** Sends the checked episode: created first when new (audio to upload comes after), then its audio, then its changes. */
  const save = async () => {
    if (busy) return;
    setDone(null);
    const checked = payloadOf(form, episode);
    if (!checked.payload) return setErrors({ ...checked.errors, form: 'Some fields need your attention.' });
    const { payload } = checked;
    await submit(
      async (idempotencyKey) => {
        setStage('Saving…');
        let saved = episode;
        if (!saved) {
          // Audio to upload comes after the episode exists; it is published once it has it. With no
          // episode yet, payloadOf checked the form with the create schema.
          const { publishedAt: _later, ...rest } = payload;
          const body = (form.audioSource === 'url' ? payload : rest) as EpisodeCreate;
          saved = await call(podcastApi.adminCreate, { body, idempotencyKey });
          // The episode exists: from here on it is saved by its id, whatever happens next.
          setEpisode(saved);
          onCreated(saved.id);
        }
        if (form.file) {
          setStage('Uploading the audio…');
          const uploaded = await uploadAudio(saved.id, form.file, setErrors);
          if (!uploaded) return;
          saved = uploaded;
          setEpisode(saved);
          setFileKey((k) => k + 1);
          set({ file: null });
        }
        setStage('Saving…');
        if (episode !== null || (form.audioSource === 'upload' && payload.publishedAt !== null)) {
          const body = episode ? payload : { publishedAt: payload.publishedAt };
          saved = await call(podcastApi.adminUpdate, { params: { id: saved.id }, body });
        }
        const final = saved;
        setEpisode(final);
        setForm((f) => ({ ...formOf(final), file: null, audioSource: f.audioSource }));
        setDone(savedMessage(final));
      },
      { what: 'save', fallback: 'The episode could not be saved. Please try again.', fieldOf: asTheyAre },
    );
  };

  return { save, submit, busy, stage, setStage, done, setDone, errors, fileKey };
}

export type EpisodeSave = ReturnType<typeof useEpisodeSave>;

/**
 * Removing the episode's audio and deleting the episode, each asked first (`confirm`), sent
 * through the same submission as a save, so only one of them runs at a time.
 */
export function useEpisodeRemovals(
  { episode, setEpisode, setForm }: EpisodeState,
  { submit, setStage, setDone }: EpisodeSave,
  onDeleted: (title: string) => void,
) {
  const [confirm, setConfirm] = useState<'delete' | 'removeAudio' | null>(null);

  const removeAudio = async () => {
    if (!episode) return;
    await submit(
      async () => {
        setStage('Removing the audio…');
        const saved = await call(podcastApi.adminDeleteAudio, { params: { id: episode.id } });
        setEpisode(saved);
        setForm((f) => ({ ...f, audioSource: 'upload', audioUrl: '', audioBytes: '', duration: '' }));
        setDone('The audio was removed.');
      },
      { what: 'removeAudio', fallback: 'The audio could not be removed.', fieldOf: asTheyAre },
    );
    setConfirm(null);
  };

  const remove = async () => {
    if (!episode) return;
    const deleted = await submit(
      async () => {
        setStage('Deleting…');
        await call(podcastApi.adminDelete, { params: { id: episode.id } });
        onDeleted(episode.title);
      },
      { what: 'delete', fallback: 'The episode could not be deleted.', fieldOf: asTheyAre },
    );
    if (!deleted) setConfirm(null);
  };

  return { confirm, setConfirm, removeAudio, remove };
}
