// What the live preview of a block shows, as data: computed from the block being edited and the
// sheets already loaded, by the WASM core, so the pane itself only lays it out.
import type { Table } from '../../core/wasm';
import type { CellColours } from '../RowsTable';
import type { CalendarModel, ChartModel, Filter, QueryContext, Scorecard } from '../../core/types';

/** A tab's rows as the preview holds them: in WASM memory, and as the JSON text it was read from. */
export interface PreviewSheet {
  table: Table;
  /** `{"columns": [...], "rows": [[...]]}`, spliced into facade inputs as it is. */
  json: string;
  /** Rows the tab has. */
  total: number;
  /** Rows the preview read (fewer than total when capped). */
  loaded: number;
}

export type TabState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready'; sheet: PreviewSheet };

/** What every computation reads besides the block. */
export interface PreviewScope {
  /** The loaded tabs; undefined for a tab not asked for yet. */
  tab: (title: string) => TabState | undefined;
  /** The board's or page's filters, as stored; the core decides which apply. */
  filters: readonly Filter[];
  /** The search typed in the preview. */
  search: string;
  context: QueryContext;
}

export interface ScoreCardView extends Scorecard {
  background_color?: string;
  font_color?: string;
  /** Why this card has no value (no column chosen, a column the sheet lacks). */
  error?: string;
}

export interface FormFieldView {
  label: string;
  type: string;
  placeholder: string;
  value: string;
  description: string;
}

/** A note on the sheet behind the preview: which tab, and whether its rows were capped. */
export interface SheetNote {
  title: string;
  total: number;
  loaded: number;
}

export type Preview =
  /** Rows are still on their way. */
  | { kind: 'loading' }
  /** Something to choose before there is anything to show. */
  | { kind: 'hint'; message: string }
  /** A setting the data cannot satisfy, or rows that could not be read. */
  | { kind: 'error'; message: string }
  | { kind: 'rows'; sheet: SheetNote; columns: string[]; rows: string[][]; colours: (CellColours | undefined)[][]; total: number }
  | { kind: 'record'; sheet: SheetNote; fields: [string, string][]; actions: string[]; total: number }
  | { kind: 'gallery'; sheet: SheetNote; items: { image: string; caption: string; description: string }[]; total: number }
  | { kind: 'chart'; sheet: SheetNote; model: ChartModel }
  | { kind: 'scorecards'; cards: ScoreCardView[] }
  | { kind: 'calendar'; sheet: SheetNote; calendar: CalendarModel }
  | { kind: 'markdown'; sheet?: SheetNote; texts: string[] }
  | { kind: 'form'; title: string; fields: FormFieldView[]; submit: string }
  /** A block without data: the pane draws its settings. */
  | { kind: 'presentation' };
