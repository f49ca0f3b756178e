import type { StateCreator } from 'zustand';
import type { DuplicateXAxis } from '../generated/core';
import type { PreviewState } from './previewStore';

/** The chart types the preview offers (the core supports more; see CHART_TYPES). */
export const PREVIEW_CHART_TYPES = ['bar', 'horizontal-bar', 'line'] as const;
export type PreviewChartType = (typeof PREVIEW_CHART_TYPES)[number];

export interface ChartSettings {
  xAxis: string;
  column: string;
  type: PreviewChartType;
  duplicateXAxis: DuplicateXAxis;
}

export interface ChartSlice {
  chart: ChartSettings;
  setChart: (patch: Partial<ChartSettings>) => void;
  /** Picks default axes for a newly loaded sheet. */
  resetChart: (columns: string[]) => void;
}

const emptyChart: ChartSettings = { xAxis: '', column: '', type: 'bar', duplicateXAxis: 'sum' };

// Preferred defaults for a sales-like sheet; any other sheet falls back to its first two columns.
function pick(columns: string[], preferred: string, fallbackIndex: number): string {
  if (columns.includes(preferred)) return preferred;
  return columns[fallbackIndex] ?? columns[0] ?? '';
}

export const createChartSlice: StateCreator<PreviewState, [], [], ChartSlice> = (set) => ({
  chart: emptyChart,
  setChart: (patch) => set((s) => ({ chart: { ...s.chart, ...patch } })),
  resetChart: (columns) => set({ chart: { ...emptyChart, xAxis: pick(columns, 'Region', 0), column: pick(columns, 'Amount', 1) } }),
});
