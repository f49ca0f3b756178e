import type { ChartModel, ChartType } from '../../generated/core';
import type { ChartAxisItem, ChartConfig } from '../../generated/blockConfigs';
import { viewBlockOf } from '../../test/viewBlocks';
import { buildBlockChartOption, chartColours, formatChartValue, isLargeChart, LARGE_POINTS, seriesLeftOut } from './chartOptions';

type Loose = Record<string, any>;

function model(types: ChartType[], data: (number | null)[][] = types.map(() => [10, 20.5, null])): ChartModel {
  return {
    labels: data[0].map((_, i) => ['North', 'South', 'East', 'West'][i] ?? `L${i}`),
    series: types.map((type, i) => ({ name: `S${i + 1}`, type, data: data[i] })),
  };
}

/** A chart block's settings as stored, normalised as the block view gets them. */
const settingsOf = (config: Omit<ChartConfig, 'type'>) => viewBlockOf('chart', config);

function chart(types: ChartType[], settings: Partial<ChartConfig> = {}, axis: Partial<ChartAxisItem>[] = [], data?: (number | null)[][]) {
  const config = settingsOf({
    x_axis: 'Region',
    ...settings,
    axis: types.map((type, i) => ({ column: `S${i + 1}`, type, ...axis[i] })),
  });
  const option = buildBlockChartOption(model(types, data), config) as Loose;
  return { option, series: option.series as Loose[] };
}

describe('formatChartValue', () => {
  it('writes numbers as they are without Data_Format', () => {
    expect(formatChartValue(1234.5, { grouped: false, separator: 'dot' })).toBe('1234.5');
    expect(formatChartValue(0.1 + 0.2, { grouped: false, separator: 'dot' })).toBe('0.3');
  });
  it('groups thousands and keeps 2 decimals with Data_Format', () => {
    expect(formatChartValue(1234567.891, { grouped: true, separator: 'dot' })).toBe('1,234,567.89');
  });
  it('swaps the marks for a comma decimal separator', () => {
    expect(formatChartValue(1234.5, { grouped: true, separator: 'comma' })).toBe('1.234,5');
    expect(formatChartValue(1234.5, { grouped: false, separator: 'comma' })).toBe('1234,5');
  });
  it('writes a missing value as a dash', () => {
    expect(formatChartValue(null, { grouped: true, separator: 'dot' })).toBe('–');
  });
});

