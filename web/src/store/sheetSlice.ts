import type { StateCreator } from 'zustand';
import { coreErrorMessage, loadCore, type Table } from '../core/wasm';
import { HIDDEN_COLUMNS } from '../generated/blockCapabilities';
import type { PreviewState } from './previewStore';

export type SheetStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface SheetSlice {
  sheetName: string;
  /** Handle to the sheet held in WASM memory; null until a sheet is loaded. */
  table: Table | null;
  /** The columns a reader may filter or chart by: the sheet's own bookkeeping columns (its
   * record ids) are left out, as every block leaves them out. */
  columns: string[];
  rowCount: number;
  status: SheetStatus;
  loadError: string | null;
  /** Loads `{columns, rows}` JSON text into the core and resets the query and chart settings. */
  loadSheet: (sheetName: string, json: string) => Promise<void>;
  closeSheet: () => void;
}

// Each load gets a number so that a slow earlier load cannot overwrite a later one.
let loadGeneration = 0;

export const createSheetSlice: StateCreator<PreviewState, [], [], SheetSlice> = (set, get) => ({
  sheetName: '',
  table: null,
  columns: [],
  rowCount: 0,
  status: 'idle',
  loadError: null,

  loadSheet: async (sheetName, json) => {
    const generation = ++loadGeneration;
    set({ status: 'loading', loadError: null });
    let table: Table;
    try {
      const core = await loadCore();
      table = core.openSheet(json);
    } catch (error) {
      if (generation !== loadGeneration) return;
      // The failed sheet replaces the old one: nothing stays on screen that the reader did not ask for.
      get().table?.free();
      set({ table: null, columns: [], rowCount: 0, sheetName, status: 'error', loadError: coreErrorMessage(error) });
      get().resetQuery();
      return;
    }
    if (generation !== loadGeneration) {
      table.free();
      return;
    }
    get().table?.free();
    const columns = table.columns().filter((column) => !HIDDEN_COLUMNS.includes(column));
    set({ sheetName, table, columns, rowCount: table.rowCount, status: 'ready', loadError: null });
    get().resetQuery();
    get().resetChart(columns);
  },

  closeSheet: () => {
    loadGeneration++;
    get().table?.free();
    set({ table: null, columns: [], rowCount: 0, sheetName: '', status: 'idle', loadError: null });
    get().resetQuery();
  },
});
