import type { QueryResult, Sort } from '../../generated/core';
import { usePreviewStore } from '../../store/previewStore';

function ariaSort(sort: Sort | null, column: string) {
  if (sort?.column !== column) return 'none' as const;
  return sort.direction === 'Ascending' ? ('ascending' as const) : ('descending' as const);
}

function sortMark(sort: Sort | null, column: string) {
  if (sort?.column !== column) return '';
  return sort.direction === 'Ascending' ? ' ▲' : ' ▼';
}

/** One page of rows as the core returned it; headers sort, the pager moves between pages. */
export function DataTable({ result }: { result: QueryResult }) {
  const sort = usePreviewStore((s) => s.sort);
  const toggleSort = usePreviewStore((s) => s.toggleSort);
  const setPage = usePreviewStore((s) => s.setPage);
  const { total, page, page_count: pageCount } = result;

  return (
    <div className="data-table">
      <p className="row-count" data-testid="row-count">
        {total === 1 ? '1 row' : `${total} rows`}
      </p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {result.columns.map((c) => (
                <th key={c} aria-sort={ariaSort(sort, c)} scope="col">
                  <button type="button" onClick={() => toggleSort(c)}>
                    {c}
                    {sortMark(sort, c)}
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row, i) => (
              <tr key={result.row_indices[i] ?? i}>
                {row.map((cell, j) => (
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
            {result.rows.length === 0 && (
              <tr>
                <td className="empty" colSpan={Math.max(1, result.columns.length)}>
                  No rows match the search and filters.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label="Pagination">
        <button type="button" className="button" onClick={() => setPage(page - 1)} disabled={page <= 1}>
          Previous
        </button>
        <span data-testid="page-info">
          Page {pageCount === 0 ? 0 : page} of {pageCount}
        </span>
        <button type="button" className="button" onClick={() => setPage(page + 1)} disabled={page >= pageCount}>
          Next
        </button>
      </nav>
    </div>
  );
}