describe('series types', () => {
  it('bar: labels on the x category axis, values untouched', () => {
    const { option, series } = chart(['bar']);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['North', 'South', 'East'] });
    expect(option.yAxis).toMatchObject({ type: 'value' });
    expect(series[0]).toMatchObject({ type: 'bar', name: 'S1', data: [10, 20.5, null] });
  });

  it('horizontal-bar: categories on the y axis', () => {
    const { option, series } = chart(['horizontal-bar']);
    expect(option.xAxis).toMatchObject({ type: 'value' });
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['North', 'South', 'East'] });
    expect(series[0].type).toBe('bar');
  });

  it('line and scatter on the grid', () => {
    expect(chart(['line']).series[0].type).toBe('line');
    expect(chart(['scatter']).series[0].type).toBe('scatter');
  });

  it('mixed per axis: a line and a bar share one grid', () => {
    const { option, series } = chart(['bar', 'line']);
    expect(series.map((s) => s.type)).toEqual(['bar', 'line']);
    expect(option.xAxis.type).toBe('category');
    expect(option.tooltip.trigger).toBe('axis');
  });

  it('horizontal-bar in any position turns the chart: a bar and a horizontal-bar lie side by side', () => {
    const { option, series } = chart(['line', 'horizontal-bar']);
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['North', 'South', 'East'] });
    expect(option.xAxis).toMatchObject({ type: 'value' });
    expect(series.map((s) => s.type)).toEqual(['line', 'bar']);
  });

  it('never draws a pie or radar series of an older mixed chart as bars: it is left out and named', () => {
    const mixed = model(['bar', 'pie', 'line']);
    const option = buildBlockChartOption(
      mixed,
      settingsOf({
        x_axis: 'Region',
        axis: [
          { column: 'S1', type: 'bar', borderWidth: 1 },
          { column: 'S2', type: 'pie' },
          { column: 'S3', type: 'line', borderWidth: 3 },
        ],
      }),
    ) as Loose;
    expect((option.series as Loose[]).map((s) => [s.name, s.type])).toEqual([
      ['S1', 'bar'],
      ['S3', 'line'],
    ]);
    // The line keeps its own axis settings, not the left-out series'.
    expect((option.series as Loose[])[1].lineStyle.width).toBe(3);
    expect(seriesLeftOut(mixed).map((s) => s.name)).toEqual(['S2']);
    expect(seriesLeftOut(model(['bar', 'line']))).toEqual([]);
  });

  it('radar: one polygon per series on spokes named by the labels, one shared scale', () => {
    const { option, series } = chart(
      ['radar', 'radar'],
      {},
      [],
      [
        [1, 4, 9],
        [2, null, 3],
      ],
    );
    expect(option.radar.indicator.map((i: Loose) => i.name)).toEqual(['North', 'South', 'East']);
    const [first] = option.radar.indicator;
    expect(option.radar.indicator.every((i: Loose) => i.min === first.min && i.max === first.max)).toBe(true);
    expect(first.max).toBeGreaterThanOrEqual(9);
    expect(series.map((s) => s.type)).toEqual(['radar', 'radar']);
    expect(series[1].data[0].value).toEqual([2, '-', 3]);
    expect(option.xAxis).toBeUndefined();
  });

  it('pie: one sector per label with a value; a null is no sector', () => {
    const { series } = chart(['pie']);
    expect(series[0]).toMatchObject({ type: 'pie', radius: ['0%', '70%'] });
    expect(series[0].data).toEqual([
      { name: 'North', value: 10 },
      { name: 'South', value: 20.5 },
    ]);
    expect(series[0].roseType).toBeUndefined();
  });

  it('polarArea: a pie with equal angles and the value as radius (roseType area)', () => {
    const { series } = chart(['polarArea']);
    expect(series[0]).toMatchObject({ type: 'pie', roseType: 'area' });
  });

  it('several pies are rings, the first outermost', () => {
    const { series } = chart(['pie', 'pie']);
    expect(series[0].radius).toEqual(['35%', '70%']);
    expect(series[1].radius).toEqual(['0%', '35%']);
  });
});

