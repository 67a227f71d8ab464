import { type ReactNode, useId } from 'react';
import type { ListParams } from './useAdminList';

/** The search box of an admin list: labelled, searching as the administrator types. */
export function SearchBox({
  id,
  label,
  value,
  onChange,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (q: string) => void;
  placeholder?: string;
}) {
  return (
    <div className="field admin-search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="search"
        value={value}
        maxLength={100}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** A labelled filter of an admin list (status, role...): choosing one starts again at page 1. */
export function FilterSelect({
  label,
  name,
  options,
  params,
  setParams,
}: {
  label: string;
  /** The filter's key in the list's query and page address. */
  name: string;
  /** [value, label] pairs; '' is "no filter". */
  options: readonly (readonly [string, string])[];
  params: Pick<ListParams, 'filters'>;
  setParams: (change: Partial<ListParams>) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={params.filters[name] ?? ''}
        onChange={(e) => setParams({ filters: { [name]: e.target.value } })}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
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
    <nav className="admin-pager" aria-label={label}>
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
  if (error) {
    return (
      <div className="admin-state" role="alert">
        <p>{error}</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
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
