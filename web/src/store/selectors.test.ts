import { hostContext } from '../core/context';
import type { Filter } from '../generated/core';
import { fakeTable } from '../test/fakeTable';
import { runChart, runQuery, selectChartSpec, selectQuerySpec } from './selectors';

const context = hostContext(new Date('2026-11-21T10:00:00Z'));
const north: Filter = {
  name: 'Region',
  active: true,
  condition: '=',
  sheet_column: { sheet: 'Sales', column: 'Region' },
  value: 'North',
};

describe('selectQuerySpec', () => {
  it('builds the contract QuerySpec from the query state', () => {
    const spec = selectQuerySpec(
      {
        sheetName: 'Sales',
        search: 'alice, bob',
        filters: [north],
        sort: { column: 'Amount', direction: 'Descending' },
        page: 2,
        rowsPerPage: 10,
      },
      context,
    );
    expect(spec).toEqual({
      sheet: 'Sales',
      filters: [north],
      search: 'alice, bob',
      sort: { column: 'Amount', direction: 'Descending' },
      page: 2,
      rows_per_page: 10,
      context,
    });
  });

  it('passes inactive filters too, leaving the decision of what applies to the core', () => {
    const off = { ...north, active: false };
    const spec = selectQuerySpec({ sheetName: 'Sales', search: '', filters: [off], sort: null, page: 1, rowsPerPage: 10 }, context);
    expect(spec.filters).toEqual([off]);
  });
});

describe('selectChartSpec', () => {
  it('charts the filtered rows without paging or sorting', () => {
    const spec = selectChartSpec(
      {
        sheetName: 'Sales',
        search: 'alice',
        filters: [north],
        chart: { xAxis: 'Region', column: 'Amount', type: 'line', duplicateXAxis: 'average' },
      },
      context,
    );
    expect(spec).toEqual({
      sheet: 'Sales',
      filters: [north],
      search: 'alice',
      context,
      x_axis: 'Region',
      axis: [{ column: 'Amount', type: 'line', duplicateXAxis: 'average', decimal_separator: 'dot' }],
    });
    expect(spec).not.toHaveProperty('page');
  });
});

describe('hostContext', () => {
  it('passes the clock as an RFC 3339 time with the local UTC offset', () => {
    const now = new Date('2026-03-04T05:06:07Z');
    expect(hostContext(now)).toMatchObject({
      now: '2026-03-04T05:06:07.000Z',
      utc_offset_minutes: -now.getTimezoneOffset(),
    });
  });
});

describe('runQuery and runChart', () => {
  it('turn a thrown core error into its message', () => {
    const { table } = fakeTable({
      query: () => {
        throw new Error('filter `Date`: `soon` is not a date');
      },
      chart: () => {
        throw 'column `Nope` does not exist in this sheet';
      },
    });
    expect(runQuery(table, {})).toEqual({ ok: false, error: 'filter `Date`: `soon` is not a date' });
    expect(runChart(table, { x_axis: 'Nope', axis: [] })).toEqual({
      ok: false,
      error: 'column `Nope` does not exist in this sheet',
    });
  });
});
