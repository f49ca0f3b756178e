// The details popup of a row (blocks §2: chart, table, list and grid show it on row click; the
// calendar on an event click): every visible cell of the record, labelled by its column.
import type { CSSProperties, ReactNode } from 'react';
import { Popup } from '../../components/Popup';
import { HIDDEN_COLUMNS as SHEET_COLUMNS } from '../../generated/blockCapabilities';
import './details.css';

/** Columns the sheet keeps for itself (platform §3): never shown as a row's details. */
export const HIDDEN_COLUMNS: ReadonlySet<string> = new Set(SHEET_COLUMNS);
export const RECORD_ID = 'ChartApps Record ID';

export function DetailsPopup({
  title,
  record,
  columns,
  labels,
  cell,
  onClose,
  children,
}: {
  title: string;
  record: Record<string, string>;
  /** Which columns, in order; every column of the record when absent. */
  columns?: string[];
  /** Headers to show instead of column names. */
  labels?: Record<string, string>;
  /** How a column's value is drawn (its type, markdown) and coloured; plain text when absent. */
  cell?: (column: string) => { content: ReactNode; style?: CSSProperties };
  onClose: () => void;
  /** Buttons under the details (the row's actions). */
  children?: ReactNode;
}) {
  const shown = (columns ?? Object.keys(record)).filter((column) => !HIDDEN_COLUMNS.has(column));
  return (
    <Popup title={title} onClose={onClose} maxWidth={560}>
      <dl className="row-details">
        {shown.map((column) => (
          <div key={column}>
            <dt>{labels?.[column] || column}</dt>
            <Value column={column} value={record[column] ?? ''} cell={cell} />
          </div>
        ))}
      </dl>
      {children}
    </Popup>
  );
}

function Value({ column, value, cell }: { column: string; value: string; cell?: (column: string) => { content: ReactNode; style?: CSSProperties } }) {
  const drawn = cell?.(column);
  return <dd style={drawn?.style}>{drawn ? drawn.content : value}</dd>;
}
