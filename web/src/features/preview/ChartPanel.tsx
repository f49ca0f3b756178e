import { Component, lazy, Suspense, type ReactNode } from 'react';
import type { ChartModel, DuplicateXAxis } from '../../generated/core';
import { PREVIEW_CHART_TYPES, type PreviewChartType } from '../../store/chartSlice';
import { usePreviewStore } from '../../store/previewStore';

// ECharts is the largest dependency of the app; it arrives in its own chunk when a chart shows.
const ChartView = lazy(() => import('../../blocks/chart/base/SvgChartView'));

const TYPE_LABELS: Record<PreviewChartType, string> = {
  bar: 'Bar',
  'horizontal-bar': 'Horizontal bar',
  line: 'Line',
};

export function formatNumber(value: number | null): string {
  if (value === null) return '–';
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed) return <p className="muted">The chart could not be drawn.</p>;
    return this.props.children;
  }
}

function Select<T extends string>(props: { label: string; value: T; options: readonly T[]; labels?: Record<T, string>; onChange: (value: T) => void }) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <select value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {props.options.map((o) => (
          <option key={o} value={o}>
            {props.labels?.[o] ?? o}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Chart settings plus the chart the core aggregated for the current search and filters. */
export function ChartPanel({ model }: { model: ChartModel | null }) {
  const columns = usePreviewStore((s) => s.columns);
  const chart = usePreviewStore((s) => s.chart);
  const setChart = usePreviewStore((s) => s.setChart);
  const title = `${chart.duplicateXAxis === 'sum' ? 'Total' : 'Average'} ${chart.column} by ${chart.xAxis}`;

  return (
    <div className="chart-panel">
      <div className="chart-controls">
        <Select label="X axis" value={chart.xAxis} options={columns} onChange={(xAxis) => setChart({ xAxis })} />
        <Select label="Value" value={chart.column} options={columns} onChange={(column) => setChart({ column })} />
        <Select label="Type" value={chart.type} options={PREVIEW_CHART_TYPES} labels={TYPE_LABELS} onChange={(type) => setChart({ type })} />
        <Select<DuplicateXAxis>
          label="Combine"
          value={chart.duplicateXAxis}
          options={['sum', 'average', 'count', 'count distinct', 'min', 'max']}
          labels={{ sum: 'Sum', average: 'Average', count: 'Count', 'count distinct': 'Count distinct', min: 'Min', max: 'Max' }}
          onChange={(duplicateXAxis) => setChart({ duplicateXAxis })}
        />
      </div>
      <h3 className="chart-title">{title}</h3>
      {model && (
        <>
          <ChartBoundary>
            <Suspense fallback={<div className="chart-canvas chart-loading">Loading chart…</div>}>
              <ChartView model={model} type={chart.type} label={title} />
            </Suspense>
          </ChartBoundary>
          <details className="chart-data">
            <summary>Chart data</summary>
            <table data-testid="chart-data">
              <thead>
                <tr>
                  <th scope="col">{chart.xAxis}</th>
                  {model.series.map((s) => (
                    <th key={s.name} scope="col">
                      {s.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {model.labels.map((label, i) => (
                  <tr key={`${label}-${i}`}>
                    <th scope="row">{label}</th>
                    {model.series.map((s) => (
                      <td key={s.name}>{formatNumber(s.data[i] ?? null)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </div>
  );
}
