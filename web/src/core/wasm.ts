// The one place that loads the WASM core. The module is instantiated once per page and shared
// by every caller of loadCore(); the sheet itself lives on the Rust side behind a SheetTable
// handle, so each query only sends a small spec across the boundary. Markdown to HTML and the
// iframe of pasted code are in a second module, loaded only when a preview needs them (./markup.ts).
import init, {
  SheetTable,
  blockCatalogue,
  blockColumnFormats,
  blockDefaults,
  blockNewItem,
  blockSet,
  blockStarter,
  blockStarterSheet,
  blockVisible,
  calendar,
  markdownTexts,
  readUrlFilters,
  scorecards,
  validateBlock,
  type InitInput,
} from '@tessera/core';
import type { Catalogue, FieldError } from '../generated/blockCatalogue';
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
  /** Releases the Rust-side memory; the handle must not be used afterwards. */
  free(): void;
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
  /** Parses `{"columns": [...], "rows": [[...]]}` text; throws the core's Error on bad input. */
  openSheet(json: string): Table;
  /** The picker list and every block type's settings (tessera-blocks). */
  blockCatalogue(): Catalogue;
  validateBlock(block: BlockConfig): BlockValidation;
  /** The block with every absent setting's default filled in; throws on an unknown type. */
  blockDefaults(block: BlockConfig): BlockConfig;
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

  // The views a table handle has no method for: the settings editor's live preview of
  // scorecards, calendars and markdown, one tessera_core::api function each (inputs as
  // crates/tessera-core/src/api.rs reads them). The input is JSON text so a sheet already
  // serialised once is spliced in as it is; each throws the core's Error.
  /** A scorecard block's cards: input `{sheet, spec, axis}`, one card per axis item. */
  scorecards(input: string): Scorecard[];
  /** A calendar block's window and events: input `{sheet, spec, ...settings, view?, date?}`. */
  calendar(input: string): CalendarModel;
  /** A markdown block's texts filled in from the sheet: input `{template, sheet?, spec?, loop?}`; one per matching row when it loops. */
  markdownTexts(input: string): string[];
}

let ready: Promise<Core> | undefined;

/**
 * Instantiates the WASM module once. In the browser it fetches the .wasm file that Vite emits
 * next to the bundle; Node callers (tests) pass the bytes instead.
 */
export function loadCore(source?: InitInput): Promise<Core> {
  if (!ready) {
    const attempt = init(source === undefined ? undefined : { module_or_path: source }).then((): Core => ({
      openSheet: (json) => SheetTable.fromJson(json) as unknown as Table,
      blockCatalogue: () => blockCatalogue() as Catalogue,
      validateBlock: (block) => validateBlock(block) as BlockValidation,
      blockDefaults: (block) => blockDefaults(block) as BlockConfig,
      blockVisible: (block, path) => blockVisible(block, path),
      blockSet: (block, path, value) => blockSet(block, path, value) as BlockConfig,
      blockNewItem: (block, path) => blockNewItem(block, path) as Record<string, unknown> | null,
      blockStarterSheet: (input) => blockStarterSheet(input) ?? null,
      blockStarter: (input) => blockStarter(input) as Starter,
      blockColumnFormats: (block) => blockColumnFormats(block) as ColumnFormat[],
      readUrlFilters: (filters, text) => readUrlFilters(filters, text) as UrlFilters,
      scorecards: (input) => JSON.parse(scorecards(input)) as Scorecard[],
      calendar: (input) => JSON.parse(calendar(input)) as CalendarModel,
      markdownTexts: (input) => JSON.parse(markdownTexts(input)) as string[],
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
