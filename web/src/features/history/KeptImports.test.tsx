// The kept uploads of a spreadsheet: each against the rows stored now, and its restore after a question.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock';
import { KeptImports, tabComparison } from './KeptImports';

afterEach(() => vi.unstubAllGlobals());

const CURRENT = [
  { title: 'Orders', rows: 98, columns: 4 },
  { title: 'Returns', rows: 3, columns: 2 },
];
const MARCH = {
  id: 'snap-2',
  created_at: 1_772_323_200,
  actor: 'ann@example.com',
  file_name: 'orders-march.xlsx',
  tabs: [
    { title: 'Orders', rows: 120, columns: 4 },
    { title: 'Returns', rows: 3, columns: 2 },
    { title: 'Notes', rows: 1, columns: 1 },
  ],
};

describe('kept imports', () => {
  it('compares each tab’s rows with the rows stored now', () => {
    expect(tabComparison(MARCH.tabs[0], CURRENT)).toBe('Orders: 120 rows (now 98)');
    expect(tabComparison(MARCH.tabs[1], CURRENT)).toBe('Returns: 3 rows');
    expect(tabComparison(MARCH.tabs[2], CURRENT)).toBe('Notes: 1 row (no such tab now)');
  });

  it('lists the kept uploads and restores one after asking, then the grid loads again', async () => {
    const restoredCurrent = MARCH.tabs;
    const replaced = { ...MARCH, id: 'snap-3', file_name: 'orders-april.xlsx', tabs: CURRENT };
    const { calls } = mockFetch({
      'GET /api/spreadsheets/s-up/snapshots': { body: { current: CURRENT, snapshots: [MARCH], keep: 5 } },
      'POST /api/spreadsheets/s-up/snapshots/snap-2/restore': { body: { current: restoredCurrent, snapshots: [replaced, MARCH], keep: 5 } },
    });
    const restored = vi.fn();
    const user = userEvent.setup();
    render(<KeptImports spreadsheetId="s-up" onRestored={restored} />);
    const list = await screen.findByRole('list', { name: 'Kept uploads' });
    expect(within(list).getByText('orders-march.xlsx')).toBeInTheDocument();
    expect(within(list).getByText('Orders: 120 rows (now 98)')).toBeInTheDocument();
    expect(within(list).getByText('ann@example.com')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: 'Restore orders-march.xlsx' }));
    const question = await screen.findByRole('alertdialog', { name: 'Restore this upload' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(restored).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/spreadsheets/s-up/snapshots/snap-2/restore']);
    // The list is the restore's answer: the replaced rows are kept in their turn.
    expect(await screen.findByText('orders-april.xlsx')).toBeInTheDocument();
    expect(screen.getByText('Orders: 98 rows (now 120)')).toBeInTheDocument();
  });

  it('says what will be kept before any upload was replaced', async () => {
    mockFetch({ 'GET /api/spreadsheets/s-up/snapshots': { body: { current: CURRENT, snapshots: [], keep: 5 } } });
    render(<KeptImports spreadsheetId="s-up" onRestored={() => {}} />);
    expect(await screen.findByText(/When you upload a new file over this spreadsheet, the rows it replaces are kept here \(the last 5\)/)).toBeInTheDocument();
  });
});
