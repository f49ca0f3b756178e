// The one place that loads the WASM core. The module is instantiated once per page and shared
// by every caller of loadCore(); the sheet itself lives on the Rust side behind a SheetTable
// handle, so each query or view only sends a small spec across the boundary. A server tab arrives
// as the bytes of tessera_core::columnar (openColumns), a sheet made in the browser as JSON text. Markdown to HTML and the
// iframe of pasted code are in a second module, loaded only when a preview needs them (./markup.ts).
import init, {
  SheetLoader,
  SheetTable,
  blockCatalogue,
  blockColumnFormats,
  blockDefaults,
  blockNewItem,
  blockSet,
  blockStarter,
  blockStarterSheet,
  blockVisible,
  markdownTexts,
  normaliseBlock,
  readUrlFilters,
  validateBlock,
  type InitInput,
} from '@tessera/core';
import type { Catalogue, FieldError } from '../generated/blockCatalogue';
import type { BlockSettings } from '../generated/blockConfigs';
import type { ColumnProfile, Starter } from '../generated/blockStarter';
import type { UrlFilters } from '../generated/urlFilters';
import type { CalendarModel, ChartModel, ChartSpec, ColumnFormat, Filter, QueryResult, QuerySpec, Scorecard } from '../generated/core';

/** A sheet loaded into WASM memory. */
export interface Table {
  readonly rowCount: number;
  columns(): string[];
  query(spec: QuerySpec): QueryResult;
  chart(spec: ChartSpec): ChartModel;
  /** What each visible column holds: kind, filled and distinct counts, its few values, its shape. */
  profile(): ColumnProfile[];
  /** The cells of `rows` (from 0), each in the order of `columns()`; throws on a row past the last. */
  rowCells(rows: readonly number[]): string[][];
  /** The sheet in tessera_core::columnar's form, as the server answers a tab. */
  toColumnar(): Uint8Array;
  /**
   * How the cells of `rows` (from 0) in `columns` read to a viewer in `locale`, by `block`'s
   * column formats: the texts a rows call answers as `display` (tessera_core::display).
   */
  displayTexts(block: BlockConfig, rows: readonly number[], columns: readonly string[], locale: string): string[][];

  // The views with an input of their own, one tessera_core::api `_of` function each over this
  // sheet (inputs as crates/tessera-core/src/api.rs reads them, without `sheet`); each throws
  // the core's Error.
  /** A scorecard block's cards: input `{spec, axis}`, one card per axis item. */
  scorecards(input: ScorecardInput): Scorecard[];
  /** A calendar block's window and events: input `{spec, ...settings, view?, date?}`. */
  calendar(input: CalendarInput): CalendarModel;
  /** A markdown block's texts filled in from the sheet: input `{template, spec?, loop?}`; one per matching row when it loops. */
  markdownTexts(input: MarkdownInput): string[];
  /** Releases the Rust-side memory; the handle must not be used afterwards. */
  free(): void;
}

export interface ScorecardInput {
  spec: QuerySpec;
  axis: unknown[];
}
export type CalendarInput = { spec: QuerySpec; view?: string; date?: string } & Record<string, unknown>;
export interface MarkdownInput {
  template: string;
  spec?: QuerySpec;
  loop?: boolean;
}

/** A block config as stored: `{type, ...settings}`. */
export type BlockConfig = { type: string; [setting: string]: unknown };

/** validateBlock's answer: an invalid block is an answer, not a throw. */
export interface BlockValidation {
  valid: boolean;
  type?: string;
  /** `temp_block: true`: required settings were not asked for. */
  draft: boolean;
  errors: FieldError[];
}

