import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { hostContext } from '../core/context';
import type { ChartModel, QueryResult } from '../generated/core';
import { usePreviewStore } from './previewStore';
import { runChart, runQuery, selectChartSpec, selectQuerySpec, type Outcome } from './selectors';

type PreviewState = ReturnType<typeof usePreviewStore.getState>;

/** What decides which rows match: shared by the table and the chart. */
const matchInputs = (st: PreviewState) => ({
  table: st.table,
  sheetName: st.sheetName,
  search: st.search,
  filters: st.filters,
});

/** The current page of the table, computed by the core; null until a sheet is loaded. */
export function useQueryResult(): Outcome<QueryResult> | null {
  const s = usePreviewStore(
    useShallow((st) => ({
      ...matchInputs(st),
      sort: st.sort,
      page: st.page,
      rowsPerPage: st.rowsPerPage,
    })),
  );
  return useMemo(() => (s.table ? runQuery(s.table, selectQuerySpec(s, hostContext())) : null), [s]);
}

/** The chart series for the current search and filters, aggregated by the core. */
export function useChartModel(): Outcome<ChartModel> | null {
  const s = usePreviewStore(
    useShallow((st) => ({
      ...matchInputs(st),
      chart: st.chart,
    })),
  );
  return useMemo(() => {
    if (!s.table || !s.chart.xAxis || !s.chart.column) return null;
    return runChart(s.table, selectChartSpec(s, hostContext()));
  }, [s]);
}
