import {
  type AdminEpisodeRow,
  EPISODE_STATE_LABELS,
  EPISODE_STATES,
  type EpisodeState,
} from '~/features/podcast/admin.schema';
import { formatClock } from '~/features/podcast/podcast';
import { podcastApi } from '~/features/podcast/podcast.api';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { ListSection } from '~/islands/shared/admin/ListSection';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { optionsOf } from '~/islands/shared/Field';
import { ButtonLink } from '~/islands/shared/NoticePanel';
import { formatTime } from '~/platform/time';

const TONES: Record<EpisodeState, 'good' | 'info' | undefined> = {
  published: 'good',
  scheduled: 'info',
  draft: undefined,
};

const STATE_OPTIONS = optionsOf('Every episode', EPISODE_STATES, EPISODE_STATE_LABELS);

/** Every episode, drafts included: searchable, filtered by state, sortable and paged. */
export function EpisodeList() {
  const list = useAdminList<AdminEpisodeRow>(podcastApi.adminList, {
    sort: 'episodeNumber',
    dir: 'desc',
    filters: { state: '' },
  });
  return (
    <ListSection
      id="episodes-heading"
      title="Episodes"
      headClass="episodes-head"
      focusable
      action={<ButtonLink href="#new">New episode</ButtonLink>}
      list={list}
      search={['Search episodes', 'A title, a word of the summary, a number']}
      filters={[{ label: 'Show', name: 'state', options: STATE_OPTIONS }]}
    >
      <AdminTable
        list={list}
        caption={(page) => `Podcast episodes, page ${page}`}
        columns={[
          { label: 'No.', sort: 'episodeNumber', desc: true },
          { label: 'Title', sort: 'title' },
          { label: 'Status' },
          { label: 'Publication date', sort: 'publishedAt', desc: true },
          { label: 'Length', sort: 'durationSeconds' },
        ]}
        rowKey={(episode) => episode.id}
        row={(episode) => <EpisodeCells episode={episode} />}
        empty={
          <p>No episodes yet. Create the first one: a title and a summary are enough to start a draft.</p>
        }
        noMatch={<p>No episodes match. Try other words or show every episode.</p>}
        pager="Pages of episodes"
      />
    </ListSection>
  );
}

/** One episode's cells: its number, title (the link to edit it), state, publication date and length. */
function EpisodeCells({ episode }: { episode: AdminEpisodeRow }) {
  return (
    <>
      <td>{episode.episodeNumber ?? '–'}</td>
      <td>
        <a href={`#edit/${episode.id}`}>{episode.title}</a>
      </td>
      <td>
        <span className="status-pill" data-tone={TONES[episode.state]}>
          {EPISODE_STATE_LABELS[episode.state]}
        </span>
        {!episode.hasAudio && (
          <span className="status-pill episode-pill-gap" data-tone="warn">
            No audio
          </span>
        )}
      </td>
      <td>
        {episode.publishedAt ? (
          <time dateTime={episode.publishedAt}>{formatTime(episode.publishedAt, 'shortDate')}</time>
        ) : (
          <span className="hint">Not set</span>
        )}
      </td>
      <td>{episode.durationSeconds ? formatClock(episode.durationSeconds) : '–'}</td>
    </>
  );
}
