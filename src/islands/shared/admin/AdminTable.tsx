import type { ReactNode } from 'react';
import { ListState, Pager, SortHeader } from './ListControls';
import type { AdminList } from './useAdminList';

/** A column heading: a sort button when the column has a sort key. */
export interface Column {
  label: string;
  /** The key the list is sorted by when this heading is chosen. */
  sort?: string;
  /** Newest or largest first when the column is first chosen. */
  desc?: boolean;
  /** A heading read by screen readers only (a column of buttons). */
  hidden?: boolean;
}

/** The table of an admin page: its screen-reader caption, its column headings and its rows. */
export function Table({
  caption,
  className,
  head,
  children,
}: {
  caption: ReactNode;
  /** Added to `admin-table`. */
  className?: string;
  /** The heading cells. */
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <table className={className ? `admin-table ${className}` : 'admin-table'}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** Plain column headings, none of them sorting. */
export const headings = (labels: readonly string[]) =>
  labels.map((label) => (
    <th key={label} scope="col">
      {label}
    </th>
  ));

/**
 * An admin list's table, searched, sorted and paged on the server: the loading, failed and empty
 * states around it, sorting headings, and the pager under it.
 */
export function AdminTable<T>({
  list,
  caption,
  className,
  columns,
  rowKey,
  row,
  empty,
  noMatch,
  pager,
}: {
  list: AdminList<T>;
  /** Names the table for screen readers, given the page shown: "Books, page 2". */
  caption: (page: number) => ReactNode;
  className?: string;
  columns: readonly Column[];
  rowKey: (item: T) => string;
  /** The cells of one row. */
  row: (item: T) => ReactNode;
  /** What an empty list says. */
  empty: ReactNode;
  /** What a searched or filtered list says when nothing matches; `empty` when not given. */
  noMatch?: ReactNode;
  /** Names the pager's navigation landmark, e.g. "Pages of books". */
  pager: string;
}) {
  const { data, params, onSort } = list;
  const head = columns.map((column) =>
    column.sort ? (
      <SortHeader
        key={column.label}
        label={column.label}
        sortKey={column.sort}
        params={params}
        onSort={onSort}
        defaultDir={column.desc ? 'desc' : 'asc'}
      />
    ) : (
      <th key={column.label} scope="col">
        {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
      </th>
    ),
  );
  return (
    <>
      <ListState
        loading={list.loading}
        error={list.error}
        empty={data?.items.length === 0}
        onRetry={list.reload}
        emptyText={list.filtered && noMatch !== undefined ? noMatch : empty}
      >
        {data && (
          <Table caption={caption(data.page)} {...(className ? { className } : {})} head={head}>
            {data.items.map((item) => (
              <tr key={rowKey(item)}>{row(item)}</tr>
            ))}
          </Table>
        )}
      </ListState>
      {data && (
        <Pager
          label={pager}
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={(page) => list.setParams({ page })}
        />
      )}
    </>
  );
}
