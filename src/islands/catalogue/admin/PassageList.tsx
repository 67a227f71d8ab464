import { useEffect, useState } from 'react';
import { type AdminPassage, passageInputSchema } from '~/features/catalogue/catalogue.schema';
import { adminFetch } from '~/islands/shared/admin/adminApi';
import { ListState, Pager, SearchBox, SortHeader } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { FormAlert } from '~/islands/shared/Field';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { addedOn, flash, useCatalogueForm } from './formParts';
import { EMPTY_PASSAGE, PassageFields, passagePayload, wordsText } from './PassageFields';
import '~/islands/shared/admin/admin.css';
import './catalogue.css';

function AddPassage({ onAdded }: { onAdded: () => void }) {
  const [added, setAdded] = useState<AdminPassage>();
  const f = useCatalogueForm({
    initial: EMPTY_PASSAGE,
    schema: passageInputSchema,
    toPayload: passagePayload,
    send: async (payload, form) => {
      const passage = await adminFetch<AdminPassage>('/api/admin/passages', {
        method: 'POST',
        body: payload,
      });
      form.setDraft(EMPTY_PASSAGE);
      setAdded(passage);
      onAdded();
      return `“${passage.title}” was added (${wordsText(passage.wordCount)}).`;
    },
  });
  return (
    <section className="admin-panel" aria-labelledby="add-passage-heading">
      <h2 id="add-passage-heading">Add a passage</h2>
      <form ref={f.form} className="admin-form" noValidate onSubmit={f.submit}>
        <FormAlert message={f.alert} />
        <PassageFields idPrefix="new-passage" draft={f.draft} set={f.set} errors={f.errors} />
        <div className="catalogue-actions">
          <button type="submit" className="btn btn-primary" disabled={f.saving}>
            {f.saving ? 'Adding…' : 'Add the passage'}
          </button>
        </div>
        <div role="status" className="form-alert-region">
          {f.done && added && (
            <p className="form-alert form-alert-success">
              {f.done} <a href={`/updateReadonance/${added.id}`}>Add a model reading or edit it</a>.
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

/** The read-aloud passages: searched, sorted and paged on the server, with the form to add one. */
export function PassageList() {
  const [note, setNote] = useState<string>();
  useEffect(() => setNote(flash.take()), []);
  const list = useAdminList<AdminPassage>('/api/admin/passages', {
    q: '',
    sort: 'title',
    dir: 'asc',
    page: 1,
    filters: {},
  });
  const { params, setParams, data } = list;
  const onSort = (sort: string, dir: 'asc' | 'desc') => setParams({ sort, dir });
  return (
    <div className="catalogue">
      <div role="status" className="form-alert-region">
        {note && <p className="form-alert form-alert-success">{note}</p>}
      </div>
      <section aria-labelledby="passages-heading">
        <h2 id="passages-heading">Passages</h2>
        <div className="admin-toolbar">
          <SearchBox
            id="passage-search"
            label="Search the passages"
            value={params.q}
            placeholder="A word of the title or the text"
            onChange={(q) => setParams({ q })}
          />
          <a className="btn btn-secondary btn-small" href="#add-passage-heading">
            Add a passage
          </a>
        </div>
        <ListState
          loading={list.loading}
          error={list.error}
          empty={data?.items.length === 0}
          onRetry={list.reload}
          emptyText={
            params.q ? (
              <p>No passage matches “{params.q}”.</p>
            ) : (
              <p>
                No passages yet. Add the first one with the form below: children practise with it at once.
              </p>
            )
          }
        >
          {data && (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <caption className="sr-only">Read-aloud passages, page {data.page}</caption>
                <thead>
                  <tr>
                    <SortHeader label="Title" sortKey="title" params={params} onSort={onSort} />
                    <SortHeader label="Level" sortKey="level" params={params} onSort={onSort} />
                    <SortHeader
                      label="Words"
                      sortKey="wordCount"
                      params={params}
                      onSort={onSort}
                      defaultDir="desc"
                    />
                    <th scope="col">Model reading</th>
                    <SortHeader
                      label="Added"
                      sortKey="createdAt"
                      params={params}
                      onSort={onSort}
                      defaultDir="desc"
                    />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((p) => (
                    <tr key={p.id}>
                      <td>
                        <a href={`/updateReadonance/${p.id}`}>{p.title}</a>
                      </td>
                      <td>{READING_LEVEL_LABELS[p.level]}</td>
                      <td>{p.wordCount}</td>
                      <td>
                        {p.audioUrl ? (
                          <span className="status-pill" data-tone="good">
                            Yes
                          </span>
                        ) : (
                          <span className="status-pill">None</span>
                        )}
                      </td>
                      <td>
                        <time dateTime={p.createdAt}>{addedOn(p.createdAt)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListState>
        {data && (
          <Pager
            label="Pages of passages"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(page) => setParams({ page })}
          />
        )}
      </section>
      <AddPassage onAdded={list.reload} />
    </div>
  );
}
