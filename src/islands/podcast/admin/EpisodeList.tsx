import {
  type AdminEpisodeRow,
  EPISODE_STATE_LABELS,
  EPISODE_STATES,
  type EpisodeState,
} from '~/features/podcast/admin.schema';
import { formatClock } from '~/features/podcast/podcast';
import { podcastApi } from '~/features/podcast/podcast.api';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { FilterSelect, SearchBox } from '~/islands/shared/admin/ListControls';
import { ListSection } from '~/islands/shared/admin/ListSection';
import { useAdminList } from '~/islands/shared/admin/useAdminList';

const TONES: Record<EpisodeState, 'good' | 'info' | undefined> = {
  published: 'good',
  scheduled: 'info',
  draft: undefined,
};

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

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
      action={
        <a className="btn btn-primary" href="#new">
          New episode
        </a>
      }
      toolbar={
        <>
          <SearchBox
            label="Search episodes"
            placeholder="A title, a word of the summary, a number"
            list={list}
          />
          <FilterSelect
            label="Show"
            name="state"
            options={[
              ['', 'Every episode'],
              ...EPISODE_STATES.map((s) => [s, EPISODE_STATE_LABELS[s]] as const),
            ]}
            list={list}
          />
        </>
      }
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
        row={(episode) => (
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
                <time dateTime={episode.publishedAt}>{day(episode.publishedAt)}</time>
              ) : (
                <span className="hint">Not set</span>
              )}
            </td>
            <td>{episode.durationSeconds ? formatClock(episode.durationSeconds) : '–'}</td>
          </>
        )}
        empty={
          list.filtered ? (
            <p>No episodes match. Try other words or show every episode.</p>
          ) : (
            <p>No episodes yet. Create the first one: a title and a summary are enough to start a draft.</p>
          )
        }
        pager="Pages of episodes"
      />
    </ListSection>
  );
}
