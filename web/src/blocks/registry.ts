// The view of each block type, loaded on demand so a board downloads only the code of the blocks
// it shows (ECharts only with a chart, the map library only with a map). Types without an entry
// here get the board's fallback: their sheet's first rows if they name one, else nothing.
//
// Views of blocks that read no rows (event, features, banner, header, footer) take only the
// block. The settings editor's preview draws every type with these same views.
//
// Not `React.lazy`: React reveals suspended content in batches (every 300 ms), and a block's
// data request starts only once its view is shown, so each board would wait for the batch.
import type { ComponentType } from 'react';
import type { DataBlockProps, StandaloneBlockProps } from './data/types';
import { canonicalType } from './canonicalType';

type Load<P> = () => Promise<ComponentType<P>>;

const STANDALONE: Partial<Record<string, Load<StandaloneBlockProps>>> = {
  event: () => import('./event/EventBlock').then((m) => m.EventBlock),
  featureslayout: () => import('./features/FeaturesLayoutBlock').then((m) => m.FeaturesLayoutBlock),
  ImageGrid: () => import('./features/ImageGridBlock').then((m) => m.ImageGridBlock),
  imageAccordian: () => import('./features/ImageAccordionBlock').then((m) => m.ImageAccordionBlock),
  bannerHero: () => import('./features/BannerHeroBlock').then((m) => m.BannerHeroBlock),
  header: () => import('./chrome/HeaderBlock').then((m) => m.HeaderBlock),
  footer: () => import('./chrome/FooterBlock').then((m) => m.FooterBlock),
};

const LOADERS: Partial<Record<string, Load<DataBlockProps>>> = {
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
  imageGallery: () => import('./gallery/ImageGalleryBlock').then((m) => m.ImageGalleryBlock),
  iframe: () => import('./iframe/IframeBlock').then((m) => m.IframeBlock),
  ...STANDALONE,
};

const loaded = new Map<string, ComponentType<DataBlockProps>>();

/** Whether `type` (score_card is scorecard) has a view of its own. */
export function hasBlockView(type: string): boolean {
  return LOADERS[canonicalType(type)] !== undefined;
}

/** The view of `type` if its code is already here. */
export function loadedBlockView(type: string): ComponentType<DataBlockProps> | undefined {
  return loaded.get(canonicalType(type));
}

/**
 * The view of `type`, downloading its code the first time. A failed download (offline, say) is
 * not remembered, so asking again later tries again.
 */
export async function loadBlockView(type: string): Promise<ComponentType<DataBlockProps>> {
  const key = canonicalType(type);
  const load = LOADERS[key];
  if (!load) throw new Error(`No view for blocks of type ${type}.`);
  const view = loaded.get(key) ?? (await load());
  loaded.set(key, view);
  return view;
}

/**
 * Downloads every view's code without drawing anything: an editor asks for it while the browser
 * is idle and the network is there, so a type picked later with the network cut can still be
 * drawn, on the board and in the settings editor's preview.
 */
export function preloadBlockViews(): void {
  for (const type of Object.keys(LOADERS)) loadBlockView(type).catch(() => undefined);
}
