import { act, render } from '@testing-library/react';
import type { ChartModel } from '../../../generated/core';
import ChartView from './ChartView';

const echarts = vi.hoisted(() => {
  const instance = { setOption: vi.fn(), resize: vi.fn(), dispose: vi.fn(), on: vi.fn() };
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

  it('draws a ready option on the renderer asked for and hands out the instance', () => {
    const onChart = vi.fn();
    const option = { series: [{ type: 'pie', data: [1] }] };
    const { getByTestId, unmount } = render(<ChartView option={option} label="Pie" renderer="canvas" onChart={onChart} />);
    expect(echarts.init).toHaveBeenCalledWith(getByTestId('chart'), null, { renderer: 'canvas' });
    expect(echarts.instance.setOption).toHaveBeenLastCalledWith(option, { notMerge: true });
    expect(onChart).toHaveBeenLastCalledWith(echarts.instance);
    unmount();
    expect(onChart).toHaveBeenLastCalledWith(null);
  });

  it('reports a clicked data point', () => {
    const onPointClick = vi.fn();
    render(<ChartView option={{}} label="x" onPointClick={onPointClick} />);
    const [event, handler] = echarts.instance.on.mock.calls.at(-1)! as unknown as [string, (p: unknown) => void];
    expect(event).toBe('click');
    handler({ seriesIndex: 1, dataIndex: 2, name: 'East' });
    expect(onPointClick).toHaveBeenCalledWith({ seriesIndex: 1, dataIndex: 2, name: 'East' });
    handler({ componentType: 'legend' });
    expect(onPointClick).toHaveBeenCalledTimes(1);
  });

  describe('on a laid-out host', () => {
    let size = { width: 410, height: 300 };
    let report: () => void = () => undefined;
    beforeEach(() => {
      size = { width: 410, height: 300 };
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => size.width);
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => size.height);
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(callback: () => void) {
            report = callback;
          }
          observe() {
            // As browsers do: the size is reported once as observing starts.
            queueMicrotask(() => report());
          }
          disconnect() {}
        },
      );
      echarts.instance.setOption.mockClear();
      echarts.instance.resize.mockClear();
    });
    afterEach(() => {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    });

    it('draws once at the width it starts with, however often it renders (each draw redoes the whole layout)', async () => {
      const option = vi.fn((width: number) => ({ width }));
      const { rerender } = render(<ChartView option={option} label="x" renderer="canvas" />);
      await act(async () => undefined);
      rerender(<ChartView option={option} label="x" renderer="canvas" />);
      expect(option.mock.calls).toEqual([[400]]);
      expect(echarts.instance.setOption).toHaveBeenCalledTimes(1);
      expect(echarts.instance.resize).not.toHaveBeenCalled();
    });

    it('follows a resize, and redraws only when the width crosses a step', async () => {
      const option = vi.fn((width: number) => ({ width }));
      render(<ChartView option={option} label="x" renderer="canvas" />);
      await act(async () => undefined);
      size = { width: 430, height: 300 };
      act(() => report());
      expect(echarts.instance.resize).toHaveBeenCalledTimes(1);
      expect(option.mock.calls).toEqual([[400]]);
      size = { width: 250, height: 300 };
      act(() => report());
      expect(echarts.instance.resize).toHaveBeenCalledTimes(2);
      expect(option.mock.calls).toEqual([[400], [240]]);
    });
  });
});
