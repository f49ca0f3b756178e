import type { GridPage } from '../../api/types';

/** A page of rows with every column; the header sticks while the rows scroll under it. */
export function GridTable({ page, label }: { page: GridPage; label: string }) {
  return (
    // Focusable so keyboard users can scroll a table wider than the screen.
    <div className="grid-scroll" role="region" aria-label={label} tabIndex={0}>
      <table>
        <thead>
          <tr>
            {page.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.rows.length === 0 ? (
            <tr>
              <td className="empty" colSpan={Math.max(page.columns.length, 1)}>
                This tab has no rows.
              </td>
            </tr>
          ) : (
            page.rows.map((row, index) => (
              <tr key={page.offset + index}>
                {row.map((cell, column) => (
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
