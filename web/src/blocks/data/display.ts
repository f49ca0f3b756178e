// How a row's cells read to the viewer. The server writes each cell's display text by the core's
// rule (tessera_core::display: the column's kind and the block's per-column `format`, in the
// viewer's locale) next to the raw values, so no view formats a value itself: `741.0` reads
// `741`, `2025-01-05` reads `Jan 5, 2025`. Raw values stay for editing, links, images and CSV.
import type { BlockRows } from './types';

/** The viewer's language tag, sent as `locale` with every read of rows. */
export const viewerLocale = (): string => (typeof navigator !== 'undefined' && navigator.language) || 'en-US';

type Shown = Pick<BlockRows, 'rows' | 'display'>;

/** Row `row`'s cell of `column` as the viewer reads it: its display text, else as written. */
export function shownText(answer: Shown, row: number, column: string): string {
  return answer.display?.[row]?.[column] ?? answer.rows[row]?.[column] ?? '';
}

/** `record` (a row of `answer`) with the display texts in place of the raw values. */
export function shownRecord(answer: Shown, record: Record<string, string>): Record<string, string> {
  const row = answer.rows.indexOf(record);
  return row >= 0 && answer.display?.[row] ? { ...record, ...answer.display[row] } : record;
}
