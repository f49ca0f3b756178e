// The live preview's numbers and rows, per block type, from the WASM core over the tabs already
// loaded: `table.query` for the row blocks, `table.chart` for charts, and the core's facade for
// scorecards, calendars, markdown and form defaults. Nothing here filters, sums or parses a date
// itself; it only picks settings out of the block and columns out of the core's answer.
import { coreErrorMessage, type BlockConfig, type Core } from '../../core/wasm';
import type { CellColours } from '../RowsTable';
import type { ChartAxis, ChartSpec, ColumnFormat, QuerySpec } from '../../core/types';
import type { FormFieldView, Preview, PreviewScope, PreviewSheet, ScoreCardView, SheetNote } from './previewModel';

/** Rows a row block's preview shows at most, whatever its page size. */
const PREVIEW_MAX_ROWS = 25;
/** Rows of the blocks that do not page (grid, data list, map, gallery). */
const UNPAGED_ROWS = 10;

type Json = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const items = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

/** The types whose preview is their settings drawn as they read, with no sheet behind them. */
const PRESENTATION_TYPES = new Set(['event', 'featureslayout', 'ImageGrid', 'bannerHero', 'footer', 'imageAccordian', 'header', 'iframe']);

/** The tabs a block reads: its sheet, and for a scorecard each card's own. */
export function tabsOf(block: BlockConfig): string[] {
  const tabs = new Set<string>();
  const sheet = text(block.sheet_title);
  if (sheet) tabs.add(sheet);
  if (block.type === 'scorecard' || block.type === 'score_card') {
    for (const card of items(block.axis)) {
      const source = isObject(card.source) ? card.source : {};
      const tab = text(source.sheet) || sheet;
      if (tab && text(source.column)) tabs.add(tab);
    }
  }
  return [...tabs];
}

/** A facade input with the sheet's JSON spliced in, so 10,000 rows are not serialised per keystroke. */
export function withSheet(json: string, rest: Json): string {
  const tail = JSON.stringify(rest);
  return tail === '{}' ? `{"sheet":${json}}` : `{"sheet":${json},${tail.slice(1)}`;
}

function note(title: string, sheet: PreviewSheet): SheetNote {
  return { title, total: sheet.total, loaded: sheet.loaded };
}

function baseSpec(block: BlockConfig, sheet: string, scope: PreviewScope): QuerySpec {
  return {
    sheet,
    filters: [...scope.filters],
    search: scope.search.trim() || undefined,
    conditional_filter: isObject(block.conditional_filter) ? block.conditional_filter : undefined,
    context: scope.context,
  };
}

/** The loaded tab `title`, or what the preview shows instead of it. */
function loaded(scope: PreviewScope, title: string): PreviewSheet | Preview {
  const state = scope.tab(title);
  if (!state || state.status === 'loading') return { kind: 'loading' };
  if (state.status === 'failed') return { kind: 'error', message: `The rows of "${title}" could not be loaded: ${state.message}` };
  return state.sheet;
}

const isPreview = (value: PreviewSheet | Preview): value is Preview => 'kind' in value;

interface Shown {
  column: string;
  header: string;
}

/** The columns a row block shows, in its order: its axis (without hidden ones), or the map's four. */
function shownColumns(block: BlockConfig): Shown[] {
  const named = (column: string, header = column): Shown => ({ column, header });
  if (block.type === 'map') {
    return ['title_column', 'description_column', 'address_column', 'image_column'].map((key) => text(block[key])).filter(Boolean).map((c) => named(c));
  }
  const axis = items(block.axis).filter((a) => text(a.column));
  if (block.type === 'grid') return axis.filter((a) => a.hide_on_grid !== true).map((a) => named(text(a.column)));
  if (block.type === 'datalist' || block.type === 'itemDetails') return axis.map((a) => named(text(a.column), text(a.label) || text(a.column)));
  return axis.filter((a) => a.hidden !== true).map((a) => named(text(a.column)));
}

/** Rows per page as the block pages: table and list by their settings, the rest a short list. */
function pageSize(block: BlockConfig): number {
  if (block.type !== 'table' && block.type !== 'list') return UNPAGED_ROWS;
  if (block.paginate === false) return PREVIEW_MAX_ROWS;
  const size = typeof block.rows_per_page === 'number' ? Math.floor(block.rows_per_page) : PREVIEW_MAX_ROWS;
  return Math.min(Math.max(size, 1), PREVIEW_MAX_ROWS);
}

