import type { FormEvent } from 'react';
import { useRef } from 'react';
import { type AdminEpisode, EPISODE_STATE_LABELS } from '~/features/podcast/admin.schema';
import { FormAlert, useFocusFirstInvalid } from '~/islands/shared/Field';
import { EpisodeAudioFields } from './EpisodeAudioFields';
import { EpisodeConfirm } from './EpisodeConfirm';
import { EpisodePublishFields } from './EpisodePublishFields';
import { EpisodeNotesFields, EpisodeWordsFields } from './EpisodeTextFields';
import { useEpisode } from './useEpisode';
import { useEpisodeRemovals, useEpisodeSave } from './useEpisodeSave';

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
  const state = useEpisode(episodeId);
  const saving = useEpisodeSave(state, onCreated);
  const removals = useEpisodeRemovals(state, saving, onDeleted);
  const formRef = useRef<HTMLFormElement>(null);
  const { episode, form, set, load } = state;
  const { errors, busy } = saving;
  useFocusFirstInvalid(formRef, errors);

  if (load !== 'ready') return <NotReady load={load} />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void saving.save();
  };

  return (
    <form
      ref={formRef}
      className="episode-editor"
      noValidate
      onSubmit={submit}
      aria-labelledby="episode-heading"
    >
      <EpisodeHeading episode={episode} />
      <EpisodeWordsFields form={form} set={set} errors={errors} />
      <EpisodeAudioFields
        form={form}
        set={set}
        errors={errors}
        episode={episode}
        fileKey={saving.fileKey}
        onRemove={() => removals.setConfirm('removeAudio')}
      />
      <EpisodeNotesFields form={form} set={set} errors={errors} />
      <EpisodePublishFields form={form} set={set} error={errors.publishedAt} />
      <FormAlert
        message={errors.form ?? saving.done ?? undefined}
        tone={saving.done && !errors.form ? 'success' : 'error'}
      />
      <div className="actions episode-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? saving.stage : 'Save episode'}
        </button>
        <a className="btn btn-secondary" href="#episodes">
          Back to the list
        </a>
        {episode && (
          <button type="button" className="btn btn-danger" onClick={() => removals.setConfirm('delete')}>
            Delete episode
          </button>
        )}
      </div>
      {episode && <EpisodeConfirm episode={episode} busy={busy} removals={removals} />}
    </form>
  );
}

/** The episode while it loads, or why it is not there. */
function NotReady({ load }: { load: 'loading' | 'missing' | 'failed' }) {
  if (load === 'loading') {
    return (
      <p className="admin-loading" role="status">
        Loading the episode…
      </p>
    );
  }
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

/** The way back to the list, the episode's title, and its state and feed id once it exists. */
function EpisodeHeading({ episode }: { episode: AdminEpisode | null }) {
  return (
    <>
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
    </>
  );
}
