// The two places blocks live: a board (named by its slug) and an app page (named by its app and
// path). Both answer the same shapes; only the addresses differ. A visitor's board or page asks
// for every block's first paint at once (`FirstPaint`), then each block asks for itself.
import { embedToken } from '../../api/requestContext';
import { useRowWritesStore } from '../../store/rowWritesStore';
import type { BoardBlock, FirstPaintBlock } from '../../generated/api';
import { blockCalls, getFirstPaint, getRows, getView, tzOffset } from './blockApi';
import { viewerLocale } from './display';
import type { BlockRows, BlockSource, BlockView, RowsQuery } from './types';

const enc = encodeURIComponent;

/**
 * The query of a block's request. The URL filters go explicitly as `_filters` (the request layer
 * would take them from the address bar, which is not where a source's filters always are).
 */
function rowsParams(block: BoardBlock, query: RowsQuery, viewer: ViewerQuery): Record<string, string> {
  const params: Record<string, string> = { block: block.id, _filters: query.choices ? '' : viewer.filters };
  if (viewer.search.trim() && !query.choices) params.search = viewer.search;
  if (query.page !== undefined) params.page = String(query.page);
  if (query.rowsPerPage !== undefined) params.rows_per_page = String(query.rowsPerPage);
  if (query.sort) {
    params.sort_column = query.sort.column;
    params.sort_direction = query.sort.direction;
  }
  if (query.currentRecord) params.current_record = query.currentRecord;
  params.tz_offset = tzOffset();
  params.locale = viewerLocale();
  return params;
}

const sheetOf = (block: BoardBlock) => block.sheet_title?.trim() ?? '';

/** What a block without a tab shows while its owner is still setting it up. */
export const NO_SHEET = 'Choose a sheet for this block in its settings.';

/** The block's tab, or a refusal that says what to do: asking for `.../sheet/` would only be a 404. */
function sheetNamed(block: BoardBlock): Promise<string> {
  const sheet = sheetOf(block);
  return sheet ? Promise.resolve(sheet) : Promise.reject(new Error(NO_SHEET));
}

/**
 * A board's or app page's first paint (issue 31): one request, sent as the page shows, for every
 * block's first page of rows or computed view as the server reads them for `viewer`. A block's
 * first ask for exactly that page or view takes its entry instead of a request of its own, once;
 * anything else (another page, a sort, a calendar window, a reload after a write, another search
 * or filter) asks the server as before, and so does every block when this request fails or
 * this tab has written rows since it was sent.
 */
export interface FirstPaint {
  /** The search and URL filters the entries were read with. */
  viewer: ViewerQuery;
  /**
   * The entry of `blockId` if it answers a first page of `rowsPerPage` rows (undefined: the
   * block's view) and has not been taken yet.
   */
  take(blockId: string, rowsPerPage: number | undefined, signal?: AbortSignal): Promise<FirstPaintBlock | undefined>;
  /** Sends the request if no block has yet (the board or page does as it shows, while the blocks' code loads). */
  start(): void;
  /** The viewer changed something: no entry is taken any more. */
  retire(): void;
}

function firstPaintOf(path: string, scope: Record<string, string>, viewer: ViewerQuery): FirstPaint {
  // Sent from an effect (`start`, or the first block that asks), never while a page renders.
  let entries: Promise<Map<string, FirstPaintBlock>> | undefined;
  const load = () => {
    const query: Record<string, string> = { ...scope, _filters: viewer.filters, tz_offset: tzOffset(), locale: viewerLocale() };
    if (viewer.search.trim()) query.search = viewer.search;
    return getFirstPaint(path, query).then(
      (answer) => new Map(Object.entries(answer.blocks)),
      () => new Map<string, FirstPaintBlock>(),
    );
  };
  const taken = new Set<string>();
  let retired = false;
  // Rows this tab writes after the request make its entries stale (a block of another section shown later).
  const written = useRowWritesStore.getState().written;
  const stale = () => retired || useRowWritesStore.getState().written !== written;
  return {
    viewer,
    start() {
      entries ??= load();
    },
    async take(blockId, rowsPerPage, signal) {
      if (stale()) return undefined;
      entries ??= load();
      const entry = (await entries).get(blockId);
      // A load that was replaced leaves the entry for the load that replaced it.
      if (!entry || stale() || signal?.aborted || taken.has(blockId) || (entry.rows_per_page ?? undefined) !== rowsPerPage) return undefined;
      taken.add(blockId);
      return entry;
    },
    retire: () => {
      retired = true;
    },
  };
}

/** A board's first paint for `viewer`: GET /api/board/{spreadsheetId}/first-paint. */
export function boardFirstPaint(slug: string, spreadsheetId: string | null | undefined, viewer: ViewerQuery): FirstPaint {
  return firstPaintOf(`/api/board/${enc(spreadsheetId || '-')}/first-paint`, { board: slug }, viewer);
}

/** An app page's first paint for `viewer`: GET /v3/api/page/first-paint. */
export function pageFirstPaint(appId: string, path: string, viewer: ViewerQuery): FirstPaint {
  return firstPaintOf('/v3/api/page/first-paint', { board: path, app_id: appId }, viewer);
}

/** `paint` while the viewer is still the one it was read for; a changed viewer retires it. */
function paintFor(paint: FirstPaint | undefined, viewer: ViewerQuery): FirstPaint | undefined {
  if (!paint) return undefined;
  if (paint.viewer.search === viewer.search && paint.viewer.filters === viewer.filters) return paint;
  paint.retire();
  return undefined;
}

/**
 * The first paint's rows of `block` when `query` asks for the first page it read: page 1 of the
 * same size, with no sort, record or choices.
 */
