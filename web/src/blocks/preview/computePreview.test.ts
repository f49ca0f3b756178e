// The live preview's computations per block family, on the real WASM core: what the pane would
// show for a block over a loaded tab.
import type { Core } from '../../core/wasm';
import type { Filter } from '../../core/types';
import { loadRealCore } from '../../test/realCore';
import { computePreview, tabsOf, withSheet } from './computePreview';
import type { Preview, PreviewScope, TabState } from './previewModel';

let core: Core;
beforeAll(async () => {
  core = await loadRealCore();
});

const SALES = {
  columns: ['Month', 'Region', 'Revenue', 'Start', 'End'],
  rows: [
    ['Jan', 'North', '$1,200', '2026-11-03T09:00', '2026-11-03T10:00'],
    ['Jan', 'South', '300', '2026-11-10T14:00', ''],
    ['Feb', 'North', '450.5', '2026-12-01T09:00', ''],
    ['Mar', 'East', '', 'someday', ''],
  ],
};

type Sheet = { columns: string[]; rows: string[][] };

function scope(more: Partial<PreviewScope> = {}, tabs: Record<string, Sheet> = { Sales: SALES }): PreviewScope {
  const states: Record<string, TabState> = {};
  for (const [title, sheet] of Object.entries(tabs)) {
    const json = JSON.stringify(sheet);
    states[title] = { status: 'ready', sheet: { table: core.openSheet(json), json, total: sheet.rows.length, loaded: sheet.rows.length } };
  }
  return {
    tab: (title) => states[title],
    filters: [],
    search: '',
    context: { now: '2026-11-21T10:00:00Z', utc_offset_minutes: 0 },
    ...more,
  };
}

function expectKind<K extends Preview['kind']>(preview: Preview, kind: K): Extract<Preview, { kind: K }> {
  expect(preview, JSON.stringify(preview)).toMatchObject({ kind });
  return preview as Extract<Preview, { kind: K }>;
}

const table = { type: 'table', sheet_title: 'Sales', axis: [{ column: 'Region' }, { column: 'Revenue' }] };

describe('the table family', () => {
  it('shows the block’s columns of the first page of rows', () => {
    const rows = expectKind(computePreview(core, table, scope()), 'rows');
    expect(rows.columns).toEqual(['Region', 'Revenue']);
    expect(rows.rows).toEqual([
      ['North', '$1,200'],
      ['South', '300'],
      ['North', '450.5'],
      ['East', ''],
    ]);
    expect(rows.total).toBe(4);
  });

  it('colours cells by the columns’ conditional formatting, first rule first', () => {
    const formatted = {
      ...table,
      axis: [
        { column: 'Region', Conditional_formatting: [{ condition: '=', value: 'north', text_color: '#1d4ed8' }] },
        {
          column: 'Revenue',
          Conditional_formatting: [
            { condition: '>', value: '1000', background_color: '#fee2e2' },
            { condition: '>', value: '100', background_color: '#fef3c7' },
            { value: 'a rule without a condition colours nothing' },
          ],
        },
      ],
    };
    const rows = expectKind(computePreview(core, formatted, scope()), 'rows');
    expect(rows.colours).toEqual([
      [{ text_color: '#1d4ed8' }, { background_color: '#fee2e2' }],
      [undefined, { background_color: '#fef3c7' }],
      [{ text_color: '#1d4ed8' }, { background_color: '#fef3c7' }],
      [],
    ]);
  });

  it('follows the preview search and the board’s active filters', () => {
    expect(expectKind(computePreview(core, table, scope({ search: 'north' })), 'rows').rows).toEqual([
      ['North', '$1,200'],
      ['North', '450.5'],
    ]);
    const filters: Filter[] = [
      { name: 'Big', active: true, condition: '>', sheet_column: { sheet: 'Sales', column: 'Revenue' }, value: '400' },
      { name: 'Off', active: false, condition: '=', sheet_column: { sheet: 'Sales', column: 'Region' }, value: 'South' },
    ];
    const filtered = expectKind(computePreview(core, table, scope({ filters })), 'rows');
    expect(filtered.rows).toEqual([
      ['North', '$1,200'],
      ['North', '450.5'],
    ]);
    expect(filtered.total).toBe(2);
  });

  it('pages as the block pages, and leaves hidden columns out', () => {
    const block = { ...table, rows_per_page: 2, axis: [{ column: 'Month' }, { column: 'Region', hidden: true }] };
    const rows = expectKind(computePreview(core, block, scope()), 'rows');
    expect(rows.columns).toEqual(['Month']);
    expect(rows.rows).toEqual([['Jan'], ['Jan']]);
    expect(rows.total).toBe(4);
  });

  it('says which column the sheet lacks instead of failing', () => {
    const block = { ...table, axis: [{ column: 'Profit' }] };
    expect(computePreview(core, block, scope())).toEqual({ kind: 'error', message: 'The column "Profit" is not in the sheet "Sales".' });
  });

  it('asks for a sheet first, and waits for rows still loading', () => {
    expect(computePreview(core, { type: 'list' }, scope())).toEqual({ kind: 'hint', message: 'Choose a sheet to see its rows here.' });
    const loading = scope({ tab: () => ({ status: 'loading' }) });
    expect(computePreview(core, table, loading)).toEqual({ kind: 'loading' });
  });

  it('shows item details as the first matching record', () => {
    const block = { type: 'itemDetails', sheet_title: 'Sales', axis: [{ column: 'Region', label: 'Where' }], actions: [{ label: 'Open' }] };
    const record = expectKind(computePreview(core, block, scope({ search: 'south' })), 'record');
    expect(record.fields).toEqual([['Where', 'South']]);
    expect(record.actions).toEqual(['Open']);
  });
});

