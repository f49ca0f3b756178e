// What a table or list block shows, read from its settings (blocks §3.4, §3.5) and the server's
// answer: which columns in which order and width, which cells are images, links or markdown,
// and where toolbar and item buttons lead. Presentation only: filtering, sorting, formatting
// rules and who may write are the server's.
import { targetHref, type PageTarget } from '../links/appLocation';
import type { CellStyle } from '../../generated/core';
import type {
  CalendarAxisItemSettings,
  ListAxisItemSettings,
  SheetColumn,
  TableAxisItemSettings,
  TableItemButtonsItemSettings,
  TableToolbarButtonsItemSettings,
} from '../../generated/blockConfigs';
import { HIDDEN_COLUMNS } from '../details/DetailsPopup';
import { TABLE_TYPES, type ColumnType } from '../data/columnTypes';
import type { BlockRows, BlockSource, ViewBlock } from '../data/types';

/** A list's column types (blocks §3.5). */
export const LIST_TYPES: readonly ColumnType[] = ['text', 'image'];

/** A block whose columns are its axis entries, read as a table's (blocks §3.4, §3.5, §3.7). */
export type ColumnsBlock = ViewBlock<'table' | 'list' | 'calendar'>;
/** An axis entry that names a column; a list's and a calendar's hold a part of a table's settings. */
export type AxisEntry = (TableAxisItemSettings | ListAxisItemSettings | CalendarAxisItemSettings) & { column: string };

// The lists below are always there on a block the server answered or viewBlock.ts normalised;
// `?? []` keeps a block drawn from a page cached before a list setting existed.

/** The block's column entries that name a column (an entry may leave its column to choose). */
export function axisEntries(block: ColumnsBlock): AxisEntry[] {
  const entries: readonly (TableAxisItemSettings | ListAxisItemSettings | CalendarAxisItemSettings)[] = block.axis ?? [];
  return entries.filter((entry): entry is AxisEntry => entry.column !== undefined && entry.column.trim() !== '');
}

/** Toolbar buttons that name their page (the editor saves one before its page is chosen). */
export function toolbarButtons(block: ViewBlock<'table' | 'list'>): TableToolbarButtonsItemSettings[] {
  return (block.toolbar_buttons ?? []).filter((button) => (button.open_page ?? '').trim() !== '');
}

/** Item buttons that name their detail page. */
export function itemButtons(block: ViewBlock<'table' | 'list'>): TableItemButtonsItemSettings[] {
  return (block.item_buttons ?? []).filter((button) => (button.open_detail_page ?? '').trim() !== '');
}

/** A column as the block shows it. */
export interface ShownColumn {
  name: string;
  axis?: AxisEntry;
  /** Pixels: the entry's own width, else the block's (blocks §3.4: 200 px by default); none when 0. */
  width?: number;
  type: ColumnType;
  /** Characters shown before an ellipsis (character_limit). */
  limit?: number;
}

/** A width or limit the owner set: 0 means none (the catalogue allows 0 and up). */
const set = (value: number | undefined) => (value !== undefined && value > 0 ? value : undefined);

function columnOf(block: ColumnsBlock, name: string, axis: AxisEntry | undefined, types: readonly ColumnType[]): ShownColumn {
  const type = types.find((known) => known === axis?.type) ?? 'text';
  // A calendar has no block-wide width: its details size to their text unless an entry says.
  const blockWidth = block.type === 'calendar' ? undefined : block.column_width;
  return {
    name,
    axis,
    width: set(axis?.column_width) ?? set(blockWidth),
    type,
    limit: set(axis?.character_limit),
  };
}

/**
 * The columns the block shows, in order: its axis entries that are not hidden (and that the
 * sheet has), else every visible column of the sheet but the ones it keeps for itself.
 */
