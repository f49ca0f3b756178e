// The grid page's History section: row activity for every spreadsheet, kept uploads for an upload,
// and the rows loaded again after a restore.
import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';
import { google, uploaded } from '../../test/spreadsheetFixtures';
import { NO_ACTIVITY } from './ActivityLog';

beforeAll(() => import('../spreadsheets/SpreadsheetGridPage'));
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const grid = { columns: ['ChartApps Record ID', 'Amount'], rows: [['rec-1', '5']], total: 1, offset: 0, limit: 100, version: 1 };
const noActivity = { entries: [], total: 0, facets: { actors: [], blocks: [] } };

function serve(spreadsheet: typeof uploaded, routes: Routes = {}) {
  return mockFetch({
    'GET /api/auth': { body: ann },
    [`GET /api/spreadsheets/${spreadsheet.id}`]: { body: spreadsheet },
    [`GET /api/spreadsheets/${spreadsheet.id}/sheets/Orders/grid`]: { body: grid },
    [`GET /api/spreadsheets/${spreadsheet.id}/sheets/People/grid`]: { body: grid },
    [`GET /api/spreadsheets/${spreadsheet.id}/activity`]: { body: noActivity },
    ...routes,
  });
}

describe('History on the spreadsheet grid page', () => {
  it('shows the row activity under the rows, and no kept imports for a linked spreadsheet', async () => {
    serve(google);
    renderApp('/dashboard/spreadsheets/s-gs');
    const history = await screen.findByRole('region', { name: 'History' });
    expect(await within(history).findByText(NO_ACTIVITY.spreadsheets)).toBeInTheDocument();
    expect(
      within(history)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Activity']);
  });

  it('restores a kept upload and loads the spreadsheet and its rows again', async () => {
    const snapshots = {
      current: [{ title: 'Orders', rows: 250, columns: 3 }],
      snapshots: [
        { id: 'snap-1', created_at: 1_772_323_200, actor: 'ann@example.com', file_name: 'orders.csv', tabs: [{ title: 'Orders', rows: 120, columns: 3 }] },
      ],
      keep: 5,
    };
    let restored = false;
    const { calls } = serve(uploaded, {
      [`GET /api/spreadsheets/s-up`]: () => ({ body: restored ? { ...uploaded, sheets: [{ ...uploaded.sheets[0], row_count: 120, version: 2 }] } : uploaded }),
      'GET /api/spreadsheets/s-up/snapshots': { body: snapshots },
      'POST /api/spreadsheets/s-up/snapshots/snap-1/restore': () => {
        restored = true;
        return { body: { ...snapshots, current: [{ title: 'Orders', rows: 120, columns: 3 }] } };
      },
    });
    const { user } = renderApp('/dashboard/spreadsheets/s-up');
    const history = await screen.findByRole('region', { name: 'History' });
    await user.click(within(history).getByRole('tab', { name: 'Kept imports' }));
    expect(await within(history).findByText('Orders: 120 rows (now 250)')).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Restore orders.csv' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    expect(await within(history).findByText('Orders: 120 rows')).toBeInTheDocument();
    // The tab's new version reads the grid again.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/spreadsheets/s-up/sheets/Orders/grid')).toHaveLength(2));
    expect(calls.filter((c) => c.url.pathname === '/api/spreadsheets/s-up')).toHaveLength(2);
  });
});