describe('charts', () => {
  it('sums each series by the x axis', () => {
    const block = { type: 'chart', sheet_title: 'Sales', x_axis: 'Month', axis: [{ column: 'Revenue' }] };
    const chart = expectKind(computePreview(core, block, scope()), 'chart');
    expect(chart.model.labels).toEqual(['Jan', 'Feb', 'Mar']);
    expect(chart.model.series).toEqual([{ name: 'Revenue', type: 'bar', data: [1500, 450.5, null] }]);
  });

  it('averages when the series says so, over the filtered rows', () => {
    const block = { type: 'chart', sheet_title: 'Sales', x_axis: 'Region', axis: [{ column: 'Revenue', duplicateXAxis: 'average', type: 'line' }] };
    const chart = expectKind(computePreview(core, block, scope({ search: 'north' })), 'chart');
    expect(chart.model.labels).toEqual(['North']);
    expect(chart.model.series[0]).toMatchObject({ type: 'line', data: [825.25] });
  });

  it('asks for the axes, and names a missing x column', () => {
    expect(computePreview(core, { type: 'chart', sheet_title: 'Sales' }, scope()).kind).toBe('hint');
    const missing = computePreview(core, { type: 'chart', sheet_title: 'Sales', x_axis: 'Week', axis: [{ column: 'Revenue' }] }, scope());
    expect(expectKind(missing, 'error').message).toMatch(/Week/);
  });
});

