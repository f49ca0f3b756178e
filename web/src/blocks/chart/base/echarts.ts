// The ECharts parts every chart draws with (bar, line, grid, tooltip, data zoom), so the bundle
// carries nothing else. No renderer: the preview registers SVG (SvgChartView.ts) and the chart
// block canvas (blocks/chart/echarts.ts), so a board never downloads the one it does not draw
// with. Imported only from ChartView, which is loaded lazily, so a page without a chart never
// downloads this code.
import { init, use as registerParts } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomInsideComponent, DataZoomSliderComponent, GridComponent, TooltipComponent } from 'echarts/components';

// Data zoom: a category axis with more labels than fit scrolls (chartOption.ts categoryAxisLayout).
// ECharts' own `use` (named so no linter takes it for a React hook): registers the parts drawn.
registerParts([BarChart, LineChart, GridComponent, TooltipComponent, DataZoomSliderComponent, DataZoomInsideComponent]);

export { init };
export type { EChartsType } from 'echarts/core';
