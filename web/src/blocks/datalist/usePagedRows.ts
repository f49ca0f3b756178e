// Rows of a block that shows a page at a time and grows with 'Show more' (datalist, grid): the
// first page, then each next page asked of the server and added under the ones already shown.
// Sorting and paging are data rules, so the server does both (the browser only asks).
import { useState } from 'react';
import type { BoardBlock } from '../../generated/api';
import { firstPageSize, knownType } from '../capabilities';
import { useBlockRows } from '../data/hooks';
import type { BlockRows, BlockSource } from '../data/types';

/**
 * The block's `rows_per_page` when it has a usable one, else its type's page size from the
 * catalogue's capabilities (`first_page` `pages`: a datalist's and a grid's 20).
 */
export function pageSizeOf(block: BoardBlock): number {
  const given = Number(block.rows_per_page);
  if (Number.isInteger(given) && given > 0) return given;
  const type = knownType(block.type);
  return type ? firstPageSize(type) : 0;
}

export type PagedRows =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | {
      status: 'ready';
      columns: string[];
      rows: Record<string, string>[];
      /** Each row's display texts where they differ from the raw cells (`data/display.ts`). */
      display: Record<string, string>[];
      total: number;
      /** Another page exists and is not shown yet. */
      hasMore: boolean;
      /** The next page is on its way. */
      loadingMore: boolean;
      /** Why the next page failed (the rows shown stay). */
      moreError: string | null;
      /** The order the server gave the rows (a data list's own sorting). */
      sortedBy: BlockRows['sorted_by'];
      showMore: () => void;
    };

interface Earlier {
  /** What these pages were loaded for; another key starts again at page 1. */
  key: string;
  /** Rows of the pages before `page`, and their display texts. */
  rows: Record<string, string>[];
  display: Record<string, string>[];
  /** The page being shown or asked for. */
  page: number;
  /** The last answer's columns, total and order, shown while the next page loads. */
  columns: string[];
  total: number;
  sortedBy: BlockRows['sorted_by'];
  /**
   * The answer shown when 'Show more' was pressed: until the next page's load begins, the load
   * still holds it for a render, and it must not be added twice.
   */
  shown: BlockRows | null;
}

export function usePagedRows(block: BoardBlock, source: BlockSource): PagedRows {
  const pageSize = pageSizeOf(block);
  const key = JSON.stringify([source.key, block]);
  const start: Earlier = { key, rows: [], display: [], page: 1, columns: [], total: 0, sortedBy: undefined, shown: null };
  const [earlier, setEarlier] = useState<Earlier>(start);
  // A new source or block starts again at the first page (set while rendering, as React
  // recommends for state derived from props, so pages of the old key are never shown).
  const current = earlier.key === key ? earlier : start;
  if (current !== earlier) setEarlier(current);

  const { load, reload } = useBlockRows(block, source, { page: current.page, rowsPerPage: pageSize });

  if (current.page === 1 && load.status !== 'ready') return load;
  const answer: BlockRows | null = load.status === 'ready' && load.answer !== current.shown ? load.answer : null;
  const loadingMore = load.status === 'loading' || (load.status === 'ready' && answer === null);
  const rows = answer ? [...current.rows, ...answer.rows] : current.rows;
  const display = answer ? [...current.display, ...answer.rows.map((_, i) => answer.display?.[i] ?? {})] : current.display;
  const columns = answer?.columns ?? current.columns;
  const total = answer?.total ?? current.total;
  const sortedBy = answer ? answer.sorted_by : current.sortedBy;
  return {
    status: 'ready',
    columns,
    rows,
    display,
    total,
    hasMore: load.status === 'failed' || (answer !== null && current.page < answer.page_count),
    loadingMore,
    moreError: load.status === 'failed' ? load.message : null,
    sortedBy,
    showMore: () => {
      // After a failed page, 'Show more' asks for the same page again.
      if (!answer) reload();
      else setEarlier({ key, rows, display, page: current.page + 1, columns, total, sortedBy, shown: answer });
    },
  };
}
