import { coreErrorMessage, type Table } from '../core/wasm';
import type { ChartModel, ChartSpec, QueryContext, QueryResult, QuerySpec } from '../generated/core';
import type { PreviewState } from './previewStore';

type QueryState = Pick<PreviewState, 'sheetName' | 'search' | 'filters' | 'sort' | 'page' | 'rowsPerPage'>;
type ChartState = Pick<PreviewState, 'sheetName' | 'search' | 'filters' | 'chart'>;

/** The spec for the table: every filter goes to the core, which decides which ones apply. */
export function selectQuerySpec(s: QueryState, context: QueryContext): QuerySpec {
  return {
    sheet: s.sheetName,
    filters: s.filters,
    search: s.search,
    sort: s.sort,
    page: s.page,
    rows_per_page: s.rowsPerPage,
    context,
  };
}

/** The spec for the chart: the same rows as the table (search and filters), unsorted, unpaged. */
export function selectChartSpec(s: ChartState, context: QueryContext): ChartSpec {
  return {
    sheet: s.sheetName,
    filters: s.filters,
    search: s.search,
    context,
    x_axis: s.chart.xAxis,
    axis: [
      {
        column: s.chart.column,
        type: s.chart.type,
        duplicateXAxis: s.chart.duplicateXAxis,
        decimal_separator: 'dot',
      },
    ],
  };
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** Runs a query; a bad filter comes back as the core's own message instead of a throw. */
export function runQuery(table: Table, spec: QuerySpec): Outcome<QueryResult> {
  try {
    return { ok: true, value: table.query(spec) };
  } catch (error) {
    return { ok: false, error: coreErrorMessage(error) };
  }
}

export function runChart(table: Table, spec: ChartSpec): Outcome<ChartModel> {
  try {
    return { ok: true, value: table.chart(spec) };
  } catch (error) {
    return { ok: false, error: coreErrorMessage(error) };
  }
}
