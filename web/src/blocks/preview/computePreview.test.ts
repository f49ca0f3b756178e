// The preview's answers on the real WASM core, shaped as the server answers them: what the
// block views read when they draw the settings editor's preview.
import type { Filter } from '../../generated/core';
import type { Core } from '../../core/wasm';
import { loadRealCore } from '../../test/realCore';
import { NO_SHEET } from '../data/sources';
import { previewRows, previewView, tabsOf, type PreviewScope, type PreviewSheet } from './computePreview';

let core: Core;
beforeAll(async () => {
  core = await loadRealCore();
});

const SALES = {
  columns: ['ChartApps Record ID', 'Month', 'Region', 'Revenue', 'Start', 'End'],
  rows: [
    ['r1', 'Jan', 'North', '$1,200', '2026-11-03T09:00', '2026-11-03T10:00'],
    ['r2', 'Jan', 'South', '300', '2026-11-10T14:00', ''],
    ['r3', 'Feb', 'North', '450.5', '2026-12-01T09:00', ''],
    ['r4', 'Mar', 'East', '', 'someday', ''],
  ],
};

type Sheet = { columns: string[]; rows: string[][] };

function scope(more: Partial<PreviewScope> = {}, tabs: Record<string, Sheet> = { Sales: SALES }): PreviewScope & { asked: string[] } {
  const asked: string[] = [];
  return {
    core,
    asked,
    sheet: async (title) => {
      asked.push(title);
      const tab = tabs[title];
      if (!tab) throw new Error(`no tab ${title}`);
      // As the preview gets a tab: the server's columnar bytes, loaded as they are.
      const made = core.openSheet(JSON.stringify(tab));
      const bytes = made.toColumnar();
      made.free();
      const sheet: PreviewSheet = { table: core.openColumns(bytes), version: 7 };
      return sheet;
    },
    filters: [],
    search: '',
    context: { now: '2026-11-21T10:00:00Z', utc_offset_minutes: 0 },
    ...more,
  };
}

const table = { id: 't1', type: 'table', sheet_title: 'Sales', axis: [{ column: 'Region' }, { column: 'Revenue' }] };

describe('rows', () => {
  it('answers a page as the sheet call does: records by column, totals and the data version', async () => {
    const page = await previewRows(table, 'Sales', { page: 1, rowsPerPage: 2 }, scope());
    expect(page.columns).toEqual(SALES.columns);
    expect(page.rows.map((row) => [row.Region, row.Revenue])).toEqual([
      ['North', '$1,200'],
      ['South', '300'],
    ]);
    expect(page).toMatchObject({ total: 4, page: 1, page_count: 2, version: 7 });
  });

  it('follows the preview search, the board’s active filters and the sort asked for', async () => {
    const filters: Filter[] = [
      { name: 'Big', active: true, condition: '>', sheet_column: { sheet: 'Sales', column: 'Revenue' }, value: '400' },
      { name: 'Off', active: false, condition: '=', sheet_column: { sheet: 'Sales', column: 'Region' }, value: 'South' },
    ];
    const filtered = await previewRows(table, 'Sales', { sort: { column: 'Revenue', direction: 'asc' } }, scope({ filters }));
    expect(filtered.rows.map((row) => row.Revenue)).toEqual(['450.5', '$1,200']);
    const searched = await previewRows(table, 'Sales', {}, scope({ search: 'south' }));
    expect(searched.rows.map((row) => row.Region)).toEqual(['South']);
    // A select's choices are read without the search, as the server reads them.
    expect((await previewRows(table, 'Sales', { choices: true }, scope({ search: 'south' }))).total).toBe(4);
  });

  it('colours cells by the columns’ conditional formatting', async () => {
    const formatted = { ...table, axis: [{ column: 'Region', Conditional_formatting: [{ condition: '=', value: 'north', text_color: '#1d4ed8' }] }] };
    const page = await previewRows(formatted, 'Sales', {}, scope());
    expect(page.styles).toEqual([
      { row: 0, column: 'Region', text_color: '#1d4ed8' },
      { row: 2, column: 'Region', text_color: '#1d4ed8' },
    ]);
  });

  it('asks a block without a tab to choose one, reading nothing', async () => {
    const s = scope();
    await expect(previewRows({ id: 'l', type: 'list' }, '', {}, s)).rejects.toThrow(NO_SHEET);
    await expect(previewView({ id: 'c', type: 'chart', x_axis: 'Month' }, {}, s)).rejects.toThrow(NO_SHEET);
    expect(s.asked).toEqual([]);
  });
});