async function firstRows(paint: FirstPaint | undefined, block: BoardBlock, query: RowsQuery, signal?: AbortSignal): Promise<BlockRows | undefined> {
  const firstPage = (query.page ?? 1) === 1 && !query.sort && !query.currentRecord && !query.choices;
  if (!paint || !firstPage || query.rowsPerPage === undefined) return undefined;
  const entry = await paint.take(block.id, query.rowsPerPage, signal);
  if (entry?.error != null) throw new Error(entry.error);
  return (entry?.rows ?? undefined) as BlockRows | undefined;
}

/** The first paint's view of `block` when it is asked with nothing extra (a calendar's first window). */
async function firstView(
  paint: FirstPaint | undefined,
  block: BoardBlock,
  extra: Record<string, string>,
  signal?: AbortSignal,
): Promise<BlockView | undefined> {
  if (!paint || Object.keys(extra).length > 0) return undefined;
  const entry = await paint.take(block.id, undefined, signal);
  if (entry?.error != null) throw new Error(entry.error);
  return (entry?.view ?? undefined) as BlockView | undefined;
}

export interface ViewerQuery {
  /** The search box's terms (platform §5: comma-separated). */
  search: string;
  /** The URL `filters` the filter bar set (`name:value,...`), sent as `_filters`. */
  filters: string;
  /**
   * The filters that apply, as sentences: printed on PDF exports, and part of the source's key,
   * so saving the board's filters loads every block again.
   */
  filterSummary: string[];
}

/**
 * A board's blocks: GET /api/board/{spreadsheetId}/sheet/{title} and .../view/{blockId}, each
 * block's first page or view taken from `firstPaint` when it was read for this viewer. A board
 * without a spreadsheet is asked for as `-` (its markdown still renders).
 */
export function boardSource(slug: string, spreadsheetId: string | null | undefined, viewer: ViewerQuery, firstPaint?: FirstPaint): BlockSource {
  const scope = { board: slug };
  const base = `/api/board/${enc(spreadsheetId || '-')}`;
  const paint = paintFor(firstPaint, viewer);
  return {
    hasSpreadsheet: Boolean(spreadsheetId),
    narrowed: isNarrowed(viewer),
    key: JSON.stringify(['board', slug, spreadsheetId, viewer.search, viewer.filters, viewer.filterSummary]),
    filterSummary: narrowingLines(viewer),
    rows: (block, query, signal) =>
      sheetNamed(block).then(
        async (sheet) =>
          (await firstRows(paint, block, query, signal)) ?? getRows(`${base}/sheet/${enc(sheet)}`, { ...scope, ...rowsParams(block, query, viewer) }, signal),
      ),
    view: async (block, extra, signal) =>
      (await firstView(paint, block, extra, signal)) ??
      getView(`${base}/view/${enc(block.id)}`, { ...scope, ...rowsParams(block, {}, viewer), ...extra }, signal),
    csvUrl: (block) => {
      const url = new URL(`${base}/sheet/${enc(sheetOf(block))}/export.csv`, window.location.origin);
      for (const [k, v] of Object.entries({ ...scope, ...rowsParams(block, {}, viewer) })) url.searchParams.set(k, v);
      // A plain link gets no spec parameters from the request layer: a signed embed's token goes along.
      const token = embedToken();
      if (token) url.searchParams.set('embed_token', token);
      return url.pathname + url.search;
    },
    pageHref: (page) => `/${page.replace(/^\//, '')}`,
    ...blockCalls(scope),
  };
}

/** What narrows the rows, as printed on PDF exports: the filters, then the search terms. */
function narrowingLines(viewer: ViewerQuery): string[] {
  const search = viewer.search.trim();
  return search ? [...viewer.filterSummary, `Search: ${search}`] : viewer.filterSummary;
}

function isNarrowed(viewer: ViewerQuery): boolean {
  return viewer.search.trim() !== '' || viewer.filters !== '';
}

/**
 * An app page's blocks: GET /v3/api/page/sheet/{title} and /v3/api/page/view/{blockId}, first
 * pages and views from `firstPaint` as for a board.
 */
export function pageSource(appId: string, path: string, viewer: ViewerQuery, hasSpreadsheet = true, firstPaint?: FirstPaint): BlockSource {
  const scope = { board: path, app_id: appId };
  const paint = paintFor(firstPaint, viewer);
  return {
    hasSpreadsheet,
    narrowed: isNarrowed(viewer),
    key: JSON.stringify(['page', appId, path, viewer.search, viewer.filters, viewer.filterSummary]),
    filterSummary: narrowingLines(viewer),
    rows: (block, query, signal) =>
      sheetNamed(block).then(
        async (sheet) =>
          (await firstRows(paint, block, query, signal)) ??
          getRows(`/v3/api/page/sheet/${enc(sheet)}`, { ...scope, ...rowsParams(block, query, viewer) }, signal),
      ),
    view: async (block, extra, signal) =>
      (await firstView(paint, block, extra, signal)) ??
      getView(`/v3/api/page/view/${enc(block.id)}`, { ...scope, ...rowsParams(block, {}, viewer), ...extra }, signal),
    csvUrl: (block) => {
      const url = new URL(`/v3/api/page/sheet/${enc(sheetOf(block))}/export.csv`, window.location.origin);
      for (const [k, v] of Object.entries({ ...scope, ...rowsParams(block, {}, viewer) })) url.searchParams.set(k, v);
      return url.pathname + url.search;
    },
    pageHref: (page) => {
      const here = new URL(window.location.href);
      here.pathname = `/${page.replace(/^\//, '')}`;
      return here.pathname + here.search;
    },
    ...blockCalls(scope),
  };
}
