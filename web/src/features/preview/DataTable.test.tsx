import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usePreviewStore } from '../../store/previewStore';
import { fakeResult } from '../../test/fakeTable';
import { DataTable } from './DataTable';

describe('DataTable', () => {
  it('shows the rows and the total the core returned', () => {
    render(<DataTable result={fakeResult({ total: 42, page_count: 5 })} />);
    expect(screen.getByTestId('row-count')).toHaveTextContent('42 rows');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('cell', { name: '$20.50' })).toBeInTheDocument();
    expect(screen.getByTestId('page-info')).toHaveTextContent('Page 1 of 5');
  });

  it('leaves out the record ids the sheet keeps for itself', () => {
    const result = fakeResult({ columns: ['Name', 'ChartApps Record ID', 'Amount'], rows: [['Ada', 'rec-001', '$20.50']], row_indices: [0] });
    render(<DataTable result={result} />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Amount']);
    expect(screen.getAllByRole('cell').map((td) => td.textContent)).toEqual(['Ada', '$20.50']);
  });

  it('sorts by a column when its header is clicked', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<DataTable result={fakeResult()} />);
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    expect(usePreviewStore.getState().sort).toEqual({ column: 'Amount', direction: 'Ascending' });
    rerender(<DataTable result={fakeResult()} />);
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(screen.getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('moves between pages and disables the ends', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<DataTable result={fakeResult({ page: 1, page_count: 2 })} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(usePreviewStore.getState().page).toBe(2);
    rerender(<DataTable result={fakeResult({ page: 2, page_count: 2 })} />);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(usePreviewStore.getState().page).toBe(1);
  });

  it('says so when nothing matches', () => {
    render(<DataTable result={fakeResult({ total: 0, page_count: 0, rows: [], row_indices: [] })} />);
    expect(screen.getByTestId('row-count')).toHaveTextContent('0 rows');
    expect(screen.getByText('No rows match the search and filters.')).toBeInTheDocument();
  });
});