describe('views', () => {
  it('sums a chart’s series by the x axis, and names a missing x column', async () => {
    const chart = { id: 'c1', type: 'chart', sheet_title: 'Sales', x_axis: 'Month', axis: [{ column: 'Revenue' }] };
    expect(await previewView(chart, {}, scope())).toEqual({
      kind: 'chart',
      chart: { labels: ['Jan', 'Feb', 'Mar'], series: [{ name: 'Revenue', type: 'bar', data: [1500, 450.5, null] }] },
    });
    await expect(previewView({ ...chart, x_axis: 'Week' }, {}, scope())).rejects.toThrow(/Week/);
  });

  it('passes the chart’s grouping to the core: counts of the top two and the rest, lowest first', async () => {
    const chart = {
      id: 'c2',
      type: 'chart',
      sheet_title: 'Sales',
      x_axis: 'Month',
      category_order: 'Value, low to high',
      top_n: 2,
      axis: [{ column: 'Revenue', duplicateXAxis: 'count' }],
    };
    expect(await previewView(chart, {}, scope())).toEqual({
      kind: 'chart',
      chart: { labels: ['Feb', 'Other', 'Jan'], series: [{ name: 'Count', type: 'bar', data: [1, 1, 2] }] },
    });
  });

  it('computes each scorecard on its own tab, a card’s failure kept at that card', async () => {
    const teams = {
      columns: ['Name', 'Size'],
      rows: [
        ['A', '3'],
        ['B', '5'],
      ],
    };
    const block = {
      id: 's1',
      type: 'scorecard',
      sheet_title: 'Sales',
      axis: [
        { label: 'Revenue', source: { sheet: 'Sales', column: 'Revenue' } },
        { label: 'Team size', source: { sheet: 'Teams', column: 'Size' }, function: 'average', symbol: '' },
        { label: 'Profit', source: { column: 'Profit' } },
      ],
    };
    const view = await previewView(block, {}, scope({}, { Sales: SALES, Teams: teams }));
    if (view.kind !== 'scorecard') throw new Error(view.kind);
    expect(view.cards[0]).toMatchObject({ label: 'Revenue', value: 1950.5, formatted: '$1,950.50' });
    expect(view.cards[1]).toMatchObject({ label: 'Team size', value: 4, formatted: '4' });
    expect(view.cards[2].error).toBe('scorecard `Profit` reads column `Profit`, which this sheet does not have');
    expect(tabsOf(block)).toEqual(['Sales', 'Teams']);
  });

  it('places a calendar’s rows with each event’s record, and moves to the month asked for', async () => {
    const calendar = { id: 'k1', type: 'calendar', sheet_title: 'Sales', start_time_column: 'Start', end_time_column: 'End', event_title_column: 'Region' };
    const view = await previewView(calendar, {}, scope());
    if (view.kind !== 'calendar') throw new Error(view.kind);
    expect(view.calendar.window).toMatchObject({ view: 'Month', anchor: '2026-11-01' });
    expect(view.calendar.events.map((e) => [e.title, e.start, e.record.Month])).toEqual([
      ['North', '2026-11-03T09:00', 'Jan'],
      ['South', '2026-11-10T14:00', 'Jan'],
    ]);
    expect(view.calendar.skipped).toBe(1);
    const december = await previewView(calendar, { calendar_view: 'Month', calendar_date: '2026-12-01' }, scope());
    if (december.kind !== 'calendar') throw new Error(december.kind);
    expect(december.calendar.events.map((e) => e.start)).toEqual(['2026-12-01T09:00']);
  });

  it('renders markdown as the server does: templated by the core, sanitised HTML', async () => {
    const block = { id: 'm1', type: 'markdown', sheet_title: 'Sales', text: '**[Region]** <script>alert(1)</script>' };
    const view = await previewView(block, {}, scope());
    if (view.kind !== 'markdown') throw new Error(view.kind);
    expect(view.texts).toEqual(['**North** <script>alert(1)</script>']);
    expect(view.html[0]).toContain('<strong>North</strong>');
    expect(view.html[0]).not.toContain('<script');
    const plain = await previewView({ id: 'm2', type: 'markdown', text: 'Hello [Region]' }, {}, scope());
    expect(plain).toMatchObject({ texts: ['Hello [Region]'] });
  });

  it('answers an iframe’s frame, or why none, as the server’s view does (from the markup module)', async () => {
    const code = '<iframe src="https://example.com/embed" title="Map" width="600" height="400"></iframe>';
    const view = await previewView({ id: 'f1', type: 'iframe', iframe_code: code }, {}, scope());
    expect(view).toMatchObject({ kind: 'iframe', frame: { src: 'https://example.com/embed', title: 'Map' }, refusal: null });
    const refused = await previewView({ id: 'f2', type: 'iframe', iframe_code: '<iframe src="javascript:alert(1)"></iframe>' }, {}, scope());
    expect(refused).toMatchObject({ kind: 'iframe', frame: null });
    expect(refused.kind === 'iframe' && refused.refusal).toBeTruthy();
  });
});
