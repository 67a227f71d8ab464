import {
  type AdminEpisodeRow,
  EPISODE_STATE_LABELS,
  EPISODE_STATES,
  type EpisodeState,
} from '~/features/podcast/admin.schema';
import { formatClock } from '~/features/podcast/podcast';
import { FilterSelect, ListState, Pager, SearchBox, SortHeader } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';

const TONES: Record<EpisodeState, 'good' | 'info' | undefined> = {
  published: 'good',
  scheduled: 'info',
  draft: undefined,
};

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Every episode, drafts included: searchable, filtered by state, sortable and paged. */
export function EpisodeList() {
  const list = useAdminList<AdminEpisodeRow>('/api/admin/podcast', {
    q: '',
    sort: 'episodeNumber',
    dir: 'desc',
    page: 1,
    filters: { state: '' },
  });
  const { params, setParams, data } = list;
  const onSort = (sort: string, dir: 'asc' | 'desc') => setParams({ sort, dir });
  return (
    <section aria-labelledby="episodes-heading">
      <div className="episodes-head">
        <h2 id="episodes-heading" tabIndex={-1}>
          Episodes
        </h2>
        <a className="btn btn-primary" href="#new">
          New episode
        </a>
      </div>
      <div className="admin-toolbar">
        <SearchBox
          id="episodes-search"
          label="Search episodes"
          value={params.q}
          placeholder="A title, a word of the summary, a number"
          onChange={(q) => setParams({ q })}
        />
        <FilterSelect
          label="Show"
          name="state"
          options={[
            ['', 'Every episode'],
            ...EPISODE_STATES.map((s) => [s, EPISODE_STATE_LABELS[s]] as const),
          ]}
          params={params}
          setParams={setParams}
        />
      </div>
      <ListState
        loading={list.loading}
        error={list.error}
        empty={data?.items.length === 0}
        onRetry={list.reload}
        emptyText={
          params.q || params.filters.state ? (
            <p>No episodes match. Try other words or show every episode.</p>
          ) : (
            <p>No episodes yet. Create the first one: a title and a summary are enough to start a draft.</p>
          )
        }
      >
        {data && (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="sr-only">Podcast episodes, page {data.page}</caption>
              <thead>
                <tr>
                  <SortHeader
                    label="No."
                    sortKey="episodeNumber"
                    params={params}
                    onSort={onSort}
                    defaultDir="desc"
                  />
                  <SortHeader label="Title" sortKey="title" params={params} onSort={onSort} />
                  <th scope="col">Status</th>
                  <SortHeader
                    label="Publication date"
                    sortKey="publishedAt"
                    params={params}
                    onSort={onSort}
                    defaultDir="desc"
                  />
                  <SortHeader label="Length" sortKey="durationSeconds" params={params} onSort={onSort} />
                </tr>
              </thead>
              <tbody>
                {data.items.map((episode) => (
                  <tr key={episode.id}>
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
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
      {data && (
        <Pager
          label="Pages of episodes"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={(page) => setParams({ page })}
        />
      )}
    </section>
  );
}