/** Runs the block's query and keeps `shown` (every column when the block names none). */
function queryRows(block: BlockConfig, title: string, sheet: PreviewSheet, scope: PreviewScope, shown: Shown[], rows: number, formats: ColumnFormat[] = []) {
  const result = sheet.table.query({ ...baseSpec(block, title, scope), page: 1, rows_per_page: rows, formats });
  const wanted = shown.length > 0 ? shown : result.columns.map((column) => ({ column, header: column }));
  const missing = wanted.find((c) => !result.columns.includes(c.column));
  if (missing) return { error: `The column "${missing.column}" is not in the sheet "${title}".` };
  const at = wanted.map((c) => result.columns.indexOf(c.column));
  const colours: (CellColours | undefined)[][] = result.rows.map(() => []);
  for (const { row, column, ...style } of result.styles ?? []) {
    const place = wanted.findIndex((c) => c.column === column);
    if (place >= 0) colours[row][place] = style;
  }
  return { headers: wanted.map((c) => c.header), rows: result.rows.map((row) => at.map((i) => row[i] ?? '')), colours, total: result.total };
}

/** A table's or list's rows, coloured by its columns' conditional formatting (read by the core). */
function rowsPreview(core: Core, block: BlockConfig, title: string, sheet: PreviewSheet, scope: PreviewScope): Preview {
  const found = queryRows(block, title, sheet, scope, shownColumns(block), pageSize(block), core.blockColumnFormats(block));
  if ('error' in found) return { kind: 'error', message: found.error! };
  return { kind: 'rows', sheet: note(title, sheet), columns: found.headers, rows: found.rows, colours: found.colours, total: found.total };
}

function recordPreview(block: BlockConfig, title: string, sheet: PreviewSheet, scope: PreviewScope): Preview {
  const found = queryRows(block, title, sheet, scope, shownColumns(block), 1);
  if ('error' in found) return { kind: 'error', message: found.error! };
  const first = found.rows[0] ?? [];
  const fields = found.headers.map((header, i): [string, string] => [header, first[i] ?? '']);
  const actions = items(block.actions).map((a) => text(a.label)).filter(Boolean);
  return { kind: 'record', sheet: note(title, sheet), fields: found.rows.length ? fields : [], actions, total: found.total };
}

function galleryPreview(block: BlockConfig, title: string, sheet: PreviewSheet, scope: PreviewScope): Preview {
  const image = text(block.image_column);
  if (!image) return { kind: 'hint', message: 'Choose the image column to see the gallery.' };
  const keys = [image, text(block.caption_column), text(block.description_column)];
  const found = queryRows(block, title, sheet, scope, keys.filter(Boolean).map((column) => ({ column, header: column })), UNPAGED_ROWS);
  if ('error' in found) return { kind: 'error', message: found.error! };
  const at = (column: string) => (column ? found.headers.indexOf(column) : -1);
  const [i, c, d] = keys.map(at);
  const items = found.rows.map((row) => ({ image: row[i] ?? '', caption: c >= 0 ? row[c] : '', description: d >= 0 ? row[d] : '' }));
  return { kind: 'gallery', sheet: note(title, sheet), items, total: found.total };
}

function chartPreview(block: BlockConfig, title: string, sheet: PreviewSheet, scope: PreviewScope): Preview {
  const x = text(block.x_axis);
  const axis = items(block.axis)
    .filter((a) => text(a.column))
    .map((a) => ({
      column: text(a.column),
      ...(text(a.type) && { type: text(a.type) }),
      ...(text(a.duplicateXAxis) && { duplicateXAxis: text(a.duplicateXAxis) }),
      ...(text(a.decimal_separator) && { decimal_separator: text(a.decimal_separator) }),
    })) as ChartAxis[];
  if (!x || axis.length === 0) return { kind: 'hint', message: 'Choose the X axis and a series column to see the chart.' };
  const spec: ChartSpec = { ...baseSpec(block, title, scope), x_axis: x, axis };
  return { kind: 'chart', sheet: note(title, sheet), model: sheet.table.chart(spec) };
}

