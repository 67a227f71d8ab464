import { useEffect, useState } from 'react';
import type { AdminEpisode } from '~/features/podcast/admin.schema';
import { podcastApi } from '~/features/podcast/podcast.api';
import { ApiClientError, call } from '~/platform/client/api';
import { type EpisodeForm, formOf } from './episodeForm';

/**
 * The episode being edited (null for a new one until it is saved) and its form, loaded by id;
 * `load` says whether it is there, missing (deleted, a mistyped address) or failed.
 */
export function useEpisode(episodeId: string | null) {
  const [episode, setEpisode] = useState<AdminEpisode | null>(null);
  const [form, setForm] = useState<EpisodeForm>(() => formOf(null));
  const [load, setLoad] = useState<'loading' | 'ready' | 'missing' | 'failed'>(
    episodeId ? 'loading' : 'ready',
  );
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

  return { episode, setEpisode, form, setForm, set, load };
}

export type EpisodeState = ReturnType<typeof useEpisode>;
