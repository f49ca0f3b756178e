import { useEffect, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { SheetView } from '../../generated/api';
import { loadTabRows } from '../../blocks/preview/tabRows';
import { loadCore } from '../../core/wasm';
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
   * The core's profile of every column (kind, distinct values...) over the rows loaded; 'reading'
   * while the core loads, 'failed' when it could not be loaded (the rows still show).
   */
  profiles: ColumnProfile[] | 'reading' | 'failed';
}

export type TabState =
  { status: 'none' } | { status: 'loading'; title: string } | { status: 'failed'; title: string; message: string } | ({ status: 'ready' } & TabProfile);

/**
 * The picked tab's first rows and its columns' profiles from the WASM core. The rows are loaded
 * as the block preview loads them (and kept on the device for it); the profile is the core's
 * column typing, never a guess made here.
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
    loadTabRows(spreadsheetId, title, version, load.signal).then(
      async (loaded) => {
        const shown = visibleColumns(loaded.columns);
        const indices = shown.map((column) => loaded.columns.indexOf(column));
        const tab: TabProfile = {
          title,
          columns: shown,
          rows: loaded.rows.slice(0, PREVIEW_ROWS).map((row) => indices.map((index) => row[index] ?? '')),
          total: loaded.total,
          profiles: 'reading',
        };
        if (load.signal.aborted) return;
        setState({ status: 'ready', ...tab });
        const profiles = await profileRows(loaded.columns, loaded.rows, shown);
        if (!load.signal.aborted) setState({ status: 'ready', ...tab, profiles: profiles ?? 'failed' });
      },
      (error: unknown) => !load.signal.aborted && setState({ status: 'failed', title, message: toApiError(error).message }),
    );
    return () => load.abort();
  }, [spreadsheetId, title, version]);

  return state;
}

/** The core's profiles of the `shown` columns, in their order; null when the core cannot be loaded. */
async function profileRows(columns: string[], rows: string[][], shown: string[]): Promise<ColumnProfile[] | null> {
  try {
    const core = await loadCore();
    const table = core.openSheet(JSON.stringify({ columns, rows }));
    try {
      const byName = new Map(table.profile().map((profile) => [profile.name, profile]));
      return shown.flatMap((column) => byName.get(column) ?? []);
    } finally {
      table.free();
    }
  } catch {
    return null;
  }
}
