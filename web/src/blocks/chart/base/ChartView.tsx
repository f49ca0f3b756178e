import { useEffect, useRef, useState } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartModel } from '../../../generated/core';
import type { PreviewChartType } from '../../../store/chartSlice';
import { buildChartOption, UNMEASURED_CHART_WIDTH } from './chartOption';
import { init, type EChartsType } from './echarts';

/** A clicked data point: which series and which category (its place in the labels). */
export interface ChartPoint {
  seriesIndex: number;
  dataIndex: number;
  name: string;
}

interface CommonProps {
  label: string;
  /**
   * SVG (the default) keeps small charts crisp and testable; the chart block uses canvas, which
   * draws ECharts' large modes fast and exports a PNG for the PDF. Whoever loads this view
   * registers its renderer: SvgChartView.ts for SVG, blocks/chart/echarts.ts for canvas.
   */
  renderer?: 'svg' | 'canvas';
  /** Called with the ECharts instance once it exists, and with null when it is disposed. */
  onChart?: (chart: EChartsType | null) => void;
  /** Called when a data point (bar, sector, symbol) is clicked. */
  onPointClick?: (point: ChartPoint) => void;
}

/**
 * The preview's model and type, or the option the chart block builds, for the chart's width in px
 * (its category labels turn or scroll when they do not fit).
 */
type Props = CommonProps &
  (
    | { model: ChartModel; type: PreviewChartType; option?: undefined }
    | { option: EChartsCoreOption | ((width: number) => EChartsCoreOption); model?: undefined; type?: undefined }
  );

/** Widths are followed in steps this size, so a resize redraws the option only when labels could change. */
const WIDTH_STEP = 40;

/** The host's width rounded down to a step, or undefined while it has none (not laid out, or jsdom). */
function steppedWidth(el: HTMLElement | null): number | undefined {
  return el && el.clientWidth > 0 ? Math.floor(el.clientWidth / WIDTH_STEP) * WIDTH_STEP : undefined;
}

/** What a chart was last drawn from: drawing it again would only redo ECharts' whole layout. */
interface Drawn {
  instance: EChartsType;
  source: Props['option'] | ChartModel | undefined;
  type: PreviewChartType | undefined;
  width: number | undefined;
}

/** Draws the chart with ECharts. Default export so it can be loaded with React.lazy. */
export default function ChartView({ model, type, option, label, renderer = 'svg', onChart, onPointClick }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<EChartsType | null>(null);
  const [width, setWidth] = useState<number | undefined>(undefined);
  // Every setOption rebuilds the chart (notMerge), the costliest step of a board's first paint (issue 31).
  const drawn = useRef<Drawn | null>(null);
  // The latest callbacks, read by the handlers bound once per instance.
  const callbacks = useRef({ onChart, onPointClick });
  callbacks.current = { onChart, onPointClick };

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const instance = init(el, null, { renderer });
    chart.current = instance;
    instance.on('click', (params: unknown) => {
      const p = params as Partial<ChartPoint>;
      if (typeof p.dataIndex === 'number') {
        callbacks.current.onPointClick?.({ seriesIndex: p.seriesIndex ?? 0, dataIndex: p.dataIndex, name: String(p.name ?? '') });
      }
    });
    callbacks.current.onChart?.(instance);
    const measure = () => {
      const stepped = steppedWidth(el);
      if (stepped !== undefined) setWidth(stepped);
    };
    measure();
    // ECharts took the host's size as it started; observing reports that size once more at once.
    let size = [el.clientWidth, el.clientHeight];
    const observer = new ResizeObserver(() => {
      if (el.clientWidth === size[0] && el.clientHeight === size[1]) return;
      size = [el.clientWidth, el.clientHeight];
      instance.resize();
      measure();
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      callbacks.current.onChart?.(null);
      instance.dispose();
      chart.current = null;
    };
  }, [renderer]);

  useEffect(() => {
    const instance = chart.current;
    if (!instance) return;
    // The width is read here on the first draw, so it is not drawn again once the state has it.
    const at = width ?? steppedWidth(host.current);
    const source = option ?? model;
    const last = drawn.current;
    if (last && last.instance === instance && last.source === source && last.type === type && last.width === at) return;
    const built = model && type ? buildChartOption(model, type, at) : null;
    const next = typeof option === 'function' ? option(at ?? UNMEASURED_CHART_WIDTH) : (option ?? built);
    if (!next) return;
    instance.setOption(next, { notMerge: true });
    drawn.current = { instance, source, type, width: at };
  }, [model, type, option, renderer, width]);

  return <div ref={host} className="chart-canvas" role="img" aria-label={label} data-testid="chart" />;
}
