// The starter layouts of /dashboard/start, as data: which blocks each template adds and how it
// presents them. What each block reads (its columns, axis, dates) is the core's starter, the rule
// every new block of the editor starts from (tessera_blocks::starter over the tab's column
// profiles), so a template and a block added by hand bind the same columns.
import { HIDDEN_COLUMNS } from '../../blocks/details/DetailsPopup';
import type { Core } from '../../core/wasm';
import type { ColumnProfile } from '../../generated/blockStarter';
import { DEFAULT_ROWS_PER_PAGE } from '../../generated/blockCapabilities';

/** A block as POST /api/boards/{id}/blocks takes it: its type and settings. */
export interface BlockConfig {
  type: string;
  title: string;
  sheet_title?: string;
  [setting: string]: unknown;
}

/** The tab a template builds on: its title and its columns' profiles from the core. */
export interface SheetProfile {
  title: string;
  profiles: ColumnProfile[];
}

/** A block a template adds: its type, its title, and the presentation settings it sets. */
interface TemplateBlock {
  type: string;
  /** The block's title, from its bound settings and its tab. */
  title: (settings: Record<string, unknown>, sheet: string) => string;
  settings: Record<string, unknown>;
  /** Whether the bound block belongs on the board; a block without it is always added. */
  keep?: (settings: Record<string, unknown>) => boolean;
}

export interface StarterTemplate {
  id: string;
  name: string;
  /** What the template adds, in words. */
  summary: string;
  blocks: readonly TemplateBlock[];
}

/** A block planned for the user's tab, and the core's sentences on what it chose. */
export interface PlannedBlock {
  config: BlockConfig;
  chosen: string[];
}

/** The columns a person sees: not those every sheet has for the server's own use (platform §3). */
export function visibleColumns(columns: readonly string[]): string[] {
  return columns.filter((c) => !HIDDEN_COLUMNS.has(c));
}

// Widths are mostly not set here: the core's starter gives tables, lists, calendars and charts of
// many categories the whole row, as it does for a block added with New Block.
const PAGED = { paginate: true, rows_per_page: DEFAULT_ROWS_PER_PAGE };

/** 'Revenue by Region' (or 'Rows by Region' for a count) for a chart the starter bound, else 'Chart'. */
function chartTitle(settings: Record<string, unknown>): string {
  const first = (settings.axis as { column?: string; duplicateXAxis?: string }[] | undefined)?.[0];
  const series = first?.duplicateXAxis === 'count' ? 'Rows' : first?.column;
  const x = settings.x_axis;
  return series && typeof x === 'string' && x ? `${series} by ${x}` : 'Chart';
}

export const TEMPLATES: readonly StarterTemplate[] = [
  { id: 'blank', name: 'Blank board', summary: 'An empty board: add blocks yourself with New Block.', blocks: [] },
  {
    // What a board with data starts as unless another is picked: nothing starts empty, the first
    // block is already bound to the tab.
    id: 'table',
    name: 'Table of your rows',
    summary: 'One table of every row to start from; add charts, forms and more with New Block.',
    blocks: [{ type: 'table', title: (_, sheet) => sheet, settings: PAGED }],
  },
  {
    id: 'sales',
    name: 'Sales overview',
    summary: 'A bar chart of a number column (or of how many rows) by a category, and a table of every row.',
    blocks: [
      {
        type: 'chart',
        title: chartTitle,
        // The board's one chart, above its table: it takes the row (issue 47: it landed as a
        // third of the board beside empty space), and its settings say so.
        settings: { legendPosition: 'top', pdf_download: true, width: 'Full' },
        // Without a number column the starter counts rows; a tab without any column has no chart.
        keep: (settings) => Array.isArray(settings.axis) && settings.axis.length > 0,
      },
      { type: 'table', title: (_, sheet) => `All ${sheet}`, settings: PAGED },
    ],
  },
  {
    id: 'directory',
    name: 'Directory',
    summary: 'A searchable list with one entry per row, pictures included.',
    blocks: [{ type: 'list', title: (_, sheet) => sheet, settings: PAGED }],
  },
  {
    id: 'tracker',
    name: 'Tracker',
    summary: 'A table of every row, and a month calendar when a column holds dates.',
    blocks: [
      { type: 'table', title: (_, sheet) => sheet, settings: PAGED },
      {
        type: 'calendar',
        title: () => 'Calendar',
        settings: { default_calendar_view: 'Month', default_calendar_month: 'Current month' },
        // Only a tab with a date column gets one: the starter then places the events by it.
        keep: (settings) => Boolean(settings.start_time_column),
      },
    ],
  },
];

export const BLANK_TEMPLATE = TEMPLATES[0];

/** The template picked until the owner picks another, once the tab's columns are known. */
export const DATA_TEMPLATE = TEMPLATES[1];

/**
 * The blocks `template` adds to a board reading `sheet`: each bound by the core's starter, with the
 * template's title and presentation. A block the template leaves out for this tab (a calendar
 * without a date column, a chart of a tab without columns), or one that fails the catalogue's
 * validation, is not planned, since the board saves its blocks as they are.
 */
export function planBlocks(core: Core, template: StarterTemplate, sheet: SheetProfile): PlannedBlock[] {
  return template.blocks.flatMap((block) => {
    const { settings, chosen } = core.blockStarter({ type: block.type, sheet: sheet.title, columns: sheet.profiles });
    if (block.keep && !block.keep(settings)) return [];
    const config: BlockConfig = { ...settings, ...block.settings, title: block.title(settings, sheet.title) };
    return core.validateBlock(config).valid ? [{ config, chosen }] : [];
  });
}

/** Words for a block type in the template preview. */
export const BLOCK_LABELS: Record<string, string> = { chart: 'Chart', table: 'Table', list: 'List', calendar: 'Calendar' };
