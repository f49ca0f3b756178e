import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { DataZoomComponentOption, GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ChartModel } from '../../../generated/core';
import type { PreviewChartType } from '../../../store/chartSlice';

export type PreviewChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption | DataZoomComponentOption>;

/** Theme colours of spec §9. */
export const THEME = { ink: '#43464d', accent: '#d81f52', soft: '#f1eced', border: '#e7ebf3' };

/** Without a measured width a chart is taken to be this wide: a half-width block at 1280 px. */
export const UNMEASURED_CHART_WIDTH = 480;
/** The plot's height along a vertical category axis (the chart's height less its margins). */
const PLOT_HEIGHT = 220;
/** What the value axis and margins take from the chart's width. */
const VALUE_AXIS_ROOM = 64;
/** Room a label takes across its axis: a 12 px line, with air. */
const LINE_ROOM = 18;
/** Average width of a character of a 12 px label. */
const CHAR_WIDTH = 7;
/** Longest label drawn in full on the axis, in px; longer ones end in '…' (the tooltip has them whole). */
export const LABEL_WIDTH = 112;
/** The slider a scrolling axis gets, and the room it takes under (or beside) the plot. */
const SLIDER_ROOM = 28;

/** How a category axis shows its labels: all of them, turned, or in a window that scrolls. */
export interface CategoryAxisLayout {
  axisLabel: { interval: 0 | 'auto'; rotate: number; width: number; overflow: 'truncate'; hideOverlap: boolean };
  /** A slider and wheel/touch panning when not every category fits; none when they do. */
  dataZoom?: DataZoomComponentOption[];
  /** Extra room the slider needs at the bottom (vertical bars) or right (horizontal bars). */
  sliderRoom: number;
}

/**
 * The category axis of a chart `width` px wide never drops a label silently (issue 26): every
 * label is drawn (`interval: 0`), flat when they fit side by side, turned 45° when they do not,
 * and past what turned labels can fit the axis shows a window of categories with a slider to
 * scroll the rest. A label longer than LABEL_WIDTH ends in '…'; the axis tooltip names it whole.
 * Horizontal bars list the categories down the side, where they scroll once a line each no
 * longer fits.
 */
export function categoryAxisLayout(labels: readonly string[], horizontal: boolean, width = UNMEASURED_CHART_WIDTH): CategoryAxisLayout {
  const count = Math.max(labels.length, 1);
  const axisLabel = (rotate: number) => ({ interval: 0 as const, rotate, width: LABEL_WIDTH, overflow: 'truncate' as const, hideOverlap: false as const });
  const along = horizontal ? PLOT_HEIGHT : Math.max(width - VALUE_AXIS_ROOM, LINE_ROOM);
  const fits = Math.floor(along / LINE_ROOM);
  if (horizontal) return count <= fits ? { axisLabel: axisLabel(0), sliderRoom: 0 } : scrolling(axisLabel(0), fits, true);
  const longest = labels.reduce((n, label) => Math.max(n, label.length), 0);
  const flat = Math.min(longest * CHAR_WIDTH, LABEL_WIDTH) + 8;
  if (count * flat <= along) return { axisLabel: axisLabel(0), sliderRoom: 0 };
  // Turned 45°, a label needs a line's room times √2 along the axis.
  const turned = Math.floor(along / (LINE_ROOM * Math.SQRT2));
  if (count <= turned) return { axisLabel: axisLabel(45), sliderRoom: 0 };
  return scrolling(axisLabel(45), turned, false);
}

function scrolling(axisLabel: CategoryAxisLayout['axisLabel'], shown: number, horizontal: boolean): CategoryAxisLayout {
  const window = { startValue: 0, endValue: Math.max(shown, 2) - 1 };
  const axis = horizontal ? { yAxisIndex: 0 } : { xAxisIndex: 0 };
  const slider = horizontal
    ? { type: 'slider' as const, ...axis, ...window, right: 4, width: 16, showDetail: false, brushSelect: false }
    : { type: 'slider' as const, ...axis, ...window, bottom: 4, height: 16, showDetail: false, brushSelect: false };
  // Touch and trackpad pan the window; the wheel keeps scrolling the page.
  const inside = { type: 'inside' as const, ...axis, zoomOnMouseWheel: false, moveOnMouseWheel: false, moveOnMouseMove: true };
  return { axisLabel, dataZoom: [slider, inside], sliderRoom: SLIDER_ROOM };
}

/**
 * Maps the core's chart model onto an ECharts option. Pure layout: every number in it is one the
 * core computed; this only chooses axes, colours and series kinds.
 */
export function buildChartOption(model: ChartModel, type: PreviewChartType, width?: number): PreviewChartOption {
  const horizontal = type === 'horizontal-bar';
  const layout = categoryAxisLayout(model.labels, horizontal, width);
  const category = {
    type: 'category' as const,
    data: model.labels,
    axisLine: { lineStyle: { color: THEME.border } },
    axisLabel: { color: THEME.ink, ...layout.axisLabel },
    axisTick: { show: false },
  };
  const value = {
    type: 'value' as const,
    axisLabel: { color: THEME.ink },
    splitLine: { lineStyle: { color: THEME.border } },
  };
  const palette = [THEME.accent, THEME.ink, '#8a8d93'];
  return {
    animation: false,
    color: palette,
    textStyle: { fontFamily: "'Lexend Deca', sans-serif" },
    grid: { left: 8, right: 16 + (horizontal ? layout.sliderRoom : 0), top: 16, bottom: 8 + (horizontal ? 0 : layout.sliderRoom), containLabel: true },
    tooltip: { trigger: 'axis', confine: true },
    ...(layout.dataZoom ? { dataZoom: layout.dataZoom } : {}),
    xAxis: horizontal ? value : category,
    yAxis: horizontal ? category : value,
    series: model.series.map((s, i) =>
      type === 'line'
        ? ({
            type: 'line',
            name: s.name,
            data: s.data,
            smooth: false,
            symbolSize: 6,
            lineStyle: { width: 2, color: palette[i % palette.length] },
          } satisfies LineSeriesOption)
        : ({
            type: 'bar',
            name: s.name,
            data: s.data,
            barMaxWidth: 48,
            itemStyle: { borderRadius: horizontal ? [0, 4, 4, 0] : [4, 4, 0, 0] },
          } satisfies BarSeriesOption),
    ),
  };
}
