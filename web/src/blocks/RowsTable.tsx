import type { ReactNode } from 'react';

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
}: {
  columns: string[];
  rows: string[][];
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
                <td key={column}>{cell}</td>
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
