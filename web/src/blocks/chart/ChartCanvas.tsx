// The chart block's lazy chunk: ECharts with the block's series types registered, and the
// shared chart view that draws an option with it.
import './echarts';

export { default } from './base/ChartView';
