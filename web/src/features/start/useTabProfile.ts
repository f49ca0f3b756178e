import { useEffect, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { SheetView } from '../../generated/api';
import { loadTabRows } from '../../blocks/preview/tabRows';
import { loadCore, type Table } from '../../core/wasm';
import type { ColumnProfile } from '../../generated/blockStarter';
import { visibleColumns } from './templates';

/** Rows the preview shows: enough to recognise the data, few enough to keep the step short. */
export const PREVIEW_ROWS = 5;

/** A tab as the first-run steps show and use it. */
export interface TabProfile {
  title: string;
  /** The columns people see, in order. */
  columns: string[];
  /** The first PREVIEW_ROWS rows, cells in the order of `columns`. */
  rows: string[][];
  /** Rows the tab has. */
  total: number;
  /**
   * The core's profile of every column (kind, distinct values...) over the whole tab; 'reading'
   * while the core profiles it (the rows show first), 'failed' when it could not.
   */
  profiles: ColumnProfile[] | 'reading' | 'failed';
}

export type TabState =
  { status: 'none' } | { status: 'loading'; title: string } | { status: 'failed'; title: string; message: string } | ({ status: 'ready' } & TabProfile);

/**
 * The picked tab's first rows and its columns' profiles from the WASM core. The tab is loaded as
 * the block preview loads it (whole, in the core's columnar form, kept on the device for it); the
 * profile is the core's column typing, never a guess made here.
 */
export function useTabProfile(spreadsheetId: string | undefined, sheet: SheetView | undefined): TabState {
  const [state, setState] = useState<TabState>({ status: 'none' });
  const title = sheet?.title;
  const version = sheet?.version;

  useEffect(() => {
    if (!spreadsheetId || title === undefined) {
      setState({ status: 'none' });
      return;
    }
    const load = new AbortController();
    setState({ status: 'loading', title });
    Promise.all([loadTabRows(spreadsheetId, title, version, load.signal), loadCore()])
      .then(([loaded, core]) => core.openColumns(loaded.bytes))
      .then(
        async (table) => {
          try {
            const columns = table.columns();
            const shown = visibleColumns(columns);
            const indices = shown.map((column) => columns.indexOf(column));
            const first = Array.from({ length: Math.min(PREVIEW_ROWS, table.rowCount) }, (_, row) => row);
            const tab: TabProfile = {
              title,
              columns: shown,
              rows: table.rowCells(first).map((cells) => indices.map((index) => cells[index])),
              total: table.rowCount,
              profiles: 'reading',
            };
            if (load.signal.aborted) return;
            setState({ status: 'ready', ...tab });
            // The rows paint first: profiling a large tab takes longer than reading a few rows.
            await new Promise((painted) => setTimeout(painted));
            if (load.signal.aborted) return;
            const profiles = profileOf(table, shown);
            setState({ status: 'ready', ...tab, profiles: profiles ?? 'failed' });
          } finally {
            table.free();
          }
        },
        (error: unknown) => !load.signal.aborted && setState({ status: 'failed', title, message: toApiError(error).message }),
      );
    return () => load.abort();
  }, [spreadsheetId, title, version]);

  return state;
}

/** The core's profiles of the `shown` columns, in their order; null when the core cannot profile them. */
function profileOf(table: Table, shown: string[]): ColumnProfile[] | null {
  try {
    const byName = new Map(table.profile().map((profile) => [profile.name, profile]));
    return shown.flatMap((column) => byName.get(column) ?? []);
  } catch {
    return null;
  }
}
