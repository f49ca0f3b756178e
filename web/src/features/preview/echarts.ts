// The ECharts build for the preview: only the charts, components and renderer it draws with are
// registered, so the bundle carries nothing else. Imported only from ChartView, which is loaded
// lazily, so a page without a chart never downloads this code.
import { init, use as registerParts } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { DataZoomInsideComponent, DataZoomSliderComponent, GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// Data zoom: a category axis with more labels than fit scrolls (chartOption.ts categoryAxisLayout).
// ECharts' own `use` (named so no linter takes it for a React hook): registers the parts drawn.
registerParts([BarChart, LineChart, GridComponent, TooltipComponent, DataZoomSliderComponent, DataZoomInsideComponent, SVGRenderer]);

export { init };
export type { EChartsType } from 'echarts/core';
