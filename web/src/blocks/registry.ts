// The view of each block type, loaded on demand so a board downloads only the code of the blocks
// it shows (ECharts only with a chart, the map library only with a map). `VIEWS` is a complete
// `Record<BlockType, ...>`: a type the catalogue adds fails `tsc` until it has a view here. Types
// the catalogue does not know get the board's fallback: their sheet's first rows if they name one,
// else nothing.
//
// Views of blocks that read no data (their capabilities' `data` is false: event, features,
// banner, header, footer) take only the block. The settings editor's preview draws every type
// with these same views.
//
// Not `React.lazy`: React reveals suspended content in batches (every 300 ms), and a block's
// data request starts only once its view is shown, so each board would wait for the batch.
import type { ComponentType } from 'react';
import type { BlockType } from '../generated/blockCatalogue';
import type { DataBlockProps } from './data/types';
import { knownType } from './capabilities';
import { afterFirstContentfulPaint } from '../platform/afterFirstPaint';

/** A view of blocks of type `T`: it reads the block as `T`'s normalised settings. */
type View<T extends BlockType> = ComponentType<DataBlockProps<T>>;

// A standalone view takes only the block of the props every view is given. Each type's view
// takes that type's settings: `tsc` fails when a view is listed under a type it cannot read.
const VIEWS: { [T in BlockType]: () => Promise<View<T>> } = {
  // ECharts (the chart's canvas) starts downloading beside the block's own code, not once the
  // block has arrived and rendered; the block shows it when it is there, or that it could not load.
  // After the page's first paint, which it must never hold up (issue 5's budget).
  chart: () => {
    afterFirstContentfulPaint(() => void import('./chart/ChartCanvas').catch(() => undefined));
    return import('./chart/ChartBlock').then((m) => m.ChartBlock);
  },
  list: () => import('./table/ListBlock').then((m) => m.ListBlock),
  imageGallery: () => import('./gallery/ImageGalleryBlock').then((m) => m.ImageGalleryBlock),
  table: () => import('./table/TableBlock').then((m) => m.TableBlock),
  calendar: () => import('./calendar/CalendarBlock').then((m) => m.CalendarBlock),
  form: () => import('./form/FormBlock').then((m) => m.FormBlock),
  event: () => import('./event/EventBlock').then((m) => m.EventBlock),
  featureslayout: () => import('./features/FeaturesLayoutBlock').then((m) => m.FeaturesLayoutBlock),
  datalist: () => import('./datalist/DatalistBlock').then((m) => m.DatalistBlock),
  ImageGrid: () => import('./features/ImageGridBlock').then((m) => m.ImageGridBlock),
  bannerHero: () => import('./features/BannerHeroBlock').then((m) => m.BannerHeroBlock),
  footer: () => import('./chrome/FooterBlock').then((m) => m.FooterBlock),
  imageAccordian: () => import('./features/ImageAccordionBlock').then((m) => m.ImageAccordionBlock),
  header: () => import('./chrome/HeaderBlock').then((m) => m.HeaderBlock),
  itemDetails: () => import('./itemDetails/ItemDetailsBlock').then((m) => m.ItemDetailsBlock),
  grid: () => import('./grid/GridBlock').then((m) => m.GridBlock),
  markdown: () => import('./markdown/MarkdownBlock').then((m) => m.MarkdownBlock),
  iframe: () => import('./iframe/IframeBlock').then((m) => m.IframeBlock),
  scorecard: () => import('./scorecard/ScorecardBlock').then((m) => m.ScorecardBlock),
  map: () => import('./map/MapBlock').then((m) => m.MapBlock),
};

/**
 * A view of any type, taking any block: BlockBody gives each view only blocks of its own type
 * (`knownType` picks the view by the block's type), which `VIEWS`' types cannot say per call.
 */
type AnyView = ComponentType<DataBlockProps>;

const loaded = new Map<BlockType, AnyView>();

/** Whether `type` (score_card is scorecard) has a view of its own. */
export function hasBlockView(type: string): boolean {
  return knownType(type) !== undefined;
}

/** The view of `type` if its code is already here. */
export function loadedBlockView(type: string): AnyView | undefined {
  const key = knownType(type);
  return key && loaded.get(key);
}

/**
 * The view of `type`, downloading its code the first time. A failed download (offline, say) is
 * not remembered, so asking again later tries again.
 */
export async function loadBlockView(type: string): Promise<AnyView> {
  const key = knownType(type);
  if (!key) throw new Error(`No view for blocks of type ${type}.`);
  const view = loaded.get(key) ?? ((await VIEWS[key]()) as AnyView);
  loaded.set(key, view);
  return view;
}

/**
 * Downloads every view's code without drawing anything: an editor asks for it while the browser
 * is idle and the network is there, so a type picked later with the network cut can still be
 * drawn, on the board and in the settings editor's preview.
 */
export function preloadBlockViews(): void {
  for (const type of Object.keys(VIEWS)) loadBlockView(type).catch(() => undefined);
}
