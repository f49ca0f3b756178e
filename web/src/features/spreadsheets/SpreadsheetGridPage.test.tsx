import { screen, waitFor } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';
import { google, uploaded } from '../../test/spreadsheetFixtures';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

/** A grid answer for `offset` of a tab with `total` rows, 100 rows a page. */
function gridAnswer(_init: RequestInit, url: URL, total = 250) {
  const offset = Number(url.searchParams.get('offset'));
  const count = Math.max(0, Math.min(100, total - offset));
  const rows = Array.from({ length: count }, (_, i) => [`rec-${offset + i + 1}`, '2026-01-02', String(offset + i + 1)]);
  return { body: { columns: ['ChartApps Record ID', 'Date', 'Amount'], rows, total, offset, limit: 100, version: 1 } };
}

function gridOf(spreadsheet: typeof uploaded, routes: Routes = {}) {
  return mockFetch({
    'GET /api/auth': { body: ann },
    [`GET /api/spreadsheets/${spreadsheet.id}`]: { body: spreadsheet },
    [`GET /api/spreadsheets/${spreadsheet.id}/sheets/Orders/grid`]: gridAnswer,
    [`GET /api/spreadsheets/${spreadsheet.id}/sheets/Returns/grid`]: (init, url) => gridAnswer(init, url, 1),
    // The History section under the rows lists the row activity, none here.
    [`GET /api/spreadsheets/${spreadsheet.id}/activity`]: { body: { entries: [], total: 0, facets: { actors: [], blocks: [] } } },
    ...routes,
  });
}

const gridCalls = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname.endsWith('/grid'));

// Load the lazy screen once up front: its first import can outlast a test's time under load.
beforeAll(() => import('./SpreadsheetGridPage'));

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('/dashboard/spreadsheets/:spreadsheetId', () => {
  it('sends a guest to log in first', async () => {
    mockFetch({ 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } } });
    const { where } = renderApp('/dashboard/spreadsheets/s-up');
    await waitFor(() => expect(where()).toBe(`/dashboard/auth?next=${encodeURIComponent('/dashboard/spreadsheets/s-up')}`));
  });

  it('shows the first tab with every column and 100 rows', async () => {
    const { calls } = gridOf(uploaded);
    renderApp('/dashboard/spreadsheets/s-up');
    expect(await screen.findByRole('heading', { name: 'Orders 2026' })).toBeInTheDocument();
    expect(await screen.findByText('rows 1–100 of 250')).toBeInTheDocument();
    // Plain selectors here: role queries over a 300-cell table are slow in jsdom.
    const table = screen.getByLabelText('Rows of Orders');
    expect([...table.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['ChartApps Record ID', 'Date', 'Amount']);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(100);
    expect(screen.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
    const first = gridCalls(calls)[0].url.searchParams;
    expect([first.get('offset'), first.get('limit')]).toEqual(['0', '100']);
    expect(first.has('board')).toBe(true);
  });

  it('pages with Next and Previous', async () => {
    const { calls } = gridOf(uploaded);
    const { user } = renderApp('/dashboard/spreadsheets/s-up');
    expect(await screen.findByText('rows 1–100 of 250')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('rows 101–200 of 250')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('rows 201–250 of 250')).toBeInTheDocument();
    expect(screen.getByText('rec-250')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('rows 101–200 of 250')).toBeInTheDocument();
    expect(gridCalls(calls).map((c) => c.url.searchParams.get('offset'))).toEqual(['0', '100', '200', '100']);
  });

  it('switches tabs from the first page', async () => {
    gridOf(uploaded);
    const { user } = renderApp('/dashboard/spreadsheets/s-up');
    expect(await screen.findByText('rows 1–100 of 250')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('rows 101–200 of 250');
    await user.click(screen.getByRole('tab', { name: 'Returns' }));
    expect(await screen.findByText('rows 1–1 of 1')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Returns' })).toHaveAttribute('aria-selected', 'true');
  });

  it('has no Refresh or source link for an upload', async () => {
    gridOf(uploaded);
    renderApp('/dashboard/spreadsheets/s-up');
    await screen.findByText('rows 1–100 of 250');
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the source' })).not.toBeInTheDocument();
  });

  it('refreshes a linked spreadsheet and reads the rows again', async () => {
    const linked = { ...google, id: 's-gs', sheets: [{ ...uploaded.sheets[0], version: 1 }] };
    const refreshed = { ...linked, sheets: [{ ...linked.sheets[0], row_count: 251, version: 2 }] };
    const { calls } = gridOf(linked, {
      'GET /api/spreadsheets/s-gs/sheets/Orders/grid': (init, url) => gridAnswer(init, url, calls.some((c) => c.method === 'POST') ? 251 : 250),
      'POST /api/spreadsheets/s-gs/refresh': { body: refreshed },
    });
    const { user } = renderApp('/dashboard/spreadsheets/s-gs');
    expect(await screen.findByText('rows 1–100 of 250')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the source' })).toHaveAttribute('href', google.source_url);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('rows 1–100 of 251')).toBeInTheDocument();
  });

  it('shows a failed refresh inline', async () => {
    const linked = { ...google, sheets: [{ ...uploaded.sheets[0] }] };
    gridOf(linked, {
      'GET /api/spreadsheets/s-gs/sheets/Orders/grid': gridAnswer,
      'POST /api/spreadsheets/s-gs/refresh': { status: 503, body: { error: 'Google Sheets did not answer.' } },
    });
    const { user } = renderApp('/dashboard/spreadsheets/s-gs');
    await screen.findByText('rows 1–100 of 250');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Google Sheets did not answer.');
    expect(screen.getByText('rows 1–100 of 250')).toBeInTheDocument();
  });

  it('shows the last failed refresh above the stored rows until a refresh succeeds', async () => {
    const failure = { message: 'Google Sheets answered something other than spreadsheet data.', failed_at: google.fetched_at! + 60 };
    const linked = { ...google, sheets: [{ ...uploaded.sheets[0] }], refresh_failure: failure };
    gridOf(linked, {
      'GET /api/spreadsheets/s-gs/sheets/Orders/grid': gridAnswer,
      'POST /api/spreadsheets/s-gs/refresh': { body: { ...linked, refresh_failure: null } },
    });
    const { user } = renderApp('/dashboard/spreadsheets/s-gs');
    await screen.findByText('rows 1–100 of 250');
    const notice = screen.getByRole('status', { name: 'Refresh failed' });
    expect(notice).toHaveTextContent(failure.message);
    expect(notice).toHaveTextContent('Viewers still see the rows fetched');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Refresh failed' })).not.toBeInTheDocument());
  });

  it('says when the spreadsheet cannot be loaded', async () => {
    mockFetch({ 'GET /api/auth': { body: ann }, 'GET /api/spreadsheets/nope': { status: 404, body: { error: 'Spreadsheet not found.' } } });
    renderApp('/dashboard/spreadsheets/nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('The spreadsheet could not be loaded: Spreadsheet not found.');
  });
});
