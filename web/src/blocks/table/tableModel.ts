// What a table or list block shows, read from its settings (blocks §3.4, §3.5) and the server's
// answer: which columns in which order and width, which cells are images, links or markdown,
// and where toolbar and item buttons lead. Presentation only: filtering, sorting, formatting
// rules and who may write are the server's.
import type { BoardBlock } from '../../generated/api';
import { targetHref, type PageTarget } from '../links/appLocation';
import type { CellStyle } from '../../generated/core';
import type { TableActionsItem, TableAxisItem, TableItemButtonsItem, TableToolbarButtonsItem } from '../../generated/blockConfigs';
import { HIDDEN_COLUMNS } from '../details/DetailsPopup';
import { TABLE_TYPES, type ColumnType } from '../data/columnTypes';
import type { BlockRows, BlockSource } from '../data/types';

/** blocks §3.4, §9: a column is 200 px wide unless its axis entry or the block says otherwise. */
export const DEFAULT_COLUMN_WIDTH = 200;
/** blocks §3.4 options default. */
export const DEFAULT_OPTIONS = 'true, false';

/** A list's column types (blocks §3.5). */
export const LIST_TYPES: readonly ColumnType[] = ['text', 'image'];

export type AxisEntry = TableAxisItem & { column: string };
export type RowAction = TableActionsItem;

const positive = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

const objects = <T>(value: unknown): T[] =>
  Array.isArray(value) ? value.filter((item): item is T => typeof item === 'object' && item !== null && !Array.isArray(item)) : [];

/** The block's column entries that name a column. */
export function axisEntries(block: BoardBlock): AxisEntry[] {
  return objects<TableAxisItem>(block.axis).filter((entry): entry is AxisEntry => typeof entry.column === 'string' && entry.column.trim() !== '');
}

/** The block's row actions as stored; the index of each is the one `runAction` takes. */
export function rowActions(block: BoardBlock): RowAction[] {
  return objects<RowAction>(block.actions);
}

export function toolbarButtons(block: BoardBlock): TableToolbarButtonsItem[] {
  return objects<TableToolbarButtonsItem>(block.toolbar_buttons).filter((button) => typeof button.open_page === 'string' && button.open_page.trim() !== '');
}

export function itemButtons(block: BoardBlock): TableItemButtonsItem[] {
  return objects<TableItemButtonsItem>(block.item_buttons).filter(
    (button) => typeof button.open_detail_page === 'string' && button.open_detail_page.trim() !== '',
  );
}

/** A column as the block shows it. */
export interface ShownColumn {
  name: string;
  axis?: AxisEntry;
  /** Pixels. */
  width: number;
  type: ColumnType;
  /** Characters shown before an ellipsis (character_limit). */
  limit?: number;
}

function columnOf(block: BoardBlock, name: string, axis: AxisEntry | undefined, types: readonly ColumnType[]): ShownColumn {
  const type = types.find((known) => known === axis?.type) ?? 'text';
  return {
    name,
    axis,
    width: positive(axis?.column_width) ?? positive(block.column_width) ?? DEFAULT_COLUMN_WIDTH,
    type,
    limit: positive(axis?.character_limit),
  };
}

/**
 * The columns the block shows, in order: its axis entries that are not hidden (and that the
 * sheet has), else every visible column of the sheet but the ones it keeps for itself.
 */
export function shownColumns(block: BoardBlock, columns: string[], types: readonly ColumnType[] = TABLE_TYPES): ShownColumn[] {
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
export function formColumns(block: BoardBlock, columns: string[], shown: ShownColumn[], editable: string[], types: readonly ColumnType[]): ShownColumn[] {
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

/** A select column's fixed options (comma-separated, default 'true, false'); empty means free text. */
export function fixedOptions(axis: AxisEntry | undefined): string[] {
  const text = typeof axis?.options === 'string' ? axis.options : DEFAULT_OPTIONS;
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