describe('scorecards', () => {
  it('computes each card on its own tab with its function and symbol', () => {
    const teams = { columns: ['Name', 'Size'], rows: [['A', '3'], ['B', '5']] };
    const block = {
      type: 'scorecard',
      sheet_title: 'Sales',
      axis: [
        { label: 'Revenue', source: { sheet: 'Sales', column: 'Revenue' } },
        { label: 'Team size', source: { sheet: 'Teams', column: 'Size' }, function: 'average', symbol: '' },
        { label: 'Empty' },
      ],
    };
    const cards = expectKind(computePreview(core, block, scope({}, { Sales: SALES, Teams: teams })), 'scorecards').cards;
    expect(cards[0]).toMatchObject({ label: 'Revenue', value: 1950.5, formatted: '$1,950.5' });
    expect(cards[1]).toMatchObject({ label: 'Team size', value: 4, formatted: '4' });
    expect(cards[2]).toMatchObject({ label: 'Empty', error: 'Choose the sheet and column of this card.' });
    expect(tabsOf(block)).toEqual(['Sales', 'Teams']);
  });

  it('shows the core’s message for a column the sheet lacks, at that card', () => {
    const block = { type: 'score_card', sheet_title: 'Sales', axis: [{ label: 'Profit', source: { column: 'Profit' } }] };
    const [card] = expectKind(computePreview(core, block, scope()), 'scorecards').cards;
    expect(card.error).toBe('scorecard `Profit` reads column `Profit`, which this sheet does not have');
  });
});

describe('calendars', () => {
  const calendar = { type: 'calendar', sheet_title: 'Sales', start_time_column: 'Start', end_time_column: 'End', event_title_column: 'Region' };

  it('places the rows of the current month', () => {
    const model = expectKind(computePreview(core, calendar, scope()), 'calendar').calendar;
    expect(model.window).toMatchObject({ start: '2026-11-01', end: '2026-12-01', view: 'Month' });
    expect(model.events.map((e) => [e.title, e.start])).toEqual([
      ['North', '2026-11-03T09:00'],
      ['South', '2026-11-10T14:00'],
    ]);
    expect(model.skipped).toBe(1);
  });

  it('shows a selected month, and a bad month as the core says it', () => {
    const december = { ...calendar, default_calendar_month: 'Selected month', calender_year: '2026', calender_month: '12' };
    expect(expectKind(computePreview(core, december, scope()), 'calendar').calendar.events.map((e) => e.title)).toEqual(['North']);
    const bad = computePreview(core, { ...december, calender_year: '26' }, scope());
    expect(expectKind(bad, 'error').message).toBe('calender_year `26` is not a year: use four digits such as 2026');
  });
});

describe('markdown', () => {
  it('templates the first matching row, or one text per row when it loops', () => {
    const block = { type: 'markdown', sheet_title: 'Sales', text: '**[Region]**: [Revenue]' };
    expect(expectKind(computePreview(core, block, scope()), 'markdown').texts).toEqual(['**North**: $1,200']);
    const looped = computePreview(core, { ...block, loop: true }, scope({ search: 'north' }));
    expect(expectKind(looped, 'markdown').texts).toEqual(['**North**: $1,200', '**North**: 450.5']);
  });

  it('shows the text as written without a sheet', () => {
    expect(expectKind(computePreview(core, { type: 'markdown', text: 'Hello [Region]' }, scope()), 'markdown').texts).toEqual(['Hello [Region]']);
  });
});

describe('the other blocks', () => {
  it('shows a form’s fields with their defaults resolved by the core', () => {
    const block = { type: 'form', sheet_title: 'Sales', axis: [{ column: 'Month', default: '[(today)]' }, { column: 'Region', label: 'Where', hide: true }] };
    const form = expectKind(computePreview(core, block, scope()), 'form');
    expect(form.fields).toEqual([{ label: 'Month', type: 'text', placeholder: 'Type here..', value: '2026-11-21', description: '' }]);
    expect(form.submit).toBe('Submit');
  });

  it('draws the presentation blocks from their settings', () => {
    expect(computePreview(core, { type: 'footer', copyrightText: '© Tessera' }, scope())).toEqual({ kind: 'presentation' });
  });

  it('splices a sheet’s JSON into a facade input as it is', () => {
    expect(withSheet('{"columns":[],"rows":[]}', {})).toBe('{"sheet":{"columns":[],"rows":[]}}');
    expect(JSON.parse(withSheet('{"columns":["A"],"rows":[["1"]]}', { loop: true }))).toEqual({ sheet: { columns: ['A'], rows: [['1']] }, loop: true });
  });
});
