// What every data block reads and may do, whatever page it sits on (a board, an app page, an
// embed). The answers are the server's, as its OpenAPI document and the core describe them
// (generated into src/generated/): only the values the document leaves free are narrowed here
// (a row's cells are text; styles and chart series are the core's types).
import type { BoardBlock, CalendarAnswer, Card, Event, Frame, MarkdownCell, Permissions, SheetAnswer, Window } from '../../generated/api';
import type { CellStyle, CalendarView as CoreCalendarView, ChartModel } from '../../generated/core';
import type { BlockType } from '../../generated/blockCatalogue';
import type { BlockSettings } from '../../generated/blockConfigs';

/** What the caller may do through one block (the server decides; blocks §3.2, §3.6). */
export type BlockPermissions = Permissions;

/** One page of a tab as a block sees it (the sheet call with `block=`). */
export type BlockRows = Omit<SheetAnswer, 'rows' | 'styles' | 'display'> & {
  /** The page's rows keyed by column. */
  rows: Record<string, string>[];
  /** Per row, the cells whose display text differs from the raw value (see `display.ts`). */
  display?: Record<string, string>[];
  /** Cells coloured by the block's conditional formatting; `row` is the place on the page. */
  styles?: CellStyle[];
};

/** A value axis' numbers: multiplied by `scale`, between `prefix` and `suffix` (the server's). */
export interface AxisStyle {
  prefix: string;
  suffix: string;
  scale: number;
}

/** How a chart's values read to the viewer, as the server answers them beside the chart. */
export interface ChartTexts {
  /** Per series, per label: the value's text, null where there is none. */
  series: (string | null)[][];
  /** Per series: how its value axis writes a number. */
  axis: AxisStyle[];
}

/** A scorecard's card, with its value formatted by the core. */
export type ScorecardView = Card;

/** A calendar event; `record` is the row's visible cells ('ChartApps Record ID' included). */
export type CalendarEventView = Omit<Event, 'record' | 'display'> & {
  record: Record<string, string>;
  /** The record's display texts where they differ from its cells (see `display.ts`). */
  display?: Record<string, string>;
};

export type CalendarView = Omit<CalendarAnswer, 'window' | 'events' | 'styles'> & {
  window: Omit<Window, 'view'> & { view: CoreCalendarView };
  events: CalendarEventView[];
  styles?: CellStyle[];
};

/** The one iframe that survives an iframe block's pasted code (tessera-markup `iframe`). */
export type IframeFrame = Frame;

export type { MarkdownCell };

/** A block's computed view (GET .../view/{blockId}), for the blocks that are more than rows. */
export type BlockView =
  /** `texts`: the values as the viewer reads them (the server's; absent in the editor's preview). */
  | { kind: 'chart'; chart: ChartModel; texts?: ChartTexts }
  | { kind: 'scorecard'; cards: ScorecardView[] }
  | { kind: 'calendar'; calendar: CalendarView }
  /** `html`: the texts rendered and sanitised by the server, one per row with `loop`, else one. */
  | { kind: 'markdown'; texts: string[]; html: string[] }
  /** `frame` absent or null with no `refusal`: no code pasted yet; with a `refusal`: why the code was refused. */
  | { kind: 'iframe'; frame?: IframeFrame | null; refusal?: string | null };

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

/**
 * A block as its view reads it: normalised by the block catalogue (tessera_blocks::normalise, on
 * the server for its answers, through the WASM core for a block this page made or edited), so
 * every setting has its catalogue type, default and range (`XSettings` of blockConfigs.ts).
 * BlockBody hands it over (`viewBlock`); views read settings as typed, without fallbacks.
 */
export type ViewBlock<T extends BlockType = BlockType> = BoardBlock & Extract<BlockSettings, { type: T }>;

/** The views of blocks that read no rows (event, features, banner) get only the block. */
export interface StandaloneBlockProps<T extends BlockType = BlockType> {
  block: ViewBlock<T>;
}

/** Every block view gets this. */
export interface DataBlockProps<T extends BlockType = BlockType> extends StandaloneBlockProps<T> {
  source: BlockSource;
}
