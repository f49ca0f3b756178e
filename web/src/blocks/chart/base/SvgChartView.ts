// The preview's chart: ChartView with the SVG renderer registered (crisp small charts, testable
// markup). Loaded lazily by ChartPanel; the chart block draws on canvas and never loads this.
import { use as registerParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// ECharts' own `use` (named so no linter takes it for a React hook).
registerParts([SVGRenderer]);

export { default } from './ChartView';
