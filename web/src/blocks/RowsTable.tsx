import type { CSSProperties, ReactNode } from 'react';

/** A cell's conditional formatting colours (blocks §3.4). */
export interface CellColours {
  background_color?: string;
  text_color?: string;
}

/** The style of a cell its conditional formatting colours; undefined when none does. */
export const cellStyle = (colours: CellColours | undefined): CSSProperties | undefined =>
  colours && { backgroundColor: colours.background_color, color: colours.text_color };

/** A value of a sheet cell as text; objects (rare, from JSON columns) show as their JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Rows of a sheet under a header of column names: the one table of block bodies and the
 * spreadsheet grid. `rows` are cells in column order.
 */
export function RowsTable({
  columns,
  rows,
  caption,
  className,
  firstRowKey = 0,
  emptyText,
  colours,
}: {
  columns: string[];
  rows: string[][];
  /** Colours of cells by row and column index, as the core's conditional formatting gave them. */
  colours?: (CellColours | undefined)[][];
  /** Read by screen readers only. */
  caption?: string;
  className?: string;
  /** The key of the first row, so a scrolled page of rows keeps its rows' identities. */
  firstRowKey?: number;
  /** When given, no rows show as one row saying this (else the caller shows nothing or its own text). */
  emptyText?: ReactNode;
}) {
  return (
    <table className={className}>
      {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && emptyText !== undefined ? (
          <tr>
            <td className="empty" colSpan={Math.max(columns.length, 1)}>
              {emptyText}
            </td>
          </tr>
        ) : (
          rows.map((row, index) => (
            <tr key={firstRowKey + index}>
              {row.map((cell, column) => (
                <td key={column} style={cellStyle(colours?.[index]?.[column])}>
                  {cell}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** Records keyed by column name as cells in column order. */
export function recordCells(columns: string[], records: Record<string, unknown>[]): string[][] {
  return records.map((record) => columns.map((column) => cellText(record[column])));
}
