import type { SelectHTMLAttributes } from 'react';
import type { SpreadsheetView } from '../../generated/api';

/** A picker of one of a workspace's spreadsheets, or none (the value ''). */
export function SpreadsheetSelect({
  spreadsheets,
  value,
  onChange,
  ...select
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  spreadsheets: readonly SpreadsheetView[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <select {...select} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">No spreadsheet</option>
      {spreadsheets.map((s) => (
        <option key={s.id} value={s.id}>
          {s.name}
        </option>
      ))}
    </select>
  );
}