describe('block settings', () => {
  it('legendPosition: top by default, bottom, hidden', () => {
    expect(chart(['bar']).option.legend).toMatchObject({ show: true, top: 0 });
    expect(chart(['bar'], { legendPosition: 'bottom' }).option.legend).toMatchObject({ show: true, bottom: 0 });
    expect(chart(['bar'], { legendPosition: 'hidden' }).option.legend).toEqual({ show: false });
    expect(chart(['pie'], { legendPosition: 'hidden' }).option.legend).toEqual({ show: false });
  });

  it('showScaleLabel names the axes after the x column and the series', () => {
    expect(chart(['bar', 'line']).option.xAxis.name).toBeUndefined();
    const { option } = chart(['bar', 'line'], { showScaleLabel: true });
    expect(option.xAxis.name).toBe('Region');
    expect(option.yAxis.name).toBe('S1, S2');
    const horizontal = chart(['horizontal-bar'], { showScaleLabel: true }).option;
    expect(horizontal.yAxis.name).toBe('Region');
    expect(chart(['radar'], { showScaleLabel: true }).option.radar.axisLabel.show).toBe(true);
  });

  it('stackAxis stacks bars and lines', () => {
    expect(chart(['bar', 'line']).series.every((s) => s.stack === undefined)).toBe(true);
    expect(chart(['bar', 'line'], { stackAxis: true }).series.map((s) => s.stack)).toEqual(['total', 'total']);
  });

  it('Data_Format groups the values of the value axis, labels and tooltips', () => {
    const plain = chart(['bar'], {}, [{ internal_labels: 'Value' }]);
    expect(plain.option.yAxis.axisLabel.formatter(12345.678)).toBe('12345.678');
    const formatted = chart(['bar'], { Data_Format: true }, [{ internal_labels: 'Value' }]);
    expect(formatted.option.yAxis.axisLabel.formatter(12345.678)).toBe('12,345.68');
    expect(formatted.series[0].label.formatter({ name: 'North', value: 12345.678 })).toBe('12,345.68');
    expect(formatted.series[0].tooltip.valueFormatter(1000)).toBe('1,000');
  });

  it('decimal separator comma writes the values with a decimal comma', () => {
    const { option, series } = chart(['bar'], { Data_Format: true }, [{ decimal_separator: 'comma', internal_labels: 'Value' }]);
    expect(series[0].label.formatter({ name: 'North', value: 1234.5 })).toBe('1.234,5');
    expect(series[0].tooltip.valueFormatter(0.5)).toBe('0,5');
    expect(option.yAxis.axisLabel.formatter(2000)).toBe('2.000');
  });

  it('beginAtZero keeps zero on the value axis; otherwise the axis fits the data, but bars always start at zero', () => {
    expect(chart(['line']).option.yAxis.scale).toBe(true);
    expect(chart(['line'], { beginAtZero: true }).option.yAxis.scale).toBe(false);
    expect(chart(['bar']).option.yAxis.scale).toBe(false);
    expect(chart(['scatter', 'bar']).option.yAxis.scale).toBe(false);
    expect(chart(['horizontal-bar']).option.xAxis.scale).toBe(false);
    const radar = chart(['radar'], { beginAtZero: true }, [], [[50, 60, 70]]).option.radar;
    expect(radar.indicator[0].min).toBe(0);
  });

  it('CustomStepSize + StepSize set the tick interval; StepSize alone does nothing', () => {
    expect(chart(['bar'], { StepSize: 5 }).option.yAxis.interval).toBeUndefined();
    expect(chart(['bar'], { CustomStepSize: true, StepSize: 5 }).option.yAxis.interval).toBe(5);
    expect(chart(['horizontal-bar'], { CustomStepSize: true, StepSize: 5 }).option.xAxis.interval).toBe(5);
    // A step that would draw thousands of ticks is ignored rather than freezing the page.
    expect(chart(['bar'], { CustomStepSize: true, StepSize: 0.001 }, [], [[0, 100000]]).option.yAxis.interval).toBeUndefined();
    const radar = chart(['radar'], { CustomStepSize: true, StepSize: 5, beginAtZero: true }, [], [[3, 12, 7]]).option.radar;
    expect(radar.indicator[0]).toMatchObject({ min: 0, max: 15 });
    expect(radar.splitNumber).toBe(3);
  });

  it('grid: X & Y by default, Only X Axis, Only Y Axis, None, in grid_color', () => {
    const lines = (grid?: ChartConfig['grid']) => {
      const { option } = chart(['bar'], { grid, grid_color: '#ff0000' });
      return [option.xAxis.splitLine.show, option.yAxis.splitLine.show, option.yAxis.splitLine.lineStyle.color];
    };
    expect(lines(undefined)).toEqual([true, true, '#ff0000']);
    expect(lines('X & Y')).toEqual([true, true, '#ff0000']);
    expect(lines('Only X Axis')).toEqual([true, false, '#ff0000']);
    expect(lines('Only Y Axis')).toEqual([false, true, '#ff0000']);
    expect(lines('None')).toEqual([false, false, '#ff0000']);
    expect(chart(['radar'], { grid: 'None' }).option.radar.splitLine.show).toBe(false);
    expect(chart(['radar'], { grid_color: '#00ff00' }).option.radar.splitLine.lineStyle.color).toBe('#00ff00');
  });
});

