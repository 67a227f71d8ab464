import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  type AdminEpisode,
  EPISODE_LIMITS,
  EPISODE_STATE_LABELS,
  type EpisodeCreate,
} from '~/features/podcast/admin.schema';
import { podcastApi } from '~/features/podcast/podcast.api';
import { LongTextField } from '~/islands/shared/admin/LongTextField';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { CheckboxField, Field, FormAlert, useFocusFirstInvalid } from '~/islands/shared/Field';
import { ApiClientError, call, newIdempotencyKey } from '~/platform/client/api';
import { formatTime } from '~/platform/time';
import { EpisodeAudioFields } from './EpisodeAudioFields';
import { EpisodePublishFields } from './EpisodePublishFields';
import { type EpisodeForm, formOf, payloadOf } from './episodeForm';

type Alert = { tone: 'error' | 'success'; message: string } | null;

function savedMessage(episode: AdminEpisode): string {
  if (episode.state === 'draft') return 'Saved as a draft: only the team can see it.';
  if (episode.state === 'scheduled' && episode.publishedAt) {
    return `Saved: it goes out on ${formatTime(episode.publishedAt, 'date')}.`;
  }
  return 'Saved and published: it is on the podcast page within a minute, and podcast apps get it when they next check the feed.';
}

/** Creates or edits one episode: its words, its audio (a file or an address) and when it goes out. */
export function EpisodeEditor({
  episodeId,
  onCreated,
  onDeleted,
}: {
  episodeId: string | null;
  /** A new episode was saved: the page now edits it under its id. */
  onCreated: (id: string) => void;
  onDeleted: (title: string) => void;
}) {
  const [episode, setEpisode] = useState<AdminEpisode | null>(null);
  const [form, setForm] = useState<EpisodeForm>(() => formOf(null));
  const [load, setLoad] = useState<'loading' | 'ready' | 'missing' | 'failed'>(
    episodeId ? 'loading' : 'ready',
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<Alert>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'delete' | 'removeAudio' | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  // Two clicks can land before React re-renders with the button disabled: this ref stops the second.
  const saving = useRef(false);
  // The new episode's key, kept for a retry and dropped once it exists: it is created once.
  const createKey = useRef<string | null>(null);
  useFocusFirstInvalid(formRef, errors);
  const set = (change: Partial<EpisodeForm>) => setForm((f) => ({ ...f, ...change }));

  useEffect(() => {
    if (!episodeId) return;
    const controller = new AbortController();
    call(podcastApi.adminGet, { params: { id: episodeId }, signal: controller.signal })
      .then((found) => {
        setEpisode(found);
        setForm(formOf(found));
        setLoad('ready');
      })
      .catch((error) => {
        if (controller.signal.aborted) return;
        const missing = error instanceof ApiClientError && (error.status === 404 || error.status === 400);
        setLoad(missing ? 'missing' : 'failed');
      });
    return () => controller.abort();
  }, [episodeId]);

  if (load === 'loading') {
    return (
      <p className="admin-loading" role="status">
        Loading the episode…
      </p>
    );
  }
  if (load !== 'ready') {
    return (
      <div className="admin-state" role={load === 'failed' ? 'alert' : undefined}>
        <h2>{load === 'missing' ? 'This episode does not exist' : 'The episode could not be loaded'}</h2>
        <p>
          {load === 'missing'
            ? 'It may have been deleted by someone else.'
            : 'Check your connection and reload the page.'}
        </p>
        <a href="#episodes">Back to all episodes</a>
      </div>
    );
  }

  const fail = (error: unknown, fallback: string) => {
    if (error instanceof ApiClientError) {
      setErrors(error.fields);
      setAlert({ tone: 'error', message: error.message });
    } else setAlert({ tone: 'error', message: fallback });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving.current) return;
    saving.current = true;
    try {
      await saveNow();
    } finally {
      saving.current = false;
    }
  };
  const saveNow = async () => {
    setAlert(null);
    const checked = payloadOf(form, episode);
    if (!checked.payload) {
      setErrors(checked.errors);
      setAlert({ tone: 'error', message: 'Some fields need your attention.' });
      return;
    }
    setErrors({});
    const { publishedAt, ...rest } = checked.payload;
    let saved = episode;
    try {
      setBusy('Saving…');
      if (!saved) {
        // Audio to upload comes after the episode exists; it is published once it has it.
        const withAudioNow = form.audioSource === 'url';
        // With no episode yet, payloadOf checked the form with the create schema.
        const body = (withAudioNow ? checked.payload : rest) as EpisodeCreate;
        createKey.current ??= newIdempotencyKey();
        saved = await call(podcastApi.adminCreate, { body, idempotencyKey: createKey.current });
        // The episode exists: from here on it is saved by its id, whatever happens next.
        createKey.current = null;
        setEpisode(saved);
        onCreated(saved.id);
      }
      if (form.file) {
        setBusy('Uploading the audio…');
        try {
          saved = await call(podcastApi.adminUploadAudio, { params: { id: saved.id }, file: form.file });
        } catch (error) {
          fail(error, 'The audio could not be uploaded.');
          if (error instanceof ApiClientError) setErrors({ file: error.fields.body ?? error.message });
          return;
        }
        setEpisode(saved);
        setFileKey((k) => k + 1);
        set({ file: null });
      }
      setBusy('Saving…');
      const needsPatch = episode !== null || (form.audioSource === 'upload' && publishedAt !== null);
      if (needsPatch) {
        saved = await call(podcastApi.adminUpdate, {
          params: { id: saved.id },
          body: episode ? checked.payload : { publishedAt },
        });
      }
      setEpisode(saved);
      setForm((f) => ({ ...formOf(saved), file: null, audioSource: f.audioSource }));
      setAlert({ tone: 'success', message: savedMessage(saved) });
    } catch (error) {
      fail(error, 'The episode could not be saved. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  const removeAudio = async () => {
    if (!episode) return;
    setBusy('Removing the audio…');
    try {
      const saved = await call(podcastApi.adminDeleteAudio, { params: { id: episode.id } });
      setEpisode(saved);
      setForm((f) => ({ ...f, audioSource: 'upload', audioUrl: '', audioBytes: '', duration: '' }));
      setAlert({ tone: 'success', message: 'The audio was removed.' });
    } catch (error) {
      fail(error, 'The audio could not be removed.');
    } finally {
      setBusy(null);
      setConfirm(null);
    }
  };

  const remove = async () => {
    if (!episode) return;
    setBusy('Deleting…');
    try {
      await call(podcastApi.adminDelete, { params: { id: episode.id } });
      onDeleted(episode.title);
    } catch (error) {
      fail(error, 'The episode could not be deleted.');
      setBusy(null);
      setConfirm(null);
    }
  };

  /** A long text of the episode, with its character count. */
  const long = (name: 'description' | 'showNotes' | 'transcript', label: string, hint: string, rows = 5) => (
    <LongTextField
      id={`episode-${name}`}
      label={label}
      hint={hint}
      value={form[name]}
      max={EPISODE_LIMITS[name]}
      rows={rows}
      error={errors[name]}
      onValue={(value) => set({ [name]: value })}
    />
  );

  return (
    <form
      ref={formRef}
      className="episode-editor"
      noValidate
      onSubmit={save}
      aria-labelledby="episode-heading"
    >
      <p>
        <a href="#episodes">← All episodes</a>
      </p>
      <h2 id="episode-heading" tabIndex={-1}>
        {episode ? `Edit “${episode.title}”` : 'New episode'}
      </h2>
      {episode && (
        <p className="episode-meta">
          <span className="status-pill" data-tone={episode.state === 'published' ? 'good' : 'info'}>
            {EPISODE_STATE_LABELS[episode.state]}
          </span>
          <span className="hint episode-guid">Feed id, kept for ever: {episode.guid}</span>
        </p>
      )}
      <section className="admin-panel" aria-labelledby="episode-words-heading">
        <h3 id="episode-words-heading">The episode</h3>
        <Field
          id="episode-title"
          label="Title"
          value={form.title}
          maxLength={EPISODE_LIMITS.title + 20}
          error={errors.title}
          onChange={(e) => set({ title: e.target.value })}
        />
        {long(
          'description',
          'Summary',
          'One or two sentences: shown under the title on the podcast page and in podcast apps.',
          3,
        )}
        <div className="field-pair">
          <Field
            id="episode-episodeNumber"
            label="Episode number (optional)"
            inputMode="numeric"
            value={form.episodeNumber}
            error={errors.episodeNumber}
            onChange={(e) => set({ episodeNumber: e.target.value })}
          />
          <CheckboxField
            id="episode-explicit"
            className="episode-explicit"
            label="Explicit content (podcast apps label it for parents)"
            checked={form.explicit}
            onChecked={(explicit) => set({ explicit })}
          />
        </div>
      </section>
      <EpisodeAudioFields
        form={form}
        set={set}
        errors={errors}
        episode={episode}
        fileKey={fileKey}
        onRemove={() => setConfirm('removeAudio')}
      />
      <section className="admin-panel" aria-labelledby="episode-notes-heading">
        <h3 id="episode-notes-heading">Show notes and transcript</h3>
        {long('showNotes', 'Show notes', 'Plain text; leave a blank line between paragraphs.')}
        {long(
          'transcript',
          'Transcript',
          'Every word spoken, for listeners who read rather than hear. Blank lines separate paragraphs.',
          8,
        )}
      </section>
      <EpisodePublishFields form={form} set={set} error={errors.publishedAt} />
      <FormAlert message={alert?.message} tone={alert?.tone ?? 'error'} />
      <div className="actions episode-actions">
        <button type="submit" className="btn btn-primary" disabled={busy !== null}>
          {busy ?? 'Save episode'}
        </button>
        <a className="btn btn-secondary" href="#episodes">
          Back to the list
        </a>
        {episode && (
          <button type="button" className="btn btn-danger" onClick={() => setConfirm('delete')}>
            Delete episode
          </button>
        )}
      </div>
      {confirm === 'delete' && episode && (
        <ConfirmDialog
          title={`Delete “${episode.title}”?`}
          confirmLabel="Delete episode"
          danger
          busy={busy !== null}
          onConfirm={remove}
          onCancel={() => setConfirm(null)}
        >
          <p>
            The episode, its show notes, transcript and uploaded audio are deleted for good. It leaves the
            podcast page and the feed; listeners who downloaded it keep their copy.
          </p>
        </ConfirmDialog>
      )}
      {confirm === 'removeAudio' && episode && (
        <ConfirmDialog
          title="Remove the audio?"
          confirmLabel="Remove the audio"
          danger
          busy={busy !== null}
          onConfirm={removeAudio}
          onCancel={() => setConfirm(null)}
        >
          <p>The episode stays a draft without audio until you upload a file or give an address.</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
