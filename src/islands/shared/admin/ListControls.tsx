import { type ReactNode, useId } from 'react';
import { SelectField } from '~/islands/shared/Field';
import type { AdminList, ListParams } from './useAdminList';

/** What a list control needs of its list: the choices made, and the way to change them. */
type ListBinding = Pick<AdminList<unknown>, 'params' | 'setParams'>;

/** The search box of an admin list: labelled, searching as the administrator types. */
export function SearchBox({
  label,
  placeholder,
  list,
}: {
  label: string;
  placeholder: string;
  list: ListBinding;
}) {
  const id = useId();
  return (
    <div className="field admin-search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="search"
        value={list.params.q}
        maxLength={100}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => list.setParams({ q: e.target.value })}
      />
    </div>
  );
}

/** A labelled filter of an admin list (status, role...): choosing one starts again at page 1. */
export function FilterSelect({
  label,
  name,
  options,
  list,
}: {
  label: string;
  /** The filter's key in the list's query and page address. */
  name: string;
  /** [value, label] pairs; '' is "no filter". */
  options: readonly (readonly [string, string])[];
  list: ListBinding;
}) {
  const id = useId();
  return (
    <SelectField
      id={id}
      label={label}
      options={options}
      value={list.params.filters[name] ?? ''}
      onChange={(e) => list.setParams({ filters: { [name]: e.target.value } })}
    />
  );
}

/** A filter of an admin list, as the toolbar draws it: see FilterSelect. */
export interface ListFilter {
  label: string;
  name: string;
  options: readonly (readonly [string, string])[];
}

/** What the toolbar above an admin list holds: a search box and the list's filters. */
export interface ToolbarProps {
  list: ListBinding;
  /** The search box's label and placeholder. */
  search: readonly [label: string, placeholder: string];
  filters?: readonly ListFilter[];
  /** Groups the filters in a block of this class. */
  filtersClass?: string;
}

/** The toolbar above an admin list: its search box, its filters, and any buttons after them. */
export function ListToolbar({
  list,
  search,
  filters = [],
  filtersClass,
  children,
}: ToolbarProps & { children?: ReactNode }) {
  const selects = filters.map((filter) => <FilterSelect key={filter.name} {...filter} list={list} />);
  return (
    <div className="admin-toolbar">
      <SearchBox label={search[0]} placeholder={search[1]} list={list} />
      {filtersClass ? <div className={filtersClass}>{selects}</div> : selects}
      {children}
    </div>
  );
}

/**
 * A column heading that sorts the list: a button inside the heading cell, with aria-sort telling
 * screen readers which column orders the rows and which way.
 */
export function SortHeader({
  label,
  sortKey,
  params,
  onSort,
  defaultDir = 'asc',
}: {
  label: string;
  sortKey: string;
  params: Pick<ListParams, 'sort' | 'dir'>;
  onSort: (sort: string, dir: 'asc' | 'desc') => void;
  defaultDir?: 'asc' | 'desc';
}) {
  const active = params.sort === sortKey;
  const next = active ? (params.dir === 'asc' ? 'desc' : 'asc') : defaultDir;
  return (
    <th scope="col" aria-sort={active ? (params.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button type="button" className="admin-sort" onClick={() => onSort(sortKey, next)}>
        {label}
        <span aria-hidden="true" className="admin-sort-arrow">
          {active ? (params.dir === 'asc' ? '▲' : '▼') : '↕'}
        </span>
        <span className="sr-only">, sort {next === 'asc' ? 'ascending' : 'descending'}</span>
      </button>
    </th>
  );
}

/** "Showing 26–50 of 120" and the page buttons under an admin list. */
export function Pager({
  label,
  page,
  pageSize,
  total,
  onPage,
}: {
  /** Names the navigation landmark, e.g. "Pages of books". */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  // An empty list already says so in its own words.
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="head-row admin-pager" aria-label={label}>
      <p aria-live="polite">
        {`Showing ${first}–${last} of ${total}`}
        {pages > 1 && ` · page ${page} of ${pages}`}
      </p>
      {pages > 1 && (
        <div className="admin-pager-buttons">
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={page <= 1}
            onClick={() => onPage(page - 1)}
          >
            Previous page
          </button>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            disabled={page >= pages}
            onClick={() => onPage(page + 1)}
          >
            Next page
          </button>
        </div>
      )}
    </nav>
  );
}

/** The states every admin list shows around its table: loading, failed (with a retry), empty. */
export function ListState({
  loading,
  error,
  empty,
  onRetry,
  emptyText,
  children,
}: {
  loading: boolean;
  error: string | null;
  empty: boolean;
  onRetry: () => void;
  emptyText: ReactNode;
  children: ReactNode;
}) {
  if (error) return <LoadFailed message={error} onRetry={onRetry} />;
  return (
    <div className="admin-list" aria-busy={loading}>
      {loading && (
        <p className="admin-loading" role="status">
          Loading…
        </p>
      )}
      {empty && !loading ? <div className="admin-state">{emptyText}</div> : children}
    </div>
  );
}

/** What an admin page or list says when it could not load: the reason, and a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="admin-state" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