describe('axis settings', () => {
  it('backgroundColor list colours each bar and each sector, cycled', () => {
    const bar = chart(['bar'], {}, [{ backgroundColor: ['#111111', '#222222'] }]).series[0];
    expect([0, 1, 2].map((dataIndex) => bar.itemStyle.color({ dataIndex }))).toEqual(['#111111', '#222222', '#111111']);
    const pie = chart(['pie'], {}, [{ backgroundColor: ['#aaaaaa', '#bbbbbb'] }]).series[0];
    expect(pie.itemStyle.color({ dataIndex: 1 })).toBe('#bbbbbb');
  });

  it('backgroundColor of a line or radar is the series colour', () => {
    const line = chart(['line'], {}, [{ backgroundColor: ['#123456', '#abcdef'] }]).series[0];
    expect(line.itemStyle.color).toBe('#123456');
    const radar = chart(['radar'], {}, [{ backgroundColor: ['#123456'] }]).series[0];
    expect(radar.areaStyle.color).toBe('#123456');
  });

  it('a single backgroundColor is a plain series colour', () => {
    expect(chart(['bar'], {}, [{ backgroundColor: ['#111111'] }]).series[0].itemStyle.color).toBe('#111111');
    expect(chart(['bar']).series[0].itemStyle.color).toBeUndefined();
  });

  it('borderColor and borderWidth outline bars and sectors and stroke lines', () => {
    const bar = chart(['bar'], {}, [{ borderColor: '#000000', borderWidth: 3 }]).series[0];
    expect(bar.itemStyle).toMatchObject({ borderColor: '#000000', borderWidth: 3 });
    const pie = chart(['pie'], {}, [{ borderColor: '#000000', borderWidth: 0 }]).series[0];
    expect(pie.itemStyle).toMatchObject({ borderColor: '#000000', borderWidth: 0 });
    const line = chart(['line'], {}, [{ borderColor: '#000000', borderWidth: 4 }]).series[0];
    expect(line.lineStyle).toEqual({ width: 4, color: '#000000' });
    expect(chart(['line']).series[0].lineStyle.width).toBe(1);
    expect(chart(['line'], {}, [{ borderWidth: 9 }]).series[0].lineStyle.width).toBe(5);
  });

  it('internal_labels: None, Name, Value, Name and value', () => {
    const label = (internal_labels?: ChartAxisItem['internal_labels']) => chart(['bar'], {}, [{ internal_labels }]).series[0].label;
    expect(label(undefined)).toEqual({ show: false });
    expect(label('None')).toEqual({ show: false });
    const p = { name: 'North', value: 10.5 };
    expect(label('Name').formatter(p)).toBe('North');
    expect(label('Value').formatter(p)).toBe('10.5');
    expect(label('Name and value').formatter(p)).toBe('North: 10.5');
    expect(label('Value').show).toBe(true);
    const pie = chart(['pie'], {}, [{ internal_labels: 'Name and value' }]).series[0];
    expect(pie.label).toMatchObject({ show: true, position: 'inside' });
    const radar = chart(['radar'], {}, [{ internal_labels: 'Name' }]).series[0];
    expect(radar.label.formatter({ value: [1, 2, 3], dimensionIndex: 1 })).toBe('South');
  });

  it('spanGaps bridges missing values of a line', () => {
    expect(chart(['line']).series[0].connectNulls).toBe(false);
    expect(chart(['line'], {}, [{ spanGaps: true }]).series[0].connectNulls).toBe(true);
  });

  it('pointRadius 0 hides points, they show on hover at pointHoverRadius', () => {
    expect(chart(['line']).series[0]).toMatchObject({ symbol: 'none', showSymbol: false });
    expect(chart(['line'], {}, [{ pointHoverRadius: 4 }]).series[0]).toMatchObject({ showSymbol: false, symbolSize: 8 });
  });

  it('pointRadius sizes the points and pointHoverRadius grows them on hover', () => {
    const line = chart(['line'], {}, [{ pointRadius: 2, pointHoverRadius: 4 }]).series[0];
    expect(line).toMatchObject({ showSymbol: true, symbolSize: 4, emphasis: { scale: 2 } });
    expect(line.symbol).toBeUndefined();
    expect(chart(['line'], {}, [{ pointRadius: 3 }]).series[0].emphasis.scale).toBe(false);
    expect(chart(['scatter'], {}, [{ pointRadius: 5 }]).series[0].symbolSize).toBe(10);
    expect(chart(['radar'], {}, [{ pointRadius: 1 }]).series[0]).toMatchObject({ symbol: 'circle', symbolSize: 2 });
    expect(chart(['radar']).series[0].symbol).toBe('none');
  });

  it('a scatter point with radius 0 still shows at a default size', () => {
    expect(chart(['scatter']).series[0].symbolSize).toBe(10);
  });
});

