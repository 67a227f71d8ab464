import { type Dispatch, type SetStateAction, useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '~/islands/shared/loadState';
import type { AdminPage } from '~/platform/admin/list.schema';
import { call } from '~/platform/client/api';
import type { AnyContract } from '~/platform/http/contract';

export interface ListParams {
  q: string;
  sort: string;
  dir: 'asc' | 'desc';
  page: number;
  /** Filters of the list's own (status, entity...): sent as they are, kept in the address. */
  filters: Record<string, string>;
}

const SEARCH_DELAY_MS = 300;

function paramsFromUrl(defaults: ListParams): ListParams {
  const url = new URL(window.location.href);
  const get = (key: string) => url.searchParams.get(key);
  const filters = { ...defaults.filters };
  for (const key of Object.keys(filters)) filters[key] = get(key) ?? filters[key] ?? '';
  const page = Number(get('page'));
  return {
    q: get('q') ?? defaults.q,
    sort: get('sort') ?? defaults.sort,
    dir: get('dir') === 'asc' || get('dir') === 'desc' ? (get('dir') as 'asc' | 'desc') : defaults.dir,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    filters,
  };
}

function queryOf(params: ListParams, limit: number): Record<string, string> {
  return {
    sort: params.sort,
    dir: params.dir,
    page: String(params.page),
    limit: String(limit),
    q: params.q,
    ...params.filters,
  };
}

/** A list operation: its query is the list's search, sort, page and filters; it answers a page. */
async function loadPage<T>(contract: AnyContract, query: Record<string, string>, signal: AbortSignal) {
  // The list's own query fields are the contract's (adminListQuery): checked by the server.
  return (await call(contract, { query, signal } as never)) as unknown as AdminPage<T>;
}

/** What the page address keeps: only what differs from the list's defaults, so a plain visit stays plain. */
function addressQuery(params: ListParams, defaults: ListParams): string {
  const query = new URLSearchParams(window.location.search);
  const keep = (key: string, value: string, fallback: string) => {
    if (value && value !== fallback) query.set(key, value);
    else query.delete(key);
  };
  keep('q', params.q, defaults.q);
  keep('sort', params.sort, defaults.sort);
  keep('dir', params.dir, defaults.dir);
  keep('page', String(params.page), '1');
  for (const [key, value] of Object.entries(params.filters)) keep(key, value, defaults.filters[key] ?? '');
  return query.toString();
}

/**
 * The page of the list that `params` describe, asked for again when they change or `version` does.
 * The page address keeps what is chosen (only what differs from `defaults`); typing waits a moment
 * before asking, and an answer to an older question never replaces a newer one. A page past the
 * end (rows deleted meanwhile) goes back to the last page that exists, through `setParams`.
 */
function useListPage<T>(
  endpoint: AnyContract,
  params: ListParams,
  limit: number,
  version: number,
  defaults: ListParams,
  setParams: Dispatch<SetStateAction<ListParams>>,
) {
  const [data, setData] = useState<AdminPage<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const latest = useRef(0);
  const askedQ = useRef(params.q);
  const initial = useRef(defaults);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is how reload() asks again.
  useEffect(() => {
    const ticket = ++latest.current;
    const controller = new AbortController();
    setLoading(true);
    // Typing waits a moment; sorting, paging and filtering ask at once.
    const delay = params.q !== askedQ.current ? SEARCH_DELAY_MS : 0;
    const timer = window.setTimeout(async () => {
      askedQ.current = params.q;
      const url = new URL(window.location.href);
      url.search = addressQuery(params, initial.current);
      window.history.replaceState(window.history.state, '', url);
      try {
        const page = await loadPage<T>(endpoint, queryOf(params, limit), controller.signal);
        if (ticket !== latest.current) return;
        const lastPage = Math.max(1, Math.ceil(page.total / page.pageSize));
        if (page.items.length === 0 && params.page > lastPage) {
          setParams((p) => ({ ...p, page: lastPage }));
          return;
        }
        setData(page);
        setError(null);
      } catch (e) {
        if (controller.signal.aborted || ticket !== latest.current) return;
        setError(errorMessage(e, 'The list could not be loaded.'));
      } finally {
        if (ticket === latest.current) setLoading(false);
      }
    }, delay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [endpoint, params, limit, version, setParams]);

  return { data, error, loading };
}

/**
 * An admin list that is searched, sorted and paged on the server. What is chosen is kept in the
 * page address, so a reload or a shared link shows the same page; typing waits a moment before
 * asking, and an answer to an older question never replaces a newer one.
 */
export function useAdminList<T>(
  /** The list operation: a contract whose answer is a page (adminPageSchema). */
  endpoint: AnyContract,
  /** The order the list starts in, and its filters (each '' until chosen). */
  start: Pick<ListParams, 'sort' | 'dir'> & { filters?: ListParams['filters'] },
  limit = 25,
) {
  const defaults: ListParams = { q: '', page: 1, filters: {}, ...start };
  const [params, setParamsState] = useState<ListParams>(() =>
    typeof window === 'undefined' ? defaults : paramsFromUrl(defaults),
  );
  const [version, setVersion] = useState(0);
  const { data, error, loading } = useListPage<T>(endpoint, params, limit, version, defaults, setParamsState);

  const setParams = useCallback((change: Partial<ListParams>) => {
    setParamsState((p) => ({
      ...p,
      ...change,
      filters: { ...p.filters, ...change.filters },
      // A new search, sort or filter starts again at the first page.
      page: change.page ?? 1,
    }));
  }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const onSort = useCallback((sort: string, dir: 'asc' | 'desc') => setParams({ sort, dir }), [setParams]);
  /** Whether a search or a filter narrows the list (an empty list then says "no match"). */
  const filtered = Boolean(params.q || Object.values(params.filters).some(Boolean));

  return { params, setParams, onSort, filtered, data, error, loading, reload };
}

export type AdminList<T> = ReturnType<typeof useAdminList<T>>;
