import type { ReactNode } from 'react';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { ListToolbar } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { AddRecord, FlashNote, type RecordKind } from './RecordForms';
import '~/islands/shared/admin/admin.css';
import './catalogue.css';

type TableProps<T> = Omit<Parameters<typeof AdminTable<T>>[0], 'list' | 'empty'>;

/**
 * A kind's catalogue page: its list, searched, sorted and paged on the server (by title at first),
 * with a link down to the form that adds one, and that form under the list.
 */
export function RecordList<T, D extends Record<string, string>, R, A extends { id: string }>({
  kind,
  heading,
  search,
  addLabel,
  addedText,
  editText,
  empty,
  ...table
}: TableProps<T> & {
  kind: RecordKind<D, R, A>;
  heading: string;
  /** The search box's label and placeholder. */
  search: [label: string, placeholder: string];
  /** The words of the link down to the form. */
  addLabel: string;
  /** What to say once one is added, and the words of the link to its page. */
  addedText: (added: A) => string;
  editText: string;
  /** What an empty list says, given the words searched for ('' when none). */
  empty: (q: string) => ReactNode;
}) {
  const list = useAdminList<T>(kind.api.list, { sort: 'title', dir: 'asc' });
  const headingId = `${kind.what}s-heading`;
  return (
    <div className="catalogue">
      <FlashNote />
      <section aria-labelledby={headingId}>
        <h2 id={headingId}>{heading}</h2>
        <ListToolbar list={list} search={search}>
          <a className="btn btn-secondary btn-small" href={`#add-${kind.what}-heading`}>
            {addLabel}
          </a>
        </ListToolbar>
        <AdminTable list={list} {...table} empty={empty(list.params.q)} />
      </section>
      <AddRecord kind={kind} addedText={addedText} editText={editText} onAdded={list.reload} />
    </div>
  );
}
