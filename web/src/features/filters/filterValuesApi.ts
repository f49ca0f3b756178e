// The values a viewer's "any of" chip offers (issue 48): GET /api/board/{spreadsheetId}/sheet/{sheet_title}/values,
// the column's distinct values with their row counts over the rows this viewer may read on the
// board. The server decides the scope; this only asks.
import { answer, client } from '../../api/client';
import type { ColumnValues } from '../../generated/api';

export type { ColumnValues };

/** What one checklist asks: the board, the filter's tab and column, the search, the other chips. */
export interface ValuesQuery {
  slug: string;
  spreadsheetId: string;
  sheet: string;
  column: string;
  /** Keeps only the values that contain it, case-insensitively. */
  search: string;
  /**
   * The URL `filters` without the chip's own pair: the other chips narrow the list, its own
   * choice never does (else picking North would hide South).
   */
  otherFilters: string;
}

/** How many values a checklist lists at once; a search finds the others. */
export const LISTED_VALUES = 100;

/** The column's values and counts; errors are the checklist's to show (no alert). */
export function loadColumnValues(query: ValuesQuery, signal?: AbortSignal): Promise<ColumnValues> {
  const { slug, spreadsheetId, sheet, column, search, otherFilters } = query;
  return answer(
    client.GET('/api/board/{spreadsheetId}/sheet/{sheet_title}/values', {
      params: {
        path: { spreadsheetId, sheet_title: sheet },
        query: {
          board: slug,
          column,
          q: search.trim() || undefined,
          limit: String(LISTED_VALUES),
          _filters: otherFilters,
          tz_offset: String(-new Date().getTimezoneOffset()),
        },
      },
      signal,
    }),
    false,
  );
}
