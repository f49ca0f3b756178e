import type { ComposeOption } from 'echarts/core';
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ChartModel } from '../../core/types';
import type { PreviewChartType } from '../../store/chartSlice';

export type PreviewChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption
>;

/** Theme colours of spec §9. */
export const THEME = { ink: '#43464d', accent: '#d81f52', soft: '#f1eced', border: '#e7ebf3' };

/**
 * Maps the core's chart model onto an ECharts option. Pure layout: every number in it is one the
 * core computed; this only chooses axes, colours and series kinds.
 */
export function buildChartOption(model: ChartModel, type: PreviewChartType): PreviewChartOption {
  const horizontal = type === 'horizontal-bar';
  const category = {
    type: 'category' as const,
    data: model.labels,
    axisLine: { lineStyle: { color: THEME.border } },
    axisLabel: { color: THEME.ink },
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
    grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
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
