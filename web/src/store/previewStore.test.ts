// Store behaviour against the real WASM core: the numbers below are computed by hand from
// src/sample/sales.json, so these tests pin both the store's actions and the core's answers.
import { hostContext } from '../core/context';
import salesSheet from '../sample/sales.json?raw';
import { loadRealCore } from '../test/realCore';
import { usePreviewStore } from './previewStore';
import { runChart, runQuery, selectChartSpec, selectQuerySpec } from './selectors';

const store = usePreviewStore;

function query() {
  const s = store.getState();
  if (!s.table) throw new Error('no sheet loaded');
  const outcome = runQuery(s.table, selectQuerySpec(s, hostContext()));
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

function chart() {
  const s = store.getState();
  if (!s.table) throw new Error('no sheet loaded');
  const outcome = runChart(s.table, selectChartSpec(s, hostContext()));
  if (!outcome.ok) throw new Error(outcome.error);
  return outcome.value;
}

beforeAll(async () => {
  await loadRealCore();
});

beforeEach(async () => {
  await store.getState().loadSheet('Sales', salesSheet);
});

afterEach(() => {
  // The zustand mock resets state after each test, but the Rust-side table must be freed here.
  store.getState().closeSheet();
});

describe('sheet slice', () => {
  it('loads the sample sheet into the core and exposes its visible columns', () => {
    const s = store.getState();
    expect(s.status).toBe('ready');
    expect(s.sheetName).toBe('Sales');
    expect(s.rowCount).toBe(60);
    expect(s.columns).toEqual(['Date', 'Region', 'Product', 'Rep', 'Amount', 'Units', 'Status']);
  });

  it('picks Amount by Region as the default chart for a sales sheet', () => {
    expect(store.getState().chart).toEqual({ xAxis: 'Region', column: 'Amount', type: 'bar', duplicateXAxis: 'sum' });
  });

  it('reports the core error message when the sheet text is not valid', async () => {
    await store.getState().loadSheet('Broken', '{"columns": 3}');
    const s = store.getState();
    expect(s.status).toBe('error');
    expect(s.loadError).toBeTruthy();
    expect(s.table).toBeNull();
    expect(s.columns).toEqual([]);
    await store.getState().loadSheet('Sales', salesSheet);
    expect(store.getState().status).toBe('ready');
  });

  it('starts a fresh query when a sheet is loaded', async () => {
    store.getState().setSearch('alice');
    store.getState().addFilter({ column: 'Region', condition: '=', value: 'North' });
    await store.getState().loadSheet('Sales', salesSheet);
    const s = store.getState();
    expect(s.search).toBe('');
    expect(s.filters).toEqual([]);
  });
});

describe('query slice', () => {
  it('shows the first page of ten rows by default', () => {
    const r = query();
    expect(r.total).toBe(60);
    expect(r.page).toBe(1);
    expect(r.page_count).toBe(6);
    expect(r.rows).toHaveLength(10);
    expect(r.rows[0]).toEqual(['2026-01-15', 'North', 'Gadget', 'Bob Chen', '$527.50', '8', 'Paid', 'rec-001']);
  });

  it('matches any of the comma-separated search terms, ignoring case', () => {
    store.getState().setSearch('ALICE');
    expect(query().total).toBe(13);
    store.getState().setSearch('alice, bob');
    expect(query().total).toBe(24);
  });

  it('combines an active filter with the search and drops it when toggled off', () => {
    const name = store.getState().addFilter({ column: 'Region', condition: '=', value: 'North' });
    expect(name).toBe('Region');
    expect(query().total).toBe(19);
    store.getState().setSearch('alice');
    expect(query().total).toBe(6);
    store.getState().toggleFilter(name);
    expect(store.getState().filters[0].active).toBe(false);
    expect(query().total).toBe(13);
    store.getState().removeFilter(name);
    expect(store.getState().filters).toEqual([]);
  });

  it('names filters after their column and keeps the names unique', () => {
    const a = store.getState().addFilter({ column: 'Region', condition: '=', value: 'North' });
    const b = store.getState().addFilter({ column: 'Region', condition: 'any_of', value: 'North||South' });
    expect([a, b]).toEqual(['Region', 'Region 2']);
    expect(store.getState().filters[1].sheet_column).toEqual({ sheet: 'Sales', column: 'Region' });
  });

  it('goes back to the first page whenever the matching rows change', () => {
    store.getState().setPage(3);
    expect(query().rows[0][7]).toBe('rec-021');
    store.getState().setSearch('north');
    expect(store.getState().page).toBe(1);
    store.getState().setPage(2);
    store.getState().addFilter({ column: 'Status', condition: '=', value: 'Paid' });
    expect(store.getState().page).toBe(1);
  });

  it('cycles a column through ascending, descending and unsorted', () => {
    store.getState().toggleSort('Amount');
    expect(store.getState().sort).toEqual({ column: 'Amount', direction: 'Ascending' });
    expect(query().rows[0][4]).toBe('$116.50');
    store.getState().toggleSort('Amount');
    expect(query().rows[0][4]).toBe('$2,465.75');
    store.getState().toggleSort('Amount');
    expect(store.getState().sort).toBeNull();
    expect(query().rows[0][7]).toBe('rec-001');
  });

  it('surfaces the core message for a date range that ends before it starts', () => {
    store.getState().addFilter({ column: 'Date', condition: 'date', value: ['2026-03-31', '2026-03-01'] });
    const s = store.getState();
    const outcome = runQuery(s.table!, selectQuerySpec(s, hostContext()));
    expect(outcome).toEqual({ ok: false, error: 'filter `Date`: the date range starts after it ends' });
  });

  it('filters the mixed date formats of the sheet by a date range', () => {
    store.getState().addFilter({ column: 'Date', condition: 'date', value: ['2026-01-01', '2026-01-31'] });
    expect(query().total).toBe(10);
  });
});

describe('chart slice', () => {
  it('sums Amount by Region in first-seen order', () => {
    expect(chart()).toEqual({
      labels: ['North', 'South', 'East', 'West'],
      series: [{ name: 'Amount', type: 'bar', data: [22256.75, 20120.25, 18585, 18426.75] }],
    });
  });

  it('averages instead of summing and follows the chosen axes and type', () => {
    store.getState().setChart({ duplicateXAxis: 'average', type: 'line' });
    store.getState().addFilter({ column: 'Region', condition: '=', value: 'North' });
    const model = chart();
    expect(model.labels).toEqual(['North']);
    expect(model.series[0].type).toBe('line');
    expect(model.series[0].data[0]).toBeCloseTo(22256.75 / 19, 9);
    store.getState().setChart({ xAxis: 'Product', duplicateXAxis: 'sum' });
    expect(chart().labels).toEqual(['Gadget', 'Gizmo', 'Doohickey', 'Widget']);
    expect(chart().series[0].data).toEqual([7864.5, 4587.75, 5096.5, 4708]);
  });

  it('charts only the rows the search and filters keep', () => {
    store.getState().setSearch('alice');
    store.getState().addFilter({ column: 'Region', condition: '=', value: 'North' });
    expect(chart().series[0].data).toEqual([7590.5]);
  });
});
