// What every data block reads and may do, whatever page it sits on (a board, an app page, an
// embed). The shapes mirror the server's answers (server/src/sheet_query.rs `SheetAnswer`,
// server/src/api/block_view.rs `BlockView`, server/src/api/row_actions.rs).
import type { BoardBlock, SortedBy } from '../../generated/api';
import type { CellStyle, ChartModel, Scorecard } from '../../generated/core';

/** What the caller may do through one block (the server decides; blocks §3.2, §3.6). */
export interface BlockPermissions {
  /** "Add new row" (tables, lists) or submitting (forms). */
  append: boolean;
  /** Columns this caller may edit with the block's 'Edit row' action (empty: no Edit button). */
  edit_columns: string[];
  delete: boolean;
  duplicate: boolean;
  /** `action_button_visibility` covers the caller: the row action buttons show. */
  actions: boolean;
}

/** One page of a tab as a block sees it (the sheet call with `block=`). */
export interface BlockRows {
  /** Visible columns in sheet order ('ChartApps Record ID' included). */
  columns: string[];
  /** The page's rows keyed by column. */
  rows: Record<string, string>[];
  total: number;
  page: number;
  page_count: number;
  version: number;
  truncated?: boolean;
  /** Cells coloured by the block's conditional formatting; `row` is the place on the page. */
  styles?: CellStyle[];
  /** Present when the call named a block. */
  permissions?: BlockPermissions;
  /** Sanitised HTML of the page's cells in markdown columns (`use_markdown`, `markdowntext`). */
  markdown?: { row: number; column: string; html: string }[];
  /** The rows' order: the asked sort, else the block's own (a data list's sorting). */
  sorted_by?: SortedBy | null;
}

export interface ScorecardView extends Scorecard {
  background_color?: string;
  font_color?: string;
  /** Why this card has no value (a column the sheet lacks). */
  error?: string;
}

export interface CalendarEventView {
  title: string;
  /** `YYYY-MM-DDTHH:MM`. */
  start: string;
  end: string;
  all_day: boolean;
  /** The row's visible cells, for the details popup ('ChartApps Record ID' included). */
  record: Record<string, string>;
}

export interface CalendarView {
  window: { view: 'Month' | 'Week' | 'Day'; start: string; end: string; anchor: string };
  /** At most 50 events starting on each day; the others are counted in `more`. */
  events: CalendarEventView[];
  /** Events left out, by the day they start (`YYYY-MM-DD`). */
  more?: Record<string, number>;
  /** Rows without a start date the calendar can read. */
  skipped: number;
  /** Cells of the events coloured by the block's conditional formatting; `row` is the event's place. */
  styles?: CellStyle[];
  /** Sanitised HTML of the events' cells in markdown columns; `row` is the event's place. */
  markdown?: { row: number; column: string; html: string }[];
}

/**
 * The one iframe that survives an iframe block's pasted code (tessera-markup `iframe`): an http(s)
 * address and the harmless attributes, to be drawn sandboxed. `width`/`height` are CSS lengths.
 */
export interface IframeFrame {
  src: string;
  title: string | null;
  width: string | null;
  height: string | null;
  allowfullscreen: boolean;
}

/** A block's computed view (GET .../view/{blockId}), for the blocks that are more than rows. */
export type BlockView =
  | { kind: 'chart'; chart: ChartModel }
  | { kind: 'scorecard'; cards: ScorecardView[] }
  | { kind: 'calendar'; calendar: CalendarView }
  /** `html`: the texts rendered and sanitised by the server, one per row with `loop`, else one. */
  | { kind: 'markdown'; texts: string[]; html: string[] }
  /** `frame` null with `refusal` null: no code pasted yet; with a `refusal`: why the code was refused. */
  | { kind: 'iframe'; frame: IframeFrame | null; refusal: string | null };

export interface RowsQuery {
  /** 1-based. */
  page?: number;
  /** 0 means every row. */
  rowsPerPage?: number;
  sort?: { column: string; direction: 'asc' | 'desc' };
  /** A detail page's record, for 'Current record' conditional filters. */
  currentRecord?: string;
  /**
   * Reading a column's choices (a select's options from the sheet): the viewer's search and URL
   * filters do not narrow them; the board's own filters still apply on the server.
   */
  choices?: boolean;
}

/** The answer of a row action the server runs (API call, Download pdf). */
export interface ActionResult {
  /** The action's success_message or error_message (or the server's default). */
  message: string;
  ok: boolean;
  /** Download pdf: the action's pdf_template with the row's values filled in. */
  text?: string;
}

/** Values by column name; a multi-select as a list. */
export type RowValues = Record<string, string | string[] | number | boolean | null>;

/**
 * Where a block's data comes from and where its writes go: a board (by slug) or an app page. The
 * viewer's search and filters are already part of it; when they change the source is a new
 * object, so `key` changes and every block loads again.
 */
export interface BlockSource {
  /** Changes whenever anything the answers depend on changes (search, filters, page path). */
  key: string;
  /** False for a board without a spreadsheet: only blocks that need no rows can show. */
  hasSpreadsheet: boolean;
  /** The viewer's search or URL filters narrow the rows, so an empty block says to change them. */
  narrowed: boolean;
  rows(block: BoardBlock, query: RowsQuery, signal?: AbortSignal): Promise<BlockRows>;
  view(block: BoardBlock, extra: Record<string, string>, signal?: AbortSignal): Promise<BlockView>;
  /** The CSV export of every row the block shows (server checks `csv_download`). */
  csvUrl(block: BoardBlock): string;
  appendRow(block: BoardBlock, values: RowValues): Promise<{ record_id: string; message: string }>;
  editRow(block: BoardBlock, recordId: string, values: RowValues): Promise<void>;
  deleteRow(block: BoardBlock, recordId: string): Promise<void>;
  duplicateRow(block: BoardBlock, recordId: string): Promise<void>;
  /** Runs the block's `actions[index]` on the server (API call, Download pdf). */
  runAction(block: BoardBlock, index: number, recordId: string): Promise<ActionResult>;
  /**
   * Uploads an image or file for a cell or form field of `column` (the server needs it when the
   * block has more than one file or image column); the answer is its URL.
   */
  upload(block: BoardBlock, file: File, column?: string): Promise<string>;
  /** Where a page of this board or app is (toolbar_buttons open_page, itemDetails actions). */
  pageHref(page: string): string;
  /** The viewer's active filters and search as text, printed on PDF exports ("Region = North", "Search: ada"). */
  filterSummary: string[];
}

/** The views of blocks that read no rows (event, features, banner) get only the block. */
export interface StandaloneBlockProps {
  /** The block as stored, with the catalogue's defaults filled in by the server. */
  block: BoardBlock;
}

/** Every block view gets this. */
export interface DataBlockProps extends StandaloneBlockProps {
  source: BlockSource;
}
