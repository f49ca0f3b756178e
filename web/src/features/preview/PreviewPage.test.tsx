import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeChart, fakeResult, fakeTable } from '../../test/fakeTable';
import { PreviewPage } from './PreviewPage';

// The page talks to the core only through loadCore(); a fake table stands in for the WASM one.
const core = vi.hoisted(() => ({ openSheet: vi.fn() }));
vi.mock('../../core/wasm', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../core/wasm')>()),
  loadCore: vi.fn(async () => core),
}));

// ECharts does not draw in jsdom; ChartView has its own test with a mocked echarts.
vi.mock('../../blocks/chart/base/ChartView', () => ({
  default: ({ label }: { label: string }) => <div data-testid="chart" aria-label={label} />,
}));

describe('PreviewPage', () => {
  it('loads the bundled sample sheet and shows what the core computed', async () => {
    const { table, query } = fakeTable();
    core.openSheet.mockReturnValue(table);
    render(<PreviewPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the data core');
    expect(await screen.findByTestId('row-count')).toHaveTextContent('2 rows');
    const sheet = JSON.parse(core.openSheet.mock.calls[0][0] as string);
    expect(sheet.columns).toContain('ChartApps Record ID');
    expect(sheet.rows).toHaveLength(60);
    expect(query).toHaveBeenLastCalledWith(expect.objectContaining({ sheet: 'Sales', search: '', page: 1, rows_per_page: 10 }));
    expect(await screen.findByTestId('chart')).toHaveAttribute('aria-label', 'Total Amount by Region');
    expect(screen.getByTestId('chart-data')).toHaveTextContent('South20.5');
  });

  it('is a part of the home page: a caption naming the sheet, no page bar or landmark of its own', async () => {
    const { table } = fakeTable();
    core.openSheet.mockReturnValue(table);
    render(<PreviewPage />);
    expect(await screen.findByTestId('row-count')).toHaveTextContent('2 rows');
    expect(screen.getByText('Sales sample sheet · 2 rows')).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(expect.arrayContaining(['Rows', 'Chart']));
  });

  it('sends the search text to the core and shows its new total', async () => {
    const user = userEvent.setup();
    const { table, query } = fakeTable({
      query: (spec) => fakeResult(spec.search ? { total: 1, rows: [fakeResult().rows[0]], row_indices: [0] } : {}),
    });
    core.openSheet.mockReturnValue(table);
    render(<PreviewPage />);
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'north');
    expect(screen.getByTestId('row-count')).toHaveTextContent('1 row');
    expect(query).toHaveBeenLastCalledWith(expect.objectContaining({ search: 'north' }));
  });

  it('shows the core error message when a filter is bad', async () => {
    const user = userEvent.setup();
    const message = 'filter `Date`: the date range starts after it ends';
    const { table } = fakeTable({
      query: (spec) => {
        if (spec.filters?.length) throw new Error(message);
        return fakeResult();
      },
      chart: (spec) => {
        if (spec.filters?.length) throw new Error(message);
        return fakeChart();
      },
    });
    core.openSheet.mockReturnValue(table);
    render(<PreviewPage />);
    await user.selectOptions(await screen.findByLabelText('Filter condition'), 'date');
    await user.type(screen.getByLabelText('From date'), '2026-03-31');
    await user.type(screen.getByLabelText('To date'), '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Add filter' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByTestId('row-count')).not.toBeInTheDocument();
  });

  it('explains when the sheet cannot be loaded', async () => {
    core.openSheet.mockImplementation(() => {
      throw new Error('invalid sheet: expected `columns`');
    });
    render(<PreviewPage />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The sample sheet could not be loaded: invalid sheet: expected `columns`'));
  });
});
