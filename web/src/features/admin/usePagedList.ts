import { useCallback, useEffect, useRef, useState } from 'react';
import { toApiError } from '../../api/errors';
import { useAdminRefused } from './adminAccess';
import type { Page, PageRequest } from './adminApi';

/** Rows per page of the admin lists (the server allows 1 to 200). */
export const ADMIN_PAGE_SIZE = 25;

/**
 * One admin listing: the current page of rows, the search, paging, and the row actions that
 * change the list (each reloads the page afterwards, so what shows is what the server holds).
 * The owner's tabs use it too, with the whole list cut into pages here (`pageOf`).
 */
export function usePagedList<T>(load: (page: PageRequest) => Promise<Page<T>>, pageSize = ADMIN_PAGE_SIZE) {
  const refused = useAdminRefused();
  const [offset, setOffset] = useState(0);
  const [search, setSearchState] = useState('');
  const [page, setPage] = useState<Page<T> | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  // The loader is usually an inline function; the latest one is used without refetching on each render.
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    let current = true;
    setLoading(true);
    loadRef.current({ limit: pageSize, offset, q: search }).then(
      (answer) => {
        if (!current) return;
        // Deleting the last row of the last page leaves nothing here: show the page before it.
        if (answer.items.length === 0 && offset > 0) {
          setOffset(Math.max(0, Math.floor((answer.total - 1) / pageSize) * pageSize));
          return;
        }
        setPage(answer);
        setError(null);
        setLoading(false);
      },
      (thrown) => {
        if (!current) return;
        const failure = toApiError(thrown);
        if (failure.status === 403) refused();
        setError(failure.message);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [offset, search, pageSize, version, refused]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  const setSearch = useCallback((value: string) => {
    setOffset(0);
    setSearchState(value.trim());
  }, []);

  /** Runs a row action (`key` names the row while it runs); a failure shows above the list. */
  const act = useCallback(
    async (key: string, action: () => Promise<unknown>): Promise<boolean> => {
      setWorking(key);
      setActionError(null);
      try {
        await action();
        return true;
      } catch (thrown) {
        const failure = toApiError(thrown);
        if (failure.status === 403) refused();
        setActionError(failure.message);
        return false;
      } finally {
        setWorking(null);
        reload();
      }
    },
    [refused, reload],
  );

  const total = page?.total ?? 0;
  return {
    items: page?.items ?? null,
    total,
    offset,
    pageSize,
    loading,
    error,
    search,
    setSearch,
    hasPrevious: offset > 0,
    hasNext: offset + pageSize < total,
    previous: () => setOffset((o) => Math.max(0, o - pageSize)),
    next: () => setOffset((o) => o + pageSize),
    reload,
    act,
    working,
    actionError,
    setActionError,
  };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
