// The live preview's answers, computed by the WASM core over the tabs already loaded and shaped as
// the server answers them (server/src/sheet_query.rs `SheetAnswer`, server/src/api/block_view.rs
// `BlockView`), so the block views boards and app pages use draw the preview unchanged:
// `table.query` for a block's rows, `table.chart` for a chart's series, and the table's
// `scorecards`, `calendar` and `markdownTexts` (the core's facade over the table held); the markup module (loaded by the first markdown or iframe
// preview) for markdown's HTML and an iframe's frame. Nothing here filters, sums or parses a date
// itself; it only picks settings out of the block and columns out of the core's answer.
import type { BoardBlock } from '../../generated/api';
import { viewerLocale } from '../data/display';
import { NO_SHEET } from '../data/sources';
import type { BlockRows, BlockView, CalendarEventView, RowsQuery, ScorecardView } from '../data/types';
import type { ChartAxis, ChartSpec, Filter, QueryContext, QuerySpec } from '../../generated/core';
import { loadMarkup } from '../../core/markup';
import { coreErrorMessage, type BlockConfig, type Core, type Table } from '../../core/wasm';
import { capabilitiesOf } from '../capabilities';

/** A tab as the preview holds it: whole, in WASM memory. */
export interface PreviewSheet {
  table: Table;
  /** The tab's data version, answered as the server answers it. */
  version: number;
}

/** What every computation reads besides the block. */
export interface PreviewScope {
  core: Core;
  /** The tab `title`, loaded once. */
  sheet: (title: string) => Promise<PreviewSheet>;
  /** The board's or page's filters, as stored; the core decides which apply. */
  filters: readonly Filter[];
  /** The search typed in the preview. */
  search: string;
  context: QueryContext;
}

type Json = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const items = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** The tabs a block reads: its sheet, and for a scorecard each card's own. */
export function tabsOf(block: BlockConfig): string[] {
  const tabs = new Set<string>();
  const sheet = text(block.sheet_title);
  if (sheet) tabs.add(sheet);
  if (capabilitiesOf(block.type)?.view === 'scorecard') {
    for (const card of items(block.axis)) {
      const source = isObject(card.source) ? card.source : {};
      const tab = text(source.sheet) || sheet;
      if (tab && text(source.column)) tabs.add(tab);
    }
  }
  return [...tabs];
}

function baseSpec(block: BoardBlock, sheet: string, scope: PreviewScope, search = true): QuerySpec {
  return {
    sheet,
    filters: [...scope.filters],
    search: search ? scope.search.trim() || undefined : undefined,
    conditional_filter: isObject(block.conditional_filter) ? block.conditional_filter : undefined,
    context: scope.context,
  };
}

/** The tab `title`; a block that names none is asked to choose one, and nothing is read. */
const read = (scope: PreviewScope, title: string) => (title ? scope.sheet(title) : Promise.reject(new Error(NO_SHEET)));

/** The core's refusal (a column the sheet lacks, a bad year) as the failed answer it is. */
function computed<A>(run: () => A): A {
  try {
    return run();
  } catch (error) {
    throw new Error(coreErrorMessage(error), { cause: error });
  }
}

/** One page of the block's tab as the sheet call answers it (the viewer's writes are the board's). */
export async function previewRows(block: BoardBlock, title: string, query: RowsQuery, scope: PreviewScope): Promise<BlockRows> {
  const sheet = await read(scope, title);
  const spec: QuerySpec = {
    ...baseSpec(block, title, scope, !query.choices),
    page: query.page,
    rows_per_page: query.rowsPerPage,
    sort: query.sort && { column: query.sort.column, direction: query.sort.direction === 'desc' ? 'Descending' : 'Ascending' },
    formats: scope.core.blockColumnFormats(block as BlockConfig),
  };
  const result = computed(() => sheet.table.query(spec));
  const rows = result.rows.map((cells) => Object.fromEntries(result.columns.map((column, i) => [column, cells[i] ?? ''])));
  // The cells as viewers read them (`Jan 5, 2025`), by the core's rule, as the server answers them.
  const texts = computed(() => sheet.table.displayTexts(block as BlockConfig, result.row_indices, result.columns, viewerLocale()));
  return {
    columns: result.columns,
    rows,
    display: changedTexts(result.columns, result.rows, texts),
    total: result.total,
    page: result.page,
    page_count: result.page_count,
    version: sheet.version,
    styles: result.styles,
  };
}

/** Per row, the texts that differ from the raw cells (the server's `display` answers only those). */
function changedTexts(columns: readonly string[], cells: readonly string[][], texts: readonly string[][]): Record<string, string>[] {
  return cells.map((row, r) =>
    Object.fromEntries(columns.flatMap((column, c) => (texts[r]?.[c] !== undefined && texts[r][c] !== row[c] ? [[column, texts[r][c]]] : []))),
  );
}

