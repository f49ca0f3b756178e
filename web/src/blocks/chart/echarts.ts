// The chart block's additions to the shared tree-shaken ECharts build
// (blocks/chart/base/echarts.ts registers bar, line, grid and tooltip): the other series types of
// blocks §3.3, the legend and radar components, label layout (labels that would overlap are
// hidden) and the canvas renderer, the only one a board draws with (large-data modes and PNG
// export for the PDF). Imported only by the chart block's lazy chunk, so neither boards without
// a chart nor the preview download any of it.
import { use as registerParts } from 'echarts/core';
import { PieChart, RadarChart, ScatterChart } from 'echarts/charts';
import { LegendComponent, RadarComponent } from 'echarts/components';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';
import { init } from './base/echarts';

// ECharts' own `use` (named so no linter takes it for a React hook): registers the parts drawn.
registerParts([PieChart, RadarChart, ScatterChart, LegendComponent, RadarComponent, LabelLayout, CanvasRenderer]);

export { init };
