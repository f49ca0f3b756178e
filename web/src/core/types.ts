// Shapes of the WASM core's query and chart API (see the foundation contract, "WASM API").
// They mirror tessera-core's serde types; once the Rust side generates TypeScript types into
// src/generated/ these hand-written ones should be replaced by those.

/** Every filter condition of spec §5, in the order the filter bar offers them. */
export const CONDITIONS = [
  '=',
  '>',
  '<',
  'starts_with',
  'not_starts_with',
  'ends_with',
  'not_ends_with',
  'includes',
  'not_includes',
  'past_days',
  'today',
  'tomorrow',
  'current_week',
  'next_week',
  'date',
  'any_of',
] as const;

export type Condition = (typeof CONDITIONS)[number];

export interface SheetColumn {
  sheet: string;
  column: string;
}

/** spec §3 "Filter: name, active, condition, sheet_column {sheet, column}, value". */
export interface Filter {
  name: string;
  active: boolean;
  condition: Condition;
  sheet_column: SheetColumn;
  /** A `[start, end]` pair for `date`; a string (or list) for the other conditions. */
  value: string | string[];
}

export type SortDirection = 'Ascending' | 'Descending';

export interface Sort {
  column: string;
  direction: SortDirection;
}

/** The host's clock and identity: the core never reads them itself. */
export interface QueryContext {
  now: string;
  utc_offset_minutes: number;
  user_email?: string | null;
  user_name?: string | null;
  session_id?: string | null;
}

/** blocks §3.4 `conditional_filter` as a block stores it. */
export interface ConditionalFilter {
  select_column?: string;
  condition?: string;
  filter_by?: string;
  match_with_column?: string;
}

export interface QuerySpec {
  sheet?: string;
  filters?: Filter[];
  conditional_filter?: ConditionalFilter | null;
  url_filters?: string;
  search?: string;
  sort?: Sort | null;
  page?: number;
  rows_per_page?: number;
  /** Conditional formatting of columns (blocks §3.4), applied to the page's cells. */
  formats?: ColumnFormat[];
  context?: QueryContext;
}

/** A conditional formatting rule: a cell meeting the condition gets the colours. */
export interface FormatRule {
  condition: Condition;
  value?: string | string[];
  background_color?: string;
  text_color?: string;
}

export interface ColumnFormat {
  column: string;
  rules: FormatRule[];
}

/** The colours of one cell of a page; `row` is its place on the page. */
export interface CellStyle {
  row: number;
  column: string;
  background_color?: string;
  text_color?: string;
}

export interface QueryResult {
  total: number;
  page: number;
  page_count: number;
  columns: string[];
  rows: string[][];
  row_indices: number[];
  /** Cells a conditional formatting rule colours; absent when none does. */
  styles?: CellStyle[];
}

export const CHART_TYPES = ['line', 'bar', 'horizontal-bar', 'radar', 'pie', 'polarArea', 'scatter'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export type DuplicateXAxis = 'sum' | 'average';

export interface ChartAxis {
  column: string;
  type: ChartType;
  duplicateXAxis: DuplicateXAxis;
  decimal_separator: 'dot' | 'comma';
}

export interface ChartSpec extends QuerySpec {
  x_axis: string;
  axis: ChartAxis[];
}

export interface ChartSeries {
  name: string;
  type: ChartType;
  data: (number | null)[];
}

export interface ChartModel {
  labels: string[];
  series: ChartSeries[];
}

/** One card of a scorecard block (tessera-core `scorecard::Scorecard`). */
export interface Scorecard {
  label: string;
  value: number | null;
  /** The value with its symbol, thousands grouped; '—' when there is none. */
  formatted: string;
}

export type CalendarView = 'Month' | 'Week' | 'Day';

/** A row placed on the calendar (tessera-core `calendar::CalendarEvent`); times are YYYY-MM-DDTHH:MM. */
export interface CalendarEvent {
  row: number;
  title: string;
  start: string;
  /** Exclusive. */
  end: string;
  all_day: boolean;
}

/** The days a calendar shows and the events in them (tessera-core `calendar::Calendar`). */
export interface CalendarModel {
  /** start inclusive, end exclusive, as YYYY-MM-DD. */
  window: { start: string; end: string; view: CalendarView; year: number; month: number };
  events: CalendarEvent[];
  /** Rows whose start could not be read as a date. */
  skipped: number;
}