async function chartView(block: BoardBlock, scope: PreviewScope): Promise<BlockView> {
  const title = text(block.sheet_title);
  const axis = items(block.axis)
    .filter((a) => text(a.column))
    .map((a) => ({
      column: text(a.column),
      ...(text(a.type) && { type: text(a.type) }),
      ...(text(a.duplicateXAxis) && { duplicateXAxis: text(a.duplicateXAxis) }),
      ...(text(a.decimal_separator) && { decimal_separator: text(a.decimal_separator) }),
    })) as ChartAxis[];
  const sheet = await read(scope, title);
  // The grouping settings as stored; unset ones take the core's defaults, as on the server.
  const grouping = {
    ...(text(block.x_bucket) && { x_bucket: text(block.x_bucket) }),
    ...(text(block.category_order) && { category_order: text(block.category_order) }),
    ...(typeof block.top_n === 'number' && { top_n: block.top_n }),
    ...(text(block.empty_categories) && { empty_categories: text(block.empty_categories) }),
  } as Pick<ChartSpec, 'x_bucket' | 'category_order' | 'top_n' | 'empty_categories'>;
  const spec: ChartSpec = { ...baseSpec(block, title, scope), x_axis: text(block.x_axis), axis, ...grouping };
  return { kind: 'chart', chart: computed(() => sheet.table.chart(spec)) };
}

async function scorecardView(block: BoardBlock, scope: PreviewScope): Promise<BlockView> {
  const cards = await Promise.all(
    items(block.axis).map(async (card): Promise<ScorecardView> => {
      const source = isObject(card.source) ? card.source : {};
      const tab = text(source.sheet) || text(block.sheet_title);
      const label = typeof card.label === 'string' ? card.label : '';
      const style = { background_color: text(card.background_color) || undefined, font_color: text(card.font_color) || undefined };
      const axis = { source: { sheet: tab, column: text(source.column) }, label, function: card.function, symbol: card.symbol };
      try {
        const sheet = await read(scope, tab);
        const [value] = sheet.table.scorecards({ spec: baseSpec(block, tab, scope), axis: [axis] });
        return { ...value, ...style };
      } catch (error) {
        return { label, value: null, formatted: '', ...style, error: coreErrorMessage(error) };
      }
    }),
  );
  return { kind: 'scorecard', cards };
}

const CALENDAR_SETTINGS = [
  'default_calendar_view',
  'default_calendar_month',
  'calender_year',
  'calender_month',
  'start_time_column',
  'end_time_column',
  'event_title_column',
] as const;

async function calendarView(block: BoardBlock, extra: Record<string, string>, scope: PreviewScope): Promise<BlockView> {
  const title = text(block.sheet_title);
  const sheet = await read(scope, title);
  const settings = Object.fromEntries(CALENDAR_SETTINGS.map((key) => [key, block[key]]));
  const input = { spec: baseSpec(block, title, scope), ...settings, view: extra.calendar_view || undefined, date: extra.calendar_date || undefined };
  const calendar = computed(() => sheet.table.calendar(input));
  const visible = sheet.table.columns();
  const records = sheet.table.rowCells(calendar.events.map((event) => event.row));
  const events: CalendarEventView[] = calendar.events.map(({ title: name, start, end, all_day }, i) => ({
    title: name,
    start,
    end,
    all_day,
    record: Object.fromEntries(visible.map((column, c) => [column, records[i][c]])),
  }));
  // The day the window is placed around: the one navigated to, else the month's first day (a
  // month's window starts in the week before it) or the window's first day.
  const { view, start, end, year, month } = calendar.window;
  const anchor = extra.calendar_date || (view === 'Month' ? `${year}-${String(month).padStart(2, '0')}-01` : start);
  return { kind: 'calendar', calendar: { window: { view, start, end, anchor }, events, skipped: calendar.skipped } };
}

async function markdownView(block: BoardBlock, scope: PreviewScope): Promise<BlockView> {
  // Fetched while the sheet is read and the template filled in.
  const markup = loadMarkup();
  const template = typeof block.text === 'string' ? block.text : '';
  const title = text(block.sheet_title);
  let texts: string[];
  if (!title) {
    texts = computed(() => scope.core.markdownTexts({ template }));
  } else {
    const sheet = await read(scope, title);
    texts = computed(() => sheet.table.markdownTexts({ template, spec: baseSpec(block, title, scope), loop: block.loop === true }));
  }
  const { markdownHtml } = await markup;
  return { kind: 'markdown', texts, html: texts.map((markdown) => markdownHtml(markdown)) };
}

/** The block's computed view, as GET .../view/{blockId} answers it: the one its capabilities name. */
export async function previewView(block: BoardBlock, extra: Record<string, string>, scope: PreviewScope): Promise<BlockView> {
  const view = capabilitiesOf(block.type)?.view ?? 'none';
  switch (view) {
    case 'chart':
      return chartView(block, scope);
    case 'scorecard':
      return scorecardView(block, scope);
    case 'calendar':
      return calendarView(block, extra, scope);
    case 'markdown':
      return markdownView(block, scope);
    case 'iframe':
      return { kind: 'iframe', ...(await loadMarkup()).iframeFrame(text(block.iframe_code)) };
    case 'none':
      throw new Error(`A ${block.type} block has no computed view.`);
  }
}