export interface Core {
  /** Parses `{"columns": [...], "rows": [[...]]}` text (a small sheet made here, tests); throws the core's Error on bad input. */
  openSheet(json: string): Table;
  /** Loads a tab as the server answers it (tessera_core::columnar); throws the core's Error on bytes that are not such a table. */
  openColumns(bytes: Uint8Array): Table;
  /** The picker list and every block type's settings (tessera-blocks). */
  blockCatalogue(): Catalogue;
  validateBlock(block: BlockConfig): BlockValidation;
  /** The block with every absent setting's default filled in; throws on an unknown type. */
  blockDefaults(block: BlockConfig): BlockConfig;
  /**
   * The block as views read it (tessera_blocks::normalise): old stored forms converted, numbers
   * clamped to their range, every default filled; throws on an unknown type.
   */
  normaliseBlock(block: BlockConfig): BlockSettings;
  /** Whether the settings editor shows the setting at `path` (`axis[0].image_source`). */
  blockVisible(block: BlockConfig, path: string): boolean;
  /**
   * The block with the setting at `path` set to `value` (`undefined` removes it) and the editing
   * rules of platform §4 applied: a new contact type clears the value, a page link and an
   * external link clear each other, a new icon type clears the icon.
   */
  blockSet(block: BlockConfig, path: string, value: unknown): BlockConfig;
  /** The item an Add appends to the list at `path`, or null when the list is full (extra adds are ignored). */
  blockNewItem(block: BlockConfig, path: string): Record<string, unknown> | null;
  /**
   * The tab a new block of `type` reads: the only tab, else the one the `blocks` of its board or
   * page use most, else the first; null for a type that reads no tab.
   */
  blockStarterSheet(input: { type: string; sheets: readonly string[]; blocks: readonly BlockConfig[] }): string | null;
  /** A new block's settings bound to its tab's columns, and sentences saying what was chosen or is left. */
  blockStarter(input: { type: string; sheet: string; columns: ColumnProfile[] }): Starter;
  /** The block's conditional formatting rules as `Table.query` takes them in `formats`. */
  blockColumnFormats(block: BlockConfig): ColumnFormat[];
  /**
   * A link's URL `filters` text read against a board's stored filters, as the server reads it:
   * the pairs that apply, and those left out with the reason in words for a viewer.
   */
  readUrlFilters(filters: readonly Filter[], text: string): UrlFilters;
  /** A markdown block's text when it reads no sheet (one that does asks its Table). */
  markdownTexts(input: { template: string }): string[];
}

let ready: Promise<Core> | undefined;

/** The slice of a tab's bytes that crosses into WASM memory at a time. */
const LOAD_SLICE = 1 << 20;

/**
 * A tab's bytes, a slice at a time into the core's loader: WASM memory, which a module never
 * gives back, then holds the table and one slice rather than the whole download beside it.
 */
function openColumns(bytes: Uint8Array): Table {
  const loader = new SheetLoader();
  try {
    for (let at = 0; at < bytes.length; at += LOAD_SLICE) loader.push(bytes.subarray(at, at + LOAD_SLICE));
    return tableOf(loader.finish());
  } finally {
    loader.free();
  }
}

/**
 * The handle as Table: the bindings' own methods, with the views' JSON text inputs and answers
 * read here (the facade's form, which keeps one typed export per view).
 */
function tableOf(sheet: SheetTable): Table {
  return {
    get rowCount() {
      return sheet.rowCount;
    },
    columns: () => sheet.columns(),
    query: (spec) => sheet.query(spec) as QueryResult,
    chart: (spec) => sheet.chart(spec) as ChartModel,
    profile: () => sheet.profile() as ColumnProfile[],
    rowCells: (rows) => sheet.rowCells(Uint32Array.from(rows)) as string[][],
    toColumnar: () => sheet.toColumnar(),
    displayTexts: (block, rows, columns, locale) => sheet.displayTexts(block, Uint32Array.from(rows), columns, locale) as string[][],
    scorecards: (input) => JSON.parse(sheet.scorecards(JSON.stringify(input))) as Scorecard[],
    calendar: (input) => JSON.parse(sheet.calendar(JSON.stringify(input))) as CalendarModel,
    markdownTexts: (input) => JSON.parse(sheet.markdownTexts(JSON.stringify(input))) as string[],
    free: () => sheet.free(),
  };
}

/**
 * Instantiates the WASM module once. In the browser it fetches the .wasm file that Vite emits
 * next to the bundle; Node callers (tests) pass the bytes instead.
 */
export function loadCore(source?: InitInput): Promise<Core> {
  if (!ready) {
    const attempt = init(source === undefined ? undefined : { module_or_path: source }).then((): Core => ({
      openSheet: (json) => tableOf(SheetTable.fromJson(json)),
      openColumns,
      blockCatalogue: () => blockCatalogue() as Catalogue,
      validateBlock: (block) => validateBlock(block) as BlockValidation,
      blockDefaults: (block) => blockDefaults(block) as BlockConfig,
      normaliseBlock: (block) => normaliseBlock(block) as BlockSettings,
      blockVisible: (block, path) => blockVisible(block, path),
      blockSet: (block, path, value) => blockSet(block, path, value) as BlockConfig,
      blockNewItem: (block, path) => blockNewItem(block, path) as Record<string, unknown> | null,
      blockStarterSheet: (input) => blockStarterSheet(input) ?? null,
      blockStarter: (input) => blockStarter(input) as Starter,
      blockColumnFormats: (block) => blockColumnFormats(block) as ColumnFormat[],
      readUrlFilters: (filters, text) => readUrlFilters(filters, text) as UrlFilters,
      markdownTexts: (input) => JSON.parse(markdownTexts(JSON.stringify(input))) as string[],
    }));
    // A failed load (say, a network error) must not poison every later call.
    attempt.catch(() => {
      if (ready === attempt) ready = undefined;
    });
    ready = attempt;
  }
  return ready;
}

/** The message of whatever the core threw: wasm-bindgen errors arrive as Error or as a string. */
export function coreErrorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}
