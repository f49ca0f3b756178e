import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';
import { google, uploaded, workspace } from '../../test/spreadsheetFixtures';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

function dashboardWith(routes: Routes = {}) {
  return mockFetch({
    'GET /api/auth': { body: ann },
    'GET /api/workspaces': { body: [workspace] },
    'GET /api/boards': { body: [] },
    'GET /api/apps': { body: { apps: [] } },
    'GET /api/spreadsheets': { body: [uploaded, google] },
    ...routes,
  });
}

const item = async (name: string) => screen.findByRole('listitem', { name });

// Load the lazy screen once up front: its first import can outlast a test's time under load.
beforeAll(() => import('../dashboard/DashboardPage'));

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('the spreadsheets of a workspace on /dashboard', () => {
  it('lists each spreadsheet with its kind, tabs, row counts and fetch time', async () => {
    const { calls } = dashboardWith();
    renderApp('/dashboard');
    const upload = await item('Orders 2026');
    expect(within(upload).getByText('Upload')).toBeInTheDocument();
    expect(within(upload).getByText('Orders · 250 rows')).toBeInTheDocument();
    expect(within(upload).getByText('Returns · 1 row')).toBeInTheDocument();
    expect(within(upload).queryByText(/Last fetched/)).not.toBeInTheDocument();

    const linked = await item('Team roster');
    expect(within(linked).getByText('Google Sheets')).toBeInTheDocument();
    expect(within(linked).getByText('People · 12 rows')).toBeInTheDocument();
    expect(within(linked).getByText(`Last fetched ${new Date(google.fetched_at! * 1000).toLocaleString()}`)).toBeInTheDocument();

    expect(calls.find((c) => c.url.pathname === '/api/spreadsheets')?.url.searchParams.get('workspace_id')).toBe('w1');
    expect(screen.getByRole('link', { name: 'Connect a spreadsheet' })).toHaveAttribute('href', '/dashboard/spreadsheets/new?workspace=w1');
  });

  it('opens a linked spreadsheet in a new tab and an upload in the grid view', async () => {
    dashboardWith();
    renderApp('/dashboard');
    const linkedOpen = within(await item('Team roster')).getByRole('link', { name: 'Open' });
    expect(linkedOpen).toHaveAttribute('href', google.open_url);
    expect(linkedOpen).toHaveAttribute('target', '_blank');
    const uploadOpen = within(await item('Orders 2026')).getByRole('link', { name: 'Open' });
    expect(uploadOpen).toHaveAttribute('href', '/dashboard/spreadsheets/s-up');
    expect(uploadOpen).not.toHaveAttribute('target');
  });

  it('offers Refresh for linked kinds only, and Replace file for uploads only', async () => {
    dashboardWith();
    renderApp('/dashboard');
    const upload = await item('Orders 2026');
    expect(within(upload).queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(within(upload).getByLabelText('Replace file')).toBeInTheDocument();
    const linked = await item('Team roster');
    expect(within(linked).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(within(linked).queryByLabelText('Replace file')).not.toBeInTheDocument();
  });

  it("shows 'Refreshing...' and then the new row counts", async () => {
    let release: () => void = () => {};
    const refreshed = { ...google, fetched_at: google.fetched_at! + 60, sheets: [{ ...google.sheets[0], row_count: 13, version: 4 }] };
    dashboardWith({ 'POST /api/spreadsheets/s-gs/refresh': () => ({ body: refreshed }) });
    const { user } = renderApp('/dashboard');
    const linked = await item('Team roster');
    // Hold the answer back so the busy label can be seen.
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = vi.mocked(fetch);
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (...args) => {
      await gate;
      return original(...args);
    });
    await user.click(within(linked).getByRole('button', { name: 'Refresh' }));
    expect(within(linked).getByRole('button', { name: 'Refreshing...' })).toBeDisabled();
    release();
    expect(await within(linked).findByText('People · 13 rows')).toBeInTheDocument();
    expect(within(linked).getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('shows a failed refresh inline and keeps the stored counts', async () => {
    dashboardWith({ 'POST /api/spreadsheets/s-gs/refresh': { status: 503, body: { error: 'The CSV link answered 404 Not Found.' } } });
    const { user } = renderApp('/dashboard');
    const linked = await item('Team roster');
    await user.click(within(linked).getByRole('button', { name: 'Refresh' }));
    expect(await within(linked).findByRole('alert')).toHaveTextContent('The CSV link answered 404 Not Found.');
    expect(within(linked).getByText('People · 12 rows')).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it("shows the owner a linked spreadsheet's last failed refresh, what viewers see meanwhile and what to do", async () => {
    const failure = {
      message: 'The CSV link did not answer within 20 seconds. Check that the link opens in a browser, then refresh again.',
      failed_at: google.fetched_at! + 600,
    };
    dashboardWith({ 'GET /api/spreadsheets': { body: [uploaded, { ...google, refresh_failure: failure }] } });
    renderApp('/dashboard');
    const notice = within(await item('Team roster')).getByRole('status', { name: 'Refresh failed' });
    expect(notice).toHaveTextContent(`The last refresh failed (${new Date(failure.failed_at * 1000).toLocaleString()}): ${failure.message}`);
    expect(notice).toHaveTextContent(`Viewers still see the rows fetched ${new Date(google.fetched_at! * 1000).toLocaleString()}.`);
    expect(notice).toHaveTextContent('Fix the source, then press Refresh');
    expect(within(await item('Orders 2026')).queryByRole('status', { name: 'Refresh failed' })).not.toBeInTheDocument();
  });

  it('clears the failure notice when a refresh succeeds', async () => {
    const failing = { ...google, refresh_failure: { message: 'The link answers a web page, not CSV.', failed_at: google.fetched_at! + 60 } };
    dashboardWith({
      'GET /api/spreadsheets': { body: [uploaded, failing] },
      'POST /api/spreadsheets/s-gs/refresh': { body: { ...google, fetched_at: google.fetched_at! + 120, refresh_failure: null } },
    });
    const { user } = renderApp('/dashboard');
    const linked = await item('Team roster');
    expect(within(linked).getByRole('status', { name: 'Refresh failed' })).toHaveTextContent('The link answers a web page, not CSV.');
    await user.click(within(linked).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(linked).queryByRole('status', { name: 'Refresh failed' })).not.toBeInTheDocument());
    expect(within(linked).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a refresh that fails again in place of the stored failure', async () => {
    const failing = { ...google, refresh_failure: { message: 'The link answers a web page, not CSV.', failed_at: google.fetched_at! + 60 } };
    dashboardWith({
      'GET /api/spreadsheets': { body: [uploaded, failing] },
      'POST /api/spreadsheets/s-gs/refresh': { status: 503, body: { error: 'Could not fetch the CSV link from example.com: it did not answer in time.' } },
    });
    const { user } = renderApp('/dashboard');
    const linked = await item('Team roster');
    await user.click(within(linked).getByRole('button', { name: 'Refresh' }));
    expect(await within(linked).findByRole('alert')).toHaveTextContent('it did not answer in time');
    expect(within(linked).queryByRole('status', { name: 'Refresh failed' })).not.toBeInTheDocument();
  });

  it('replaces the file of an upload and shows the new counts', async () => {
    let list = [uploaded, google];
    const { calls } = dashboardWith({
      'GET /api/spreadsheets': () => ({ body: list }),
      'PUT /api/spreadsheets/s-up/upload': () => {
        list = [{ ...uploaded, sheets: [{ ...uploaded.sheets[0], row_count: 300, version: 2 }] }, google];
        return { body: { spreadsheet: { id: 's-up', name: 'Orders 2026', source_kind: 'upload', sheets: [] } } };
      },
    });
    const { user } = renderApp('/dashboard');
    const upload = await item('Orders 2026');
    const file = new File(['a,b\n1,2\n'], 'orders.csv', { type: 'text/csv' });
    await user.upload(within(upload).getByLabelText('Replace file'), file);
    expect(await within(await item('Orders 2026')).findByText('Orders · 300 rows')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toBeInstanceOf(FormData);
    expect((put?.body as FormData).get('file')).toBe(file);
  });

  it('shows a rejected replacement file inline', async () => {
    dashboardWith({ 'PUT /api/spreadsheets/s-up/upload': { status: 413, body: { error: 'The file is larger than 50 MB.' } } });
    const { user } = renderApp('/dashboard');
    const upload = await item('Orders 2026');
    await user.upload(within(upload).getByLabelText('Replace file'), new File(['x'], 'big.xlsx'));
    expect(await within(upload).findByRole('alert')).toHaveTextContent('The file is larger than 50 MB.');
  });

  it('deletes a spreadsheet only after confirmation', async () => {
    const { calls } = dashboardWith({ 'DELETE /api/spreadsheets/s-up': { status: 204 } });
    const { user } = renderApp('/dashboard');
    const upload = await item('Orders 2026');
    await user.click(within(upload).getByRole('button', { name: 'Delete' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete spreadsheet' });
    expect(question).toHaveAccessibleDescription('Delete the spreadsheet "Orders 2026" and its stored rows? Boards and apps that use it stay, without data.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(upload).getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete spreadsheet' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/spreadsheets/s-up')).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/spreadsheets')).toHaveLength(2));
  });

  it('shows a list that cannot be loaded inline, with a way to try again', async () => {
    let fail = true;
    dashboardWith({
      'GET /api/spreadsheets': () => (fail ? { status: 500, body: { error: 'Sorry there has been a server error..' } } : { body: [uploaded] }),
    });
    const { user } = renderApp('/dashboard');
    expect(await screen.findByText('The spreadsheets could not be loaded: Sorry there has been a server error..')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await item('Orders 2026')).toBeInTheDocument();
  });
});
