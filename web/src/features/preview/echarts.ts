// The ECharts build for the preview: only the charts, components and renderer it draws with are
// registered, so the bundle carries nothing else. Imported only from ChartView, which is loaded
// lazily, so a page without a chart never downloads this code.
import { init, use } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GridComponent, TooltipComponent, SVGRenderer]);

export { init };
export type { EChartsType } from 'echarts/core';
