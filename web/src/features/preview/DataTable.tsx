import { HIDDEN_COLUMNS } from '../../blocks/details/DetailsPopup';
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

/**
 * One page of rows as the core returned it; headers sort, the pager moves between pages. The
 * columns the sheet keeps for itself (its record ids) are left out, as every block leaves them
 * out, and search does not read them.
 */
export function DataTable({ result }: { result: QueryResult }) {
  const sort = usePreviewStore((s) => s.sort);
  const toggleSort = usePreviewStore((s) => s.toggleSort);
  const setPage = usePreviewStore((s) => s.setPage);
  const { total, page, page_count: pageCount } = result;
  const shown = result.columns.flatMap((column, index) => (HIDDEN_COLUMNS.has(column) ? [] : [index]));

  return (
    <div className="data-table">
      <p className="row-count" data-testid="row-count">
        {total === 1 ? '1 row' : `${total} rows`}
      </p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              {shown
                .map((index) => result.columns[index])
                .map((c) => (
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
                {shown.map((j) => (
                  <td key={j}>{row[j]}</td>
                ))}
              </tr>
            ))}
            {result.rows.length === 0 && (
              <tr>
                <td className="empty" colSpan={Math.max(1, shown.length)}>
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
