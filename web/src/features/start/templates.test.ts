import type { Core } from '../../core/wasm';
import { loadRealCore } from '../../test/realCore';
import { slugPreview } from './slug';
import { planBlocks, TEMPLATES, visibleColumns, type SheetProfile } from './templates';

const template = (id: string) => TEMPLATES.find((t) => t.id === id)!;

let core: Core;
let orders: SheetProfile;
let people: SheetProfile;

/** The tab `title` with these rows, profiled by the core as the start page does. */
function tab(title: string, columns: string[], rows: string[][]): SheetProfile {
  const table = core.openSheet(JSON.stringify({ columns, rows }));
  try {
    return { title, profiles: table.profile() };
  } finally {
    table.free();
  }
}

beforeAll(async () => {
  core = await loadRealCore();
  orders = tab(
    'Orders',
    ['Region', 'Customer', 'Revenue', 'Order date', 'Photo'],
    [
      ['North', 'Ada', '120', '2026-01-05', 'https://x.io/a.png'],
      ['South', 'Bea', '80', '2026-02-11', 'https://x.io/b.png'],
      ['North', 'Cy', '45', '2026-03-02', 'https://x.io/c.png'],
      ['South', 'Di', '60', '2026-03-09', 'https://x.io/d.png'],
    ],
  );
  people = tab('People', ['Name', 'E-mail'], [['Ada', 'ada@example.com']]);
});

describe('slugPreview mirrors the server slug_from_name', () => {
  it.each([
    ['Q1 Sales!', 'q1-sales'],
    ['  Hello,   World  ', 'hello-world'],
    ['Café menu', 'caf-menu'],
    ['!!!', 'board'],
    ['Admin', 'board-admin'],
    ['dashboard', 'board-dashboard'],
    ['a'.repeat(70), 'a'.repeat(60)],
  ])('%s gives /%s', (name, slug) => {
    expect(slugPreview(name)).toBe(slug);
  });
});

describe('templates', () => {
  it('starts a board with data from its first block bound: a table of every column of the tab', () => {
    expect(planBlocks(core, template('blank'), orders)).toEqual([]);
    const [table, ...rest] = planBlocks(core, template('table'), orders).map((b) => b.config);
    expect(rest).toEqual([]);
    expect(table).toMatchObject({ type: 'table', title: 'Orders', sheet_title: 'Orders', paginate: true, width: 'Full' });
    expect((table.axis as { column: string }[]).map((c) => c.column)).toEqual(['Region', 'Customer', 'Revenue', 'Order date', 'Photo']);
  });

  it('hides the server columns from every block', () => {
    expect(visibleColumns(['ChartApps Record ID', 'Name', 'chartmat_row_index'])).toEqual(['Name']);
  });

  it('charts the number column by the category the core found, titled after them, over a table of every column', () => {
    const [chart, table] = planBlocks(core, template('sales'), orders).map((b) => b.config);
    expect(chart).toMatchObject({ type: 'chart', title: 'Revenue by Region', sheet_title: 'Orders', x_axis: 'Region' });
    // Two regions fit half the board, but the board's one chart takes the row above its table
    // rather than leave half the board empty beside it.
    expect(chart.width).toBe('Full');
    expect(chart.axis).toMatchObject([{ column: 'Revenue', type: 'bar' }]);
    expect(table).toMatchObject({ type: 'table', title: 'All Orders', sheet_title: 'Orders', paginate: true, width: 'Full' });
    expect((table.axis as { column: string }[]).map((c) => c.column)).toEqual(['Region', 'Customer', 'Revenue', 'Order date', 'Photo']);
  });

  it('says what each block reads, in the core words', () => {
    const [chart] = planBlocks(core, template('sales'), orders);
    expect(chart.chosen.join(' ')).toMatch(/Region/);
    expect(chart.chosen.join(' ')).toMatch(/Revenue/);
  });

  it('adds a calendar to the tracker only when a column holds dates', () => {
    expect(planBlocks(core, template('tracker'), orders).map((b) => b.config.type)).toEqual(['table', 'calendar']);
    expect(planBlocks(core, template('tracker'), orders)[1].config).toMatchObject({
      start_time_column: 'Order date',
      default_calendar_view: 'Month',
      width: 'Full',
    });
    expect(planBlocks(core, template('tracker'), people).map((b) => b.config.type)).toEqual(['table']);
  });

  it('shows the pictures of a directory as images', () => {
    const [list] = planBlocks(core, template('directory'), orders).map((b) => b.config);
    expect(list).toMatchObject({ type: 'list', title: 'Orders', sheet_title: 'Orders' });
    expect(list.axis).toContainEqual(expect.objectContaining({ column: 'Photo', type: 'image' }));
  });

  it('charts how many rows a tab without numbers has, titled as a count', () => {
    const [chart, table] = planBlocks(core, template('sales'), people);
    expect([chart.config.type, table.config.type]).toEqual(['chart', 'table']);
    expect(chart.config.axis).toEqual([expect.objectContaining({ duplicateXAxis: 'count' })]);
    expect(chart.config.title).toMatch(/^Rows by /);
  });

  it('plans only blocks that pass the block catalogue, since the board saves them as they are', () => {
    for (const sheet of [orders, people]) {
      for (const t of TEMPLATES) {
        for (const { config } of planBlocks(core, t, sheet)) {
          expect(core.validateBlock(config), JSON.stringify(config)).toMatchObject({ valid: true, errors: [] });
        }
      }
    }
  });
});
