import { buildChartOption, categoryAxisLayout, LABEL_WIDTH } from './chartOption';

const model = {
  labels: ['North', 'South'],
  series: [{ name: 'Amount', type: 'bar' as const, data: [22256.75, null] }],
};

describe('buildChartOption', () => {
  it('puts the labels on the category axis and keeps the core values untouched', () => {
    const option = buildChartOption(model, 'bar');
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['North', 'South'] });
    expect(option.yAxis).toMatchObject({ type: 'value' });
    expect(option.series).toEqual([expect.objectContaining({ type: 'bar', name: 'Amount', data: [22256.75, null] })]);
  });

  it('swaps the axes for a horizontal bar chart', () => {
    const option = buildChartOption(model, 'horizontal-bar');
    expect(option.xAxis).toMatchObject({ type: 'value' });
    expect(option.yAxis).toMatchObject({ type: 'category', data: ['North', 'South'] });
  });

  it('draws line series for a line chart', () => {
    expect(buildChartOption(model, 'line').series).toEqual([expect.objectContaining({ type: 'line' })]);
  });
});

describe('category axis labels (issue 26: a chart labels every bar)', () => {
  const labels = (n: number, name = 'Region') => Array.from({ length: n }, (_, i) => `${name} ${i + 1}`);

  it('draws every one of 8 short labels flat on a full-width chart', () => {
    const layout = categoryAxisLayout(labels(8, 'R'), false, 900);
    expect(layout.axisLabel).toMatchObject({ interval: 0, rotate: 0, hideOverlap: false });
    expect(layout.dataZoom).toBeUndefined();
  });

  it('turns 8 labels that do not fit side by side instead of dropping any', () => {
    const layout = categoryAxisLayout(labels(8, 'North-east region'), false, 480);
    expect(layout.axisLabel).toMatchObject({ interval: 0, rotate: 45, hideOverlap: false, overflow: 'truncate', width: LABEL_WIDTH });
    expect(layout.dataZoom).toBeUndefined();
  });

  it('scrolls 60 labels through a window with a slider, every label in the window drawn', () => {
    const layout = categoryAxisLayout(labels(60), false, 480);
    expect(layout.axisLabel).toMatchObject({ interval: 0, rotate: 45 });
    expect(layout.dataZoom).toEqual([
      expect.objectContaining({ type: 'slider', xAxisIndex: 0, startValue: 0, endValue: 15 }),
      expect.objectContaining({ type: 'inside', xAxisIndex: 0, zoomOnMouseWheel: false }),
    ]);
    expect(layout.sliderRoom).toBeGreaterThan(0);
    // The same 60 on a full-width chart show more at once.
    expect(categoryAxisLayout(labels(60), false, 1100).dataZoom?.[0]).toMatchObject({ endValue: 39 });
  });

  it('lists horizontal bars down the side and scrolls them past what fits', () => {
    expect(categoryAxisLayout(labels(8), true).dataZoom).toBeUndefined();
    expect(categoryAxisLayout(labels(60), true).dataZoom?.[0]).toMatchObject({ type: 'slider', yAxisIndex: 0, endValue: 11 });
  });

  it('puts the layout into the preview option: all labels, and the slider with room under the plot', () => {
    const many = { labels: labels(60), series: [{ name: 'Amount', type: 'bar' as const, data: labels(60).map((_, i) => i) }] };
    const option = buildChartOption(many, 'bar', 480);
    expect(option.xAxis).toMatchObject({ axisLabel: { interval: 0, rotate: 45 } });
    expect(option.dataZoom).toHaveLength(2);
    expect(option.grid).toMatchObject({ bottom: 8 + 28 });
    expect(option.tooltip).toMatchObject({ trigger: 'axis' });
  });
});
