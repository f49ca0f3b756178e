import { useEffect, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { SheetView } from '../../api/types';
import { loadTabRows } from '../../blocks/preview/tabRows';
import { loadCore } from '../../core/wasm';
import type { ColumnProfile } from '../../generated/blockStarter';
import { visibleColumns } from './templates';

/** Rows the preview shows: enough to recognise the data, few enough to keep the step short. */
export const PREVIEW_ROWS = 5;

type ColumnKind = ColumnProfile['kind'];

const KIND_LABELS: Record<NonNullable<ColumnKind>, string> = { text: 'Text', number: 'Number', date: 'Date' };

interface Preview {
  columns: string[];
  rows: string[][];
  total: number;
  /** Each shown column's type as the core read it; null while the core loads or when it could not. */
  kinds: ColumnKind[] | null;
}

type State = { status: 'loading' } | { status: 'failed'; message: string } | ({ status: 'ready' } & Preview);

/**
 * The first rows of the picked tab under its column names, each with the type the core found in
 * the column (text, number or date), so the owner sees what the templates and blocks will read.
 * The rows are loaded as the block preview loads them (and kept for it); the types are the
 * core's column typing over every row loaded, never a guess made here.
 */
export function DataPreview({ spreadsheetId, sheet }: { spreadsheetId: string; sheet: SheetView }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const { title, version } = sheet;

  useEffect(() => {
    const load = new AbortController();
    setState({ status: 'loading' });
    loadTabRows(spreadsheetId, title, version, load.signal).then(
      async (loaded) => {
        const shown = visibleColumns(loaded.columns);
        const indices = shown.map((column) => loaded.columns.indexOf(column));
        const preview: Preview = {
          columns: shown,
          rows: loaded.rows.slice(0, PREVIEW_ROWS).map((row) => indices.map((index) => row[index] ?? '')),
          total: loaded.total,
          kinds: null,
        };
        if (load.signal.aborted) return;
        setState({ status: 'ready', ...preview });
        const kinds = await columnKinds(loaded.columns, loaded.rows, shown);
        if (!load.signal.aborted && kinds) setState({ status: 'ready', ...preview, kinds });
      },
      (error: unknown) => !load.signal.aborted && setState({ status: 'failed', message: toApiError(error).message }),
    );
    return () => load.abort();
  }, [spreadsheetId, title, version]);

  if (state.status === 'loading') {
    return (
      <p className="muted start-columns" role="status">
        Loading the first rows of {title}...
      </p>
    );
  }
  if (state.status === 'failed') {
    return <p className="muted start-columns">The rows of {title} could not be shown ({state.message}); you can go on all the same.</p>;
  }
  const caption = state.total === 0 ? `${title} has no rows yet` : `First ${Math.min(PREVIEW_ROWS, state.total)} of ${state.total} rows of ${title}`;
  return (
    // Focusable so keyboard users can scroll a tab wider than the screen.
    <div className="grid-scroll start-preview" role="region" aria-label={`Preview of ${title}`} tabIndex={0}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {state.columns.map((column, index) => (
              <th key={column} scope="col">
                <span className="start-preview-name">{column}</span>
                {/* The space keeps the header's name 'Amount Number', not 'AmountNumber'. */}
                {state.kinds && <> <span className="start-preview-kind">{kindLabel(state.kinds[index])}</span></>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {state.rows.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const kindLabel = (kind: ColumnKind) => (kind ? KIND_LABELS[kind] : 'Empty');

/** The core's type of each of `shown`; null when the core cannot be loaded, so the rows show without. */
async function columnKinds(columns: string[], rows: string[][], shown: string[]): Promise<ColumnKind[] | null> {
  try {
    const core = await loadCore();
    const table = core.openSheet(JSON.stringify({ columns, rows }));
    try {
      const profiles = new Map(table.profile().map((column: ColumnProfile) => [column.name, column.kind]));
      return shown.map((column) => profiles.get(column) ?? null);
    } finally {
      table.free();
    }
  } catch {
    return null;
  }
}
