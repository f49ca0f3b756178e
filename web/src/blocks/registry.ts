// The view of each data block type, loaded on demand so a board downloads only the code of the
// blocks it shows (ECharts only with a chart, the map library only with a map). Types without
// an entry here are drawn by the board's fallback (presentation blocks: issue 8).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DataBlockProps } from './data/types';

type View = LazyExoticComponent<ComponentType<DataBlockProps>>;
type Load = () => Promise<ComponentType<DataBlockProps>>;

const LOADERS: Partial<Record<string, Load>> = {
  chart: () => import('./chart/ChartBlock').then((m) => m.ChartBlock),
  scorecard: () => import('./scorecard/ScorecardBlock').then((m) => m.ScorecardBlock),
  calendar: () => import('./calendar/CalendarBlock').then((m) => m.CalendarBlock),
  table: () => import('./table/TableBlock').then((m) => m.TableBlock),
  list: () => import('./table/ListBlock').then((m) => m.ListBlock),
  form: () => import('./form/FormBlock').then((m) => m.FormBlock),
  markdown: () => import('./markdown/MarkdownBlock').then((m) => m.MarkdownBlock),
  itemDetails: () => import('./itemDetails/ItemDetailsBlock').then((m) => m.ItemDetailsBlock),
  datalist: () => import('./datalist/DatalistBlock').then((m) => m.DatalistBlock),
  grid: () => import('./grid/GridBlock').then((m) => m.GridBlock),
  map: () => import('./map/MapBlock').then((m) => m.MapBlock),
};

const views = new Map<string, View>();

/**
 * The view of `type` (score_card is scorecard), if it is a data block. A view whose code failed
 * to load (offline, say) is forgotten, so asking again later loads it again: `React.lazy` keeps
 * a failure for good.
 */
export function blockView(type: string): View | undefined {
  const key = type === 'score_card' ? 'scorecard' : type;
  const load = LOADERS[key];
  if (!load) return undefined;
  let view = views.get(key);
  if (!view) {
    view = lazy(() =>
      load().then(
        (component) => ({ default: component }),
        (error: unknown) => {
          views.delete(key);
          throw error;
        },
      ),
    );
    views.set(key, view);
  }
  return view;
}
