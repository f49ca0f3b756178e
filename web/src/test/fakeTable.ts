// A stand-in for the WASM SheetTable in component tests: it returns canned results and records
// the specs it was asked for, so a test can check what the UI sends to the core.
import { vi } from 'vitest';
import type { ChartModel, ChartSpec, QueryResult, QuerySpec } from '../generated/core';
import type { Table } from '../core/wasm';

export const FAKE_COLUMNS = ['Date', 'Region', 'Amount'];

export function fakeResult(overrides: Partial<QueryResult> = {}): QueryResult {
  return {
    total: 2,
    page: 1,
    page_count: 1,
    columns: FAKE_COLUMNS,
    rows: [
      ['2026-01-02', 'North', '$10.00'],
      ['2026-01-03', 'South', '$20.50'],
    ],
    row_indices: [0, 1],
    ...overrides,
  };
}

export function fakeChart(): ChartModel {
  return { labels: ['North', 'South'], series: [{ name: 'Amount', type: 'bar', data: [10, 20.5] }] };
}

function unused(): never {
  throw new Error('The stand-in table answers queries and charts only.');
}

export function fakeTable(impl: Partial<Pick<Table, 'query' | 'chart'>> = {}) {
  const query = vi.fn<(spec: QuerySpec) => QueryResult>(impl.query ?? (() => fakeResult()));
  const chart = vi.fn<(spec: ChartSpec) => ChartModel>(impl.chart ?? (() => fakeChart()));
  const table: Table = {
    rowCount: 2,
    columns: () => FAKE_COLUMNS,
    query,
    chart,
    // Read only when a block is picked, which no test of this stand-in does.
    profile: () => [],
    // The block preview's reads, which never reach this stand-in.
    rowCells: unused,
    toColumnar: unused,
    displayTexts: unused,
    scorecards: unused,
    calendar: unused,
    markdownTexts: unused,
    free: vi.fn(),
  };
  return { table, query, chart };
}
