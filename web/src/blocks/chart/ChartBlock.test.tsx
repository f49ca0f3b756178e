import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import type { BoardBlock } from '../../generated/api';
import type { BlockView } from '../data/types';
import { ChartBlock, SUMMARY_ROWS } from './ChartBlock';
import { fakeSource } from './fakeSource';
import { viewBlockOf } from '../../test/viewBlocks';

const canvas = vi.hoisted(() => ({
  props: null as any,
  instance: { getDataURL: vi.fn(() => 'data:image/png;base64,AAAA') },
}));

// ECharts needs a real canvas; the lazy chunk is replaced by a stand-in that keeps its props and
// hands the block a fake instance.
vi.mock('./ChartCanvas', () => ({
  default: function ChartCanvasStandIn(props: any) {
    canvas.props = props;
    // Once, as the real canvas hands over its instance once.
    useEffect(() => {
      props.onChart?.(canvas.instance);
      return () => props.onChart?.(null);
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    return <div data-testid="chart" role="img" aria-label={props.label} />;
  },
}));

const pdf = vi.hoisted(() => ({ downloadImagePdf: vi.fn(() => Promise.resolve()) }));
vi.mock('../pdf/pdf', () => pdf);

const view: BlockView = {
  kind: 'chart',
  chart: {
    labels: ['North', 'South'],
    series: [
      { name: 'Sales', type: 'bar', data: [1234.5, null] },
      { name: 'Target', type: 'line', data: [1000, 2000] },
    ],
  },
};

function block(settings: Record<string, unknown> = {}): BoardBlock {
  return {
    id: 'c1',
    type: 'chart',
    title: 'Sales by region',
    sheet_title: 'Orders',
    x_axis: 'Region',
    pdf_download: true,
    axis: [
      { column: 'Sales', type: 'bar' },
      { column: 'Target', type: 'line' },
    ],
    ...settings,
  };
}

beforeEach(() => {
  canvas.props = null;
  canvas.instance.getDataURL.mockImplementation(() => 'data:image/png;base64,AAAA');
  pdf.downloadImagePdf.mockImplementation(() => Promise.resolve());
});

describe('ChartBlock', () => {
  it('asks the server for the view and draws its series with the block settings on canvas', async () => {
    const source = fakeSource(view);
    render(<ChartBlock block={viewBlockOf('chart', block({ stackAxis: true }))} source={source} />);
    expect(await screen.findByTestId('chart')).toHaveAccessibleName('Sales by region: Sales, Target by Region');
    expect(source.viewCalls).toEqual([{ block: expect.objectContaining({ id: 'c1' }), extra: {} }]);
    expect(canvas.props.renderer).toBe('canvas');
    // The option is built for the chart's measured width, so its labels fit (issue 26).
    const option = canvas.props.option(480);
    expect(option.xAxis.data).toEqual(['North', 'South']);
    expect(option.xAxis.axisLabel).toMatchObject({ interval: 0 });
    expect(option.series.map((s: any) => [s.type, s.stack])).toEqual([
      ['bar', 'total'],
      ['line', 'total'],
    ]);
  });

  it('gives screen readers the values in a table', async () => {
    render(<ChartBlock block={viewBlockOf('chart', block({ Data_Format: true }))} source={fakeSource(view)} />);
    const table = await screen.findByRole('table');
    // Hidden by a box around it: a table's rows would outgrow a 1 px table and lengthen the page.
    expect(table.parentElement).toHaveClass('visually-hidden');
    expect(within(table).getByRole('columnheader', { name: 'Region' })).toBeInTheDocument();
    const north = within(table).getByRole('row', { name: /North/ });
    expect(
      within(north)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1,234.5', '1,000']);
    const south = within(table).getByRole('row', { name: /South/ });
    expect(within(south).getAllByRole('cell')[0]).toHaveTextContent('–');
  });

  it('summarises a very long series instead of reading out every point', async () => {
    const labels = Array.from({ length: 5000 }, (_, i) => `L${i}`);
    const big: BlockView = { kind: 'chart', chart: { labels, series: [{ name: 'Sales', type: 'line', data: labels.map((_, i) => i) }] } };
    render(<ChartBlock block={viewBlockOf('chart', block())} source={fakeSource(big)} />);
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(SUMMARY_ROWS + 1);
    expect(table.querySelector('caption')).toHaveTextContent(`the first ${SUMMARY_ROWS} of 5000 values`);
  });

  it('exports the chart picture to PDF with the title and the active filters', async () => {
    const user = userEvent.setup();
    render(<ChartBlock block={viewBlockOf('chart', block())} source={fakeSource(view, ['Region = North'])} />);
    await user.click(await screen.findByRole('button', { name: 'More actions: Sales by region' }));
    const item = screen.getByRole('menuitem', { name: 'Download PDF' });
    // Enabled once the chart is drawn: the PDF holds its picture.
    await waitFor(() => expect(item).not.toHaveAttribute('aria-disabled'));
    await user.click(item);
    expect(canvas.instance.getDataURL).toHaveBeenCalledWith(expect.objectContaining({ type: 'png' }));
    expect(pdf.downloadImagePdf).toHaveBeenCalledWith('Sales by region', 'data:image/png;base64,AAAA', ['Region = North']);
  });

  it('shows no menu of exports when pdf_download is off', async () => {
    render(<ChartBlock block={viewBlockOf('chart', block({ pdf_download: false }))} source={fakeSource(view)} />);
    await screen.findByTestId('chart');
    expect(screen.queryByRole('button', { name: /More actions/ })).not.toBeInTheDocument();
  });

  it('colours its menu button with toolbar_icon_color', async () => {
    render(<ChartBlock block={viewBlockOf('chart', block({ toolbar_icon_color: '#123456' }))} source={fakeSource(view)} />);
    expect(await screen.findByRole('button', { name: 'More actions: Sales by region' })).toHaveStyle({ color: '#123456' });
  });

  it('shows the clicked category in the details popup with show_details_on_click', async () => {
    render(<ChartBlock block={viewBlockOf('chart', block({ show_details_on_click: true }))} source={fakeSource(view)} />);
    await screen.findByTestId('chart');
    act(() => canvas.props.onPointClick({ seriesIndex: 0, dataIndex: 0, name: 'North' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Region').nextSibling).toHaveTextContent('North');
    expect(within(dialog).getByText('Sales').nextSibling).toHaveTextContent('1234.5');
    expect(within(dialog).getByText('Target').nextSibling).toHaveTextContent('1000');
  });

  it('does not listen to clicks without show_details_on_click', async () => {
    render(<ChartBlock block={viewBlockOf('chart', block())} source={fakeSource(view)} />);
    await screen.findByTestId('chart');
    expect(canvas.props.onPointClick).toBeUndefined();
  });

  it('says so when no row matches', async () => {
    render(<ChartBlock block={viewBlockOf('chart', block())} source={fakeSource({ kind: 'chart', chart: { labels: [], series: [] } })} />);
    expect(await screen.findByText('No rows to show yet. Rows added to the spreadsheet appear here.')).toBeInTheDocument();
  });

  it("shows the block's own error when its data fails", async () => {
    render(<ChartBlock block={viewBlockOf('chart', block())} source={fakeSource(new Error('Sheet "Orders" not found'))} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sheet "Orders" not found');
  });
});