describe('large data', () => {
  const big = (n: number) => Array.from({ length: n }, (_, i) => i % 97);

  it('keeps small charts in the normal modes', () => {
    const { option, series } = chart(['bar', 'line', 'scatter']);
    expect(option.animation).toBe(true);
    expect(series.every((s) => s.large === undefined && s.sampling === undefined)).toBe(true);
    expect(isLargeChart(model(['bar']))).toBe(false);
  });

  it('draws 100,000 points with large bars and scatter, LTTB lines, no labels and no animation', () => {
    const data = [big(100_000), big(100_000), big(100_000)];
    const { option, series } = chart(['bar', 'line', 'scatter'], {}, [{ internal_labels: 'Value' }, { internal_labels: 'Value', pointRadius: 3 }, {}], data);
    expect(option.animation).toBe(false);
    expect(series[0]).toMatchObject({ large: true, largeThreshold: LARGE_POINTS, progressive: expect.any(Number), progressiveThreshold: expect.any(Number) });
    expect(series[0].label).toEqual({ show: false });
    expect(series[1]).toMatchObject({ sampling: 'lttb', showSymbol: false, symbol: 'none' });
    expect(series[1].label).toEqual({ show: false });
    expect(series[2]).toMatchObject({ large: true, largeThreshold: LARGE_POINTS });
    expect(isLargeChart(model(['line'], [big(LARGE_POINTS + 1)]))).toBe(true);
  });

  it('builds the option for 100,000 points quickly', () => {
    const data = [big(100_000), big(100_000)];
    const started = performance.now();
    chart(['bar', 'line'], { stackAxis: true, CustomStepSize: true, StepSize: 10 }, [], data);
    expect(performance.now() - started).toBeLessThan(500);
  });
});

describe('category labels (issue 26: no label dropped silently)', () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => i);
  const labelled = (n: number, type: ChartType, width: number) => {
    const config = settingsOf({ x_axis: 'Region', axis: [{ column: 'S1', type }] });
    const data: ChartModel = { labels: many(n).map((i) => `Region ${i + 1}`), series: [{ name: 'S1', type, data: many(n) }] };
    return buildBlockChartOption(data, config, width) as Loose;
  };

  it('draws all 8 labels of a half-width bar chart, turned, with no scrolling', () => {
    const option = labelled(8, 'bar', 300);
    expect(option.xAxis.axisLabel).toMatchObject({ interval: 0, rotate: 45, hideOverlap: false });
    expect(option.dataZoom).toBeUndefined();
    expect(labelled(8, 'bar', 900).xAxis.axisLabel).toMatchObject({ interval: 0, rotate: 0 });
  });

  it('scrolls 60 categories with a slider, each label in view drawn, and keeps room for the slider', () => {
    const option = labelled(60, 'bar', 480);
    expect(option.xAxis.axisLabel).toMatchObject({ interval: 0, rotate: 45 });
    expect(option.dataZoom[0]).toMatchObject({ type: 'slider', xAxisIndex: 0, startValue: 0 });
    expect(option.grid.bottom).toBe(8 + 28);
    expect(option.tooltip).toMatchObject({ trigger: 'axis' });
  });

  it('scrolls the side axis of horizontal bars', () => {
    const option = labelled(60, 'horizontal-bar', 480);
    expect(option.yAxis.axisLabel).toMatchObject({ interval: 0, rotate: 0 });
    expect(option.dataZoom[0]).toMatchObject({ type: 'slider', yAxisIndex: 0 });
    expect(option.grid.right).toBe(16 + 28);
  });

  it('thins the labels of a large chart, read whole, instead of scrolling thousands', () => {
    const option = labelled(LARGE_POINTS + 1, 'line', 480);
    expect(option.xAxis.axisLabel).toMatchObject({ interval: 'auto', hideOverlap: true });
    expect(option.dataZoom).toBeUndefined();
  });
});