export function shownColumns(block: ColumnsBlock, columns: string[], types: readonly ColumnType[] = TABLE_TYPES): ShownColumn[] {
  const axis = axisEntries(block);
  if (axis.length === 0) return columns.filter((name) => !HIDDEN_COLUMNS.has(name)).map((name) => columnOf(block, name, undefined, types));
  const seen = new Set<string>();
  return axis
    .filter((entry) => !entry.hidden && columns.includes(entry.column) && !HIDDEN_COLUMNS.has(entry.column))
    .filter((entry) => !seen.has(entry.column) && Boolean(seen.add(entry.column)))
    .map((entry) => columnOf(block, entry.column, entry, types));
}

/**
 * The columns of the add-row and edit-row forms: the shown ones, then any other column the
 * caller may edit (a hidden column the server lets them change).
 */
export function formColumns(
  block: ViewBlock<'table' | 'list'>,
  columns: string[],
  shown: ShownColumn[],
  editable: string[],
  types: readonly ColumnType[],
): ShownColumn[] {
  const extra = editable
    .filter((name) => columns.includes(name) && !HIDDEN_COLUMNS.has(name) && !shown.some((column) => column.name === name))
    .map((name) =>
      columnOf(
        block,
        name,
        axisEntries(block).find((entry) => entry.column === name),
        types,
      ),
    );
  return [...shown, ...extra];
}

/** `text` cut to `limit` characters with an ellipsis (character_limit). */
export function truncate(text: string, limit: number | undefined): string {
  if (!limit) return text;
  const characters = [...text];
  return characters.length > limit ? `${characters.slice(0, limit).join('')}…` : text;
}

const cellKey = (row: number, column: string) => `${row}\u0000${column}`;

/** The answer's conditional-formatting colours by page place and column. */
export function stylesByCell(styles: CellStyle[] | undefined): Map<string, CellStyle> {
  return new Map((styles ?? []).map((style) => [cellKey(style.row, style.column), style]));
}

/** The answer's sanitised markdown HTML by page place and column. */
export function markdownByCell(markdown: BlockRows['markdown']): Map<string, string> {
  return new Map((markdown ?? []).map((cell) => [cellKey(cell.row, cell.column), cell.html]));
}

export function cellLookup<V>(map: Map<string, V>, row: number, column: string): V | undefined {
  return map.get(cellKey(row, column));
}

/** Whether `axis` is a table's entry, the only kind with options (a list's and a calendar's have none). */
function isTableEntry(axis: AxisEntry): axis is TableAxisItemSettings & { column: string } {
  return typeof axis.options === 'string';
}

/** The tab and column a select column's options come from, when `from_google_sheet` is on. */
export function optionsSource(axis: AxisEntry | undefined): SheetColumn | undefined {
  return axis && isTableEntry(axis) && axis.from_google_sheet ? axis.source : undefined;
}

/**
 * A select column's fixed options (a table entry's comma-separated `options`, 'true, false' by
 * default); empty means free text. Only a table's entries have options.
 */
export function fixedOptions(axis: AxisEntry | undefined): string[] {
  const text = axis && isTableEntry(axis) ? axis.options : '';
  return text
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean);
}

/** A multi-select cell's choices ("a, b" → ["a", "b"]), as the server joins them. */
export function splitChoices(text: string): string[] {
  return text
    .split(',')
    .map((choice) => choice.trim())
    .filter(Boolean);
}

/** The query parameter a detail page reads its record from (item_buttons → itemDetails, conditional filters). */
export const RECORD_PARAM = 'record';

/** The address of the page `target` showing the record `recordId` (item_buttons open_detail_page). */
export function detailHref(source: BlockSource, target: PageTarget, recordId: string): string {
  const href = targetHref(target, source.pageHref);
  const url = new URL(href, window.location.origin);
  url.searchParams.set(RECORD_PARAM, recordId);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : url.toString();
}

/** The record a detail page shows (from `?record=`), for 'Current record' conditional filters. */
export function currentRecordParam(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  return new URLSearchParams(window.location.search).get(RECORD_PARAM) || undefined;
}
