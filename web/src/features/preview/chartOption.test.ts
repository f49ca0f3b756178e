import { buildChartOption } from './chartOption';

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
