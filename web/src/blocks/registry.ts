// The view of each data block type, loaded on demand so a board downloads only the code of the
// blocks it shows (ECharts only with a chart, the map library only with a map). Types without
// an entry here are drawn by the board's fallback (presentation blocks: issue 8).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DataBlockProps } from './data/types';

type View = LazyExoticComponent<ComponentType<DataBlockProps>>;

export const BLOCK_VIEWS: Partial<Record<string, View>> = {
  // chart, scorecard, calendar
  chart: lazy(() => import('./chart/ChartBlock').then((m) => ({ default: m.ChartBlock }))),
  scorecard: lazy(() => import('./scorecard/ScorecardBlock').then((m) => ({ default: m.ScorecardBlock }))),
  calendar: lazy(() => import('./calendar/CalendarBlock').then((m) => ({ default: m.CalendarBlock }))),
  // table, list
  // form, markdown, itemDetails
  // datalist, grid, map
};

/** The view of `type` (score_card is scorecard), if it is a data block. */
export function blockView(type: string): View | undefined {
  return BLOCK_VIEWS[type === 'score_card' ? 'scorecard' : type];
}
