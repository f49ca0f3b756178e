import type { GridPage } from '../../generated/api';
import { GRID_PAGE_ROWS } from './spreadsheetApi';

interface Props {
  page: GridPage;
  busy: boolean;
  onOffset: (offset: number) => void;
}

/** "rows X–Y of N" with Previous and Next, GRID_PAGE_ROWS rows at a time. */
export function GridPager({ page, busy, onOffset }: Props) {
  const first = page.rows.length === 0 ? 0 : page.offset + 1;
  const last = page.offset + page.rows.length;
  return (
    <div className="pager">
      <span role="status">{page.total === 0 ? 'No rows' : `rows ${first}–${last} of ${page.total.toLocaleString('en-US')}`}</span>
      <button type="button" className="button small" disabled={busy || page.offset === 0} onClick={() => onOffset(Math.max(0, page.offset - GRID_PAGE_ROWS))}>
        Previous
      </button>
      <button type="button" className="button small" disabled={busy || last >= page.total} onClick={() => onOffset(page.offset + GRID_PAGE_ROWS)}>
        Next
      </button>
    </div>
  );
}
