import { create } from 'zustand';
import { createChartSlice, type ChartSlice } from './chartSlice';
import { createQuerySlice, type QuerySlice } from './querySlice';
import { createSheetSlice, type SheetSlice } from './sheetSlice';

// One store for the preview, built from slices (zustand's slices pattern): the sheet handle,
// the query the reader is building, and the chart settings. Results are not stored: they are
// derived from this state by the WASM core (see selectors.ts and hooks.ts).
export type PreviewState = SheetSlice & QuerySlice & ChartSlice;

export const usePreviewStore = create<PreviewState>()((...a) => ({
  ...createSheetSlice(...a),
  ...createQuerySlice(...a),
  ...createChartSlice(...a),
}));