function scorecardsPreview(core: Core, block: BlockConfig, scope: PreviewScope): Preview {
  const cards = items(block.axis);
  if (cards.length === 0) return { kind: 'hint', message: 'Add a card to see its value.' };
  const views: ScoreCardView[] = [];
  for (const card of cards) {
    const source = isObject(card.source) ? card.source : {};
    const tab = text(source.sheet) || text(block.sheet_title);
    const column = text(source.column);
    const label = typeof card.label === 'string' ? card.label : '';
    const style = { background_color: text(card.background_color) || undefined, font_color: text(card.font_color) || undefined };
    const blank = { label, value: null, formatted: '', ...style };
    if (!tab || !column) {
      views.push({ ...blank, error: 'Choose the sheet and column of this card.' });
      continue;
    }
    const sheet = loaded(scope, tab);
    if (isPreview(sheet)) {
      if (sheet.kind === 'loading') return sheet;
      views.push({ ...blank, error: sheet.kind === 'error' ? sheet.message : '' });
      continue;
    }
    const axis = { source: { sheet: tab, column }, label, function: card.function, symbol: card.symbol };
    try {
      const [computed] = core.evaluate('scorecard', withSheet(sheet.json, { spec: baseSpec(block, tab, scope), axis: [axis] }));
      views.push({ ...computed, ...style });
    } catch (error) {
      views.push({ ...blank, error: coreErrorMessage(error) });
    }
  }
  return { kind: 'scorecards', cards: views };
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

function calendarPreview(core: Core, block: BlockConfig, title: string, sheet: PreviewSheet, scope: PreviewScope): Preview {
  if (!text(block.start_time_column)) return { kind: 'hint', message: 'Choose the start time column to see the events.' };
  const settings = Object.fromEntries(CALENDAR_SETTINGS.map((key) => [key, block[key]]));
  const calendar = core.evaluate('calendar', withSheet(sheet.json, { spec: baseSpec(block, title, scope), ...settings }));
  return { kind: 'calendar', sheet: note(title, sheet), calendar };
}

function markdownPreview(core: Core, block: BlockConfig, scope: PreviewScope): Preview {
  const template = typeof block.text === 'string' ? block.text : '';
  if (!template.trim()) return { kind: 'hint', message: 'Write the markdown to see it here.' };
  const title = text(block.sheet_title);
  if (!title) return { kind: 'markdown', texts: core.evaluate('markdown', JSON.stringify({ template })) };
  const sheet = loaded(scope, title);
  if (isPreview(sheet)) return sheet;
  const input = withSheet(sheet.json, { template, spec: baseSpec(block, title, scope), loop: block.loop === true });
  return { kind: 'markdown', sheet: note(title, sheet), texts: core.evaluate('markdown', input) };
}

function formPreview(core: Core, block: BlockConfig, scope: PreviewScope): Preview {
  const fields = items(block.axis)
    .filter((field) => field.hide !== true)
    .map((field, index): FormFieldView => {
      const type = text(field.type) || 'text';
      const fallback = typeof field.default === 'string' ? field.default : '';
      // [(today)] and [(user_email)] become what a viewer would see (blocks §3.8).
      const value = fallback && type !== 'file' ? core.evaluate('form_default', JSON.stringify({ text: fallback, context: scope.context })) : '';
      return {
        label: text(field.label) || text(field.column) || `Field ${index + 1}`,
        type,
        placeholder: type === 'file' ? '' : typeof field.placeholder === 'string' ? field.placeholder : '',
        value,
        description: text(field.description),
      };
    });
  return { kind: 'form', title: text(block.titleForm), fields, submit: text(block.submit_text) };
}

/** The preview of `config` (the block as edited, before defaults) over the tabs in `scope`. */
export function computePreview(core: Core, config: BlockConfig, scope: PreviewScope): Preview {
  try {
    const block = core.blockDefaults(config.type === 'score_card' ? { ...config, type: 'scorecard' } : config);
    if (PRESENTATION_TYPES.has(block.type)) return { kind: 'presentation' };
    if (block.type === 'scorecard') return scorecardsPreview(core, block, scope);
    if (block.type === 'markdown') return markdownPreview(core, block, scope);
    if (block.type === 'form') return formPreview(core, block, scope);
    const title = text(block.sheet_title);
    if (!title) return { kind: 'hint', message: 'Choose a sheet to see its rows here.' };
    const sheet = loaded(scope, title);
    if (isPreview(sheet)) return sheet;
    switch (block.type) {
      case 'chart':
        return chartPreview(block, title, sheet, scope);
      case 'calendar':
        return calendarPreview(core, block, title, sheet, scope);
      case 'imageGallery':
        return galleryPreview(block, title, sheet, scope);
      case 'itemDetails':
        return recordPreview(block, title, sheet, scope);
      default:
        return rowsPreview(core, block, title, sheet, scope);
    }
  } catch (error) {
    // A setting the core refuses (a column the sheet lacks, a bad year) is the preview's answer.
    return { kind: 'error', message: coreErrorMessage(error) };
  }
}
