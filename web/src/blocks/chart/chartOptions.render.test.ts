// The options of chartOptions.ts drawn by the real ECharts (server-side SVG rendering, which
// needs no canvas): every series type and setting combination is accepted and draws what the
// option says (labels, colours), and a large chart renders in bounded time.
import { use as registerParts } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import { init } from './echarts';
import type { ChartModel, ChartType } from '../../generated/core';
import type { ChartConfig, ChartSettings } from '../../generated/blockConfigs';
import { viewBlockOf } from '../../test/viewBlocks';
import { buildBlockChartOption } from './chartOptions';

// The block draws on canvas, which needs a browser; the markup comes from the SVG renderer.
registerParts([SVGRenderer]);

function draw(model: ChartModel, config: ChartSettings): string {
  const chart = init(null as unknown as HTMLElement, null, { renderer: 'svg', ssr: true, width: 640, height: 400 });
  chart.setOption(buildBlockChartOption(model, config));
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

const model = (types: ChartType[]): ChartModel => ({
  labels: ['North', 'South', 'East'],
  series: types.map((type, i) => ({ name: `Series ${i + 1}`, type, data: [1234.5 * (i + 1), null, 300] })),
});

/** Stored settings, normalised as the block view gets them. */
const config = (types: ChartType[], settings: Partial<ChartConfig> = {}, axis: Record<string, unknown> = {}): ChartSettings =>
  viewBlockOf('chart', {
    x_axis: 'Region',
    ...settings,
    axis: types.map((type, i) => ({ column: `Series ${i + 1}`, type, ...axis })),
  });

describe('chart options drawn by ECharts', () => {
  const cases: ChartType[][] = [
    ['bar'],
    ['horizontal-bar'],
    ['line'],
    ['scatter'],
    ['radar'],
    ['pie'],
    ['polarArea'],
    ['bar', 'line'],
    ['pie', 'pie'],
    ['radar', 'bar'],
  ];
  it.each(cases.map((types) => [types.join(' + '), types] as const))('draws %s with labels, colours and every setting on', (_, types) => {
    const svg = draw(
      model(types),
      config(
        types,
        {
          legendPosition: 'bottom',
          showScaleLabel: true,
          stackAxis: true,
          Data_Format: true,
          beginAtZero: true,
          CustomStepSize: true,
          StepSize: 500,
          grid: 'Only Y Axis',
          grid_color: '#00ff00',
        },
        {
          internal_labels: 'Name and value',
          backgroundColor: ['#aa0000', '#00aa00'],
          borderColor: '#0000aa',
          borderWidth: 2,
          pointRadius: 3,
          pointHoverRadius: 5,
          spanGaps: true,
          decimal_separator: 'comma',
        },
      ),
    );
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('North');
    // The backgroundColor list colours bars, sectors and points; lines and radars take its first.
    expect(svg).toMatch(/#aa0000/i);
    // Data_Format with a comma separator, in an internal label (pie, bar) or the value axis.
    expect(svg).toMatch(/1\.234,5|1\.000|1\.500|2\.469/);
  });

  it('draws 100,000 points of each cartesian type in bounded time; lines are LTTB-sampled', () => {
    const n = 100_000;
    const labels = Array.from({ length: n }, (_, i) => `P${i}`);
    const data = labels.map((_, i) => Math.sin(i / 100) * 100);
    for (const type of ['line', 'bar', 'scatter'] as const) {
      const started = performance.now();
      const svg = draw({ labels, series: [{ name: 'Wave', type, data }] }, config([type]));
      // Measured about 0.4-0.8 s each on one core with the SVG renderer; canvas is faster.
      expect(performance.now() - started).toBeLessThan(10_000);
      // 100,000 points sampled to the 640 px width: one short path, not 100,000 segments.
      if (type === 'line') expect(svg.length).toBeLessThan(100_000);
    }
  });
});
