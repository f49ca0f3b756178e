// The view of each data block type, loaded on demand so a board downloads only the code of the
// blocks it shows (ECharts only with a chart, the map library only with a map). Types without
// an entry here are drawn by the board's fallback (presentation blocks: issue 8).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DataBlockProps } from './data/types';

type View = LazyExoticComponent<ComponentType<DataBlockProps>>;

/** A view whose code downloads on first use: `lazyView(() => import('./chart/ChartBlock').then((m) => m.ChartBlock))`. */
export function lazyView(load: () => Promise<ComponentType<DataBlockProps>>): View {
  return lazy(() => load().then((component) => ({ default: component })));
}

export const BLOCK_VIEWS: Partial<Record<string, View>> = {
  // chart, scorecard, calendar
  chart: lazy(() => import('./chart/ChartBlock').then((m) => ({ default: m.ChartBlock }))),
  scorecard: lazy(() => import('./scorecard/ScorecardBlock').then((m) => ({ default: m.ScorecardBlock }))),
  calendar: lazy(() => import('./calendar/CalendarBlock').then((m) => ({ default: m.CalendarBlock }))),
  // table, list
  table: lazy(() => import('./table/TableBlock').then((m) => ({ default: m.TableBlock }))),
  list: lazy(() => import('./table/ListBlock').then((m) => ({ default: m.ListBlock }))),
  // form, markdown, itemDetails
  form: lazy(() => import('./form/FormBlock').then((m) => ({ default: m.FormBlock }))),
  markdown: lazy(() => import('./markdown/MarkdownBlock').then((m) => ({ default: m.MarkdownBlock }))),
  itemDetails: lazy(() => import('./itemDetails/ItemDetailsBlock').then((m) => ({ default: m.ItemDetailsBlock }))),
  // datalist, grid, map
  datalist: lazy(() => import('./datalist/DatalistBlock').then((m) => ({ default: m.DatalistBlock }))),
  grid: lazy(() => import('./grid/GridBlock').then((m) => ({ default: m.GridBlock }))),
  map: lazy(() => import('./map/MapBlock').then((m) => ({ default: m.MapBlock }))),
};

/** The view of `type` (score_card is scorecard), if it is a data block. */
export function blockView(type: string): View | undefined {
  return BLOCK_VIEWS[type === 'score_card' ? 'scorecard' : type];
}
