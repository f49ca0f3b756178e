import type { GridPage } from '../../generated/api';
import { RowsTable } from '../../blocks/RowsTable';

/** A page of rows with every column; the header sticks while the rows scroll under it. */
export function GridTable({ page, label }: { page: GridPage; label: string }) {
  return (
    // Focusable so keyboard users can scroll a table wider than the screen.
    <div className="grid-scroll" role="region" aria-label={label} tabIndex={0}>
      <RowsTable columns={page.columns} rows={page.rows} firstRowKey={page.offset} emptyText="This tab has no rows." />
    </div>
  );
}
