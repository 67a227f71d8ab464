import type { AdminEpisode } from '~/features/podcast/admin.schema';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import type { useEpisodeRemovals } from './useEpisodeSave';

/** The question asked before the episode is deleted, or before its audio is removed. */
export function EpisodeConfirm({
  episode,
  busy,
  removals,
}: {
  episode: AdminEpisode;
  busy: boolean;
  removals: ReturnType<typeof useEpisodeRemovals>;
}) {
  const { confirm, setConfirm } = removals;
  if (confirm === 'delete') {
    return (
      <ConfirmDialog
        title={`Delete “${episode.title}”?`}
        confirmLabel="Delete episode"
        danger
        busy={busy}
        onConfirm={() => void removals.remove()}
        onCancel={() => setConfirm(null)}
      >
        <p>
          The episode, its show notes, transcript and uploaded audio are deleted for good. It leaves the
          podcast page and the feed; listeners who downloaded it keep their copy.
        </p>
      </ConfirmDialog>
    );
  }
  if (confirm === 'removeAudio') {
    return (
      <ConfirmDialog
        title="Remove the audio?"
        confirmLabel="Remove the audio"
        danger
        busy={busy}
        onConfirm={() => void removals.removeAudio()}
        onCancel={() => setConfirm(null)}
      >
        <p>The episode stays a draft without audio until you upload a file or give an address.</p>
      </ConfirmDialog>
    );
  }
  return null;
}
