import { render } from '@testing-library/react';
import type { ChartModel } from '../../core/types';
import ChartView from './ChartView';

const echarts = vi.hoisted(() => {
  const instance = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn() };
  return { instance, init: vi.fn(() => instance) };
});
vi.mock('./echarts', () => ({ init: echarts.init }));

const model: ChartModel = { labels: ['North', 'South'], series: [{ name: 'Amount', type: 'bar', data: [1, 2] }] };

describe('ChartView', () => {
  it('draws the model with the SVG renderer and disposes the chart on unmount', () => {
    const { getByTestId, unmount } = render(<ChartView model={model} type="bar" label="Total Amount by Region" />);
    expect(echarts.init).toHaveBeenCalledWith(getByTestId('chart'), null, { renderer: 'svg' });
    const [option] = echarts.instance.setOption.mock.calls.at(-1)!;
    expect(option.xAxis.data).toEqual(['North', 'South']);
    expect(option.series[0]).toMatchObject({ type: 'bar', data: [1, 2] });
    unmount();
    expect(echarts.instance.dispose).toHaveBeenCalled();
  });

  it('redraws when the type changes', () => {
    const { rerender } = render(<ChartView model={model} type="bar" label="x" />);
    rerender(<ChartView model={model} type="line" label="x" />);
    const [option] = echarts.instance.setOption.mock.calls.at(-1)!;
    expect(option.series[0].type).toBe('line');
  });
});
