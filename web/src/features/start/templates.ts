// The starter layouts of /dashboard/start, as data: each template turns the chosen sheet's columns
// into the blocks it adds. Only settings of blocks.md §3 are used, with the values the server's
// own demo board uses (server/src/demo.rs), so the configs stay minimal and valid.

/** A block as POST /api/boards/{id}/blocks takes it: its type and settings. */
export interface BlockConfig {
  type: string;
  title: string;
  sheet_title?: string;
  [setting: string]: unknown;
}

/** The sheet a template builds on: its title and the columns people see. */
export interface SheetColumns {
  title: string;
  columns: string[];
}

export interface StarterTemplate {
  id: string;
  name: string;
  /** What the template adds, in words, for the chosen sheet (or in general without one). */
  describe: (sheet: SheetColumns | null) => string;
  /** False for templates that need no data (the blank board). */
  needsData: boolean;
  blocks: (sheet: SheetColumns) => BlockConfig[];
}

/** Columns every sheet has for the server's own use (platform §3): never shown in a block. */
const INTERNAL_COLUMNS = new Set(['ChartApps Record ID', 'chartmat_row_index']);

export function visibleColumns(columns: readonly string[]): string[] {
  return columns.filter((c) => !INTERNAL_COLUMNS.has(c));
}

// Templates only see column names (the rows are not loaded here), so they guess from the words
// of the names ('Start date', 'unitPrice'); every choice can be changed afterwards in the block's
// settings. Whole words, so that 'Vendor' is not read as 'end' nor 'Holiday' as 'day'.
const MEASURE = ['amount', 'revenue', 'sales', 'total', 'price', 'cost', 'count', 'qty', 'quantity', 'units', 'value', 'profit', 'score', 'budget', 'number', 'sum', 'salary'];
const DATE = ['date', 'time', 'timestamp', 'datetime', 'day', 'month', 'year', 'start', 'end', 'due', 'deadline', 'when', 'created', 'updated', 'birthday'];
const START = ['start', 'begin', 'from'];
const END = ['end', 'finish', 'until', 'to'];
const IMAGE = ['image', 'photo', 'picture', 'avatar', 'logo', 'thumbnail', 'img'];

/** The lower-case words of a column name: 'Start date' and 'startDate' both give start, date. */
export function columnWords(column: string): string[] {
  return column
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const named = (column: string, words: readonly string[]) => columnWords(column).some((w) => words.includes(w));

/** The column a chart totals: the first one named like a number, else the one after the labels. */
export function measureColumn(columns: readonly string[], label: string): string {
  return columns.find((c) => c !== label && named(c, MEASURE)) ?? columns.find((c) => c !== label) ?? label;
}

/** The columns a calendar can place events with, when some column is named like a date. */
export function dateColumns(columns: readonly string[]): { start: string; end: string } | null {
  const dates = columns.filter((c) => named(c, DATE));
  if (dates.length === 0) return null;
  const start = dates.find((c) => named(c, START)) ?? dates[0];
  const end = dates.find((c) => c !== start && named(c, END)) ?? start;
  return { start, end };
}

const tableBlock = (sheet: SheetColumns, title: string): BlockConfig => ({
  type: 'table',
  title,
  sheet_title: sheet.title,
  full_width: true,
  paginate: true,
  rows_per_page: 10,
  axis: sheet.columns.map((column) => ({ column })),
});

/** At most this many columns go into a directory card, so each entry stays readable. */
const DIRECTORY_COLUMNS = 4;

export const TEMPLATES: readonly StarterTemplate[] = [
  {
    id: 'blank',
    name: 'Blank board',
    needsData: false,
    describe: () => 'An empty board: add blocks yourself with New Block.',
    blocks: () => [],
  },
  {
    id: 'sales',
    name: 'Sales overview',
    needsData: true,
    describe: (sheet) => {
      if (!sheet) return 'A bar chart of a number column and a table of every row.';
      const label = sheet.columns[0];
      return `A bar chart of ${measureColumn(sheet.columns, label)} by ${label}, and a table of every row.`;
    },
    blocks: (sheet) => {
      const label = sheet.columns[0];
      const measure = measureColumn(sheet.columns, label);
      return [
        {
          type: 'chart',
          title: `${measure} by ${label}`,
          sheet_title: sheet.title,
          full_width: true,
          x_axis: label,
          legendPosition: 'top',
          pdf_download: true,
          axis: [{ column: measure, type: 'bar', duplicateXAxis: 'sum', borderWidth: 1 }],
        },
        tableBlock(sheet, `All ${sheet.title}`),
      ];
    },
  },
  {
    id: 'directory',
    name: 'Directory',
    needsData: true,
    describe: (sheet) =>
      sheet
        ? `A searchable list of entries showing ${sheet.columns.slice(0, DIRECTORY_COLUMNS).join(', ')}.`
        : 'A searchable list with one entry per row.',
    blocks: (sheet) => [
      {
        type: 'list',
        title: sheet.title,
        sheet_title: sheet.title,
        full_width: true,
        paginate: true,
        rows_per_page: 10,
        // A list shows only text and images (blocks.md §3.5).
        axis: sheet.columns.slice(0, DIRECTORY_COLUMNS).map((column) => ({ column, type: named(column, IMAGE) ? 'image' : 'text' })),
      },
    ],
  },
  {
    id: 'tracker',
    name: 'Tracker',
    needsData: true,
    describe: (sheet) => {
      if (!sheet) return 'A table of every row, and a calendar when a column holds dates.';
      const dates = dateColumns(sheet.columns);
      return dates ? `A table of every row and a month calendar placed by ${dates.start}.` : 'A table of every row (no column is named like a date, so no calendar).';
    },
    blocks: (sheet) => {
      const blocks = [tableBlock(sheet, sheet.title)];
      const dates = dateColumns(sheet.columns);
      if (dates) {
        blocks.push({
          type: 'calendar',
          title: 'Calendar',
          sheet_title: sheet.title,
          full_width: true,
          default_calendar_view: 'Month',
          default_calendar_month: 'Current month',
          start_time_column: dates.start,
          end_time_column: dates.end,
          event_title_column: sheet.columns.find((c) => c !== dates.start && c !== dates.end) ?? dates.start,
        });
      }
      return blocks;
    },
  },
];

export const BLANK_TEMPLATE = TEMPLATES[0];

/** Words for a block type in the template preview. */
export const BLOCK_LABELS: Record<string, string> = { chart: 'Chart', table: 'Table', list: 'List', calendar: 'Calendar' };
