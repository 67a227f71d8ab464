import type { AdminPassage } from '~/features/catalogue/catalogue.schema';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { SearchBox } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { addedOn } from './formParts';
import { PASSAGES, wordsText } from './PassageFields';
import { AddRecord, FlashNote } from './RecordForms';
import '~/islands/shared/admin/admin.css';
import './catalogue.css';

/** The read-aloud passages: searched, sorted and paged on the server, with the form to add one. */
export function PassageList() {
  const list = useAdminList<AdminPassage>(PASSAGES.api.list, { sort: 'title', dir: 'asc' });
  const { q } = list.params;
  return (
    <div className="catalogue">
      <FlashNote />
      <section aria-labelledby="passages-heading">
        <h2 id="passages-heading">Passages</h2>
        <div className="admin-toolbar">
          <SearchBox label="Search the passages" placeholder="A word of the title or the text" list={list} />
          <a className="btn btn-secondary btn-small" href="#add-passage-heading">
            Add a passage
          </a>
        </div>
        <AdminTable
          list={list}
          caption={(page) => `Read-aloud passages, page ${page}`}
          columns={[
            { label: 'Title', sort: 'title' },
            { label: 'Level', sort: 'level' },
            { label: 'Words', sort: 'wordCount', desc: true },
            { label: 'Model reading' },
            { label: 'Added', sort: 'createdAt', desc: true },
          ]}
          rowKey={(p) => p.id}
          row={(p) => (
            <>
              <td>
                <a href={PASSAGES.editHref(p.id)}>{p.title}</a>
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
            </>
          )}
          empty={
            q ? (
              <p>No passage matches “{q}”.</p>
            ) : (
              <p>
                No passages yet. Add the first one with the form below: children practise with it at once.
              </p>
            )
          }
          pager="Pages of passages"
        />
      </section>
      <AddRecord
        kind={PASSAGES}
        addedText={(p) => `“${p.title}” was added (${wordsText(p.wordCount)}).`}
        editText="Add a model reading or edit it"
        onAdded={list.reload}
      />
    </div>
  );
}
