import { useEffect, useRef } from 'react';
import type { ChartModel } from '../../core/types';
import type { PreviewChartType } from '../../store/chartSlice';
import { buildChartOption } from './chartOption';
import { init, type EChartsType } from './echarts';

interface Props {
  model: ChartModel;
  type: PreviewChartType;
  label: string;
}

/** Draws the model with ECharts. Default export so it can be loaded with React.lazy. */
export default function ChartView({ model, type, label }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const instance = init(el, null, { renderer: 'svg' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(buildChartOption(model, type), { notMerge: true });
  }, [model, type]);

  return <div ref={host} className="chart-canvas" role="img" aria-label={label} data-testid="chart" />;
}