describe('chart colours from the theme (issue 47)', () => {
  const data = model(['bar', 'line']);
  const stored = {
    x_axis: 'Region',
    axis: [
      { column: 'S1', type: 'bar' as const },
      { column: 'S2', type: 'line' as const },
    ],
  };

  it("gives the first series the board's accent, the spec button colour by default", () => {
    expect((buildBlockChartOption(data, settingsOf(stored)) as Loose).color[0]).toBe('#4f46E5');
    const teal = buildBlockChartOption(data, settingsOf(stored), 480, chartColours({ accent: '#0f766e', look: 'light', palette: [] })) as Loose;
    expect(teal.color.slice(0, 2)).toEqual(['#0f766e', '#43464d']);
    expect(teal.color).not.toContain('#4f46E5');
  });

  it("uses the owner's palette instead, and a series' own colour over both", () => {
    const palette = chartColours({ accent: '#0f766e', look: 'light', palette: ['#111111', '#222222'] });
    expect((buildBlockChartOption(data, settingsOf(stored), 480, palette) as Loose).color).toEqual(['#111111', '#222222']);
    const own = settingsOf({ ...stored, axis: [{ column: 'S1', type: 'bar', backgroundColor: ['#ff0000'] }, stored.axis[1]] });
    expect((buildBlockChartOption(data, own, 480, palette) as Loose).series[0].itemStyle.color).toBe('#ff0000');
  });

  it('writes light labels and dim grid lines on the dark look', () => {
    const dark = buildBlockChartOption(data, settingsOf(stored), 480, chartColours({ accent: '#0f766e', look: 'dark', palette: [] })) as Loose;
    expect(dark.xAxis.axisLabel.color).toBe('#d5d8de');
    expect(dark.xAxis.axisLine.lineStyle.color).toBe('#363b45');
    expect(dark.legend.textStyle.color).toBe('#d5d8de');
  });
});

describe('the server texts of a chart (formatted values)', () => {
  const stored = { x_axis: 'Region', Data_Format: true, axis: [{ column: 'Revenue', type: 'bar' as const }] };
  const config = () => settingsOf(stored);
  const data: ChartModel = { labels: ['North', 'South', 'East'], series: [{ name: 'Revenue', type: 'bar', data: [1067.7, null, 2000] }] };
  const texts = { series: [['$1,067.70', null, '$2,000.00']], axis: [{ prefix: '$', suffix: '', scale: 1 }] };

  it('writes tooltips with the server texts and the value axis with the column currency', () => {
    const option = buildBlockChartOption(data, config(), 600, undefined, texts) as Loose;
    expect(option.series[0].tooltip.valueFormatter(1067.7, 0)).toBe('$1,067.70');
    expect(option.series[0].tooltip.valueFormatter(2000, 2)).toBe('$2,000.00');
    expect(option.yAxis.axisLabel.formatter(1500)).toBe('$1,500');
  });

  it('scales a percent axis and picks the texts of the drawn pie sectors', () => {
    const percent = { series: [['25%', null, '50%']], axis: [{ prefix: '', suffix: '%', scale: 100 }] };
    expect((buildBlockChartOption(data, config(), 600, undefined, percent) as Loose).yAxis.axisLabel.formatter(0.25)).toBe('25%');
    const pie = { ...data, series: [{ ...data.series[0], type: 'pie' as const }] };
    const option = buildBlockChartOption(pie, settingsOf({ ...stored, axis: [{ column: 'Revenue', type: 'pie' }] }), 600, undefined, texts) as Loose;
    // The sector without a value is not drawn, so the second sector is East.
    expect(option.series[0].tooltip.valueFormatter(2000, 1)).toBe('$2,000.00');
  });

  it('writes a radar with the server texts: labels by spoke, the scale and tooltips with the currency', () => {
    const radar = { ...data, series: [{ ...data.series[0], type: 'radar' as const }] };
    const config = settingsOf({ ...stored, showScaleLabel: true, axis: [{ column: 'Revenue', type: 'radar', internal_labels: 'Value' }] });
    const option = buildBlockChartOption(radar, config, 600, undefined, texts) as Loose;
    expect(option.series[0].label.formatter({ value: [1067.7, null, 2000], dimensionIndex: 2, dataIndex: 0 })).toBe('$2,000.00');
    expect(option.radar.axisLabel.formatter(1500)).toBe('$1,500');
    expect(option.series[0].tooltip.valueFormatter(1067.7)).toBe('$1,067.7');
  });

  it('formats as before without server texts (the editor preview)', () => {
    const option = buildBlockChartOption(data, config(), 600) as Loose;
    expect(option.series[0].tooltip.valueFormatter(1067.7, 0)).toBe('1,067.7');
    expect(option.yAxis.axisLabel.formatter(1500)).toBe('1,500');
  });
});
