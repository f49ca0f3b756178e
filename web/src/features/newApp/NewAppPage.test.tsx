import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { loadRealCore } from '../../test/realCore';
import { ann, renderApp } from '../../test/renderApp';
import { columnsAnswer, columnsPath } from '../../test/tabColumns';
import { google, uploaded, workspace } from '../../test/spreadsheetFixtures';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

const created = {
  id: 'a1',
  name: 'Field app',
  subdomain: 'field-app',
  spreadsheet_url: '',
  spreadsheetId: null,
  public: false,
  workspace_id: 'w2',
  created_at: 1,
  settings: {},
};
const second = { ...workspace, id: 'w2', name: 'Field team', subdomain: 'field' };

/** The tab as the columns call answers it (the first-look preview reads it in the real core). */
const grid = () => columnsAnswer({ columns: ['ChartApps Record ID', 'Date', 'Amount'], rows: [['r1', '2026-01-02', '12']] }, 1);

function signedIn(more: Routes = {}, workspaces: unknown[] = [workspace, second]) {
  return mockFetch({
    'GET /api/auth': { body: ann },
    'GET /api/workspaces': { body: workspaces },
    'GET /api/spreadsheets': { body: [] },
    [columnsPath('s-up', 'Orders')]: grid,
    ...more,
  });
}

async function nameTheApp(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByLabelText('App name'));
  await user.paste('Field app');
}

beforeAll(() => Promise.all([import('./NewAppPage'), loadRealCore()]));
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

// The first signed-in screen a file renders pays for loading the layout; on a busy machine that
// alone can take most of the default 5 s.
describe('/dashboard/new-multipage', { timeout: 15_000 }, () => {
  it('sends a guest to log in first', async () => {
    mockFetch({ 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } } });
    const { where } = renderApp('/dashboard/new-multipage');
    await waitFor(() => expect(where()).toBe('/dashboard/auth?next=%2Fdashboard%2Fnew-multipage'));
  });

  it('creates the app connected to the spreadsheet of the workspace picked for it, and opens it', async () => {
    const { calls } = signedIn({
      'GET /api/spreadsheets': (_init, url) => ({ body: url.searchParams.get('workspace_id') === 'w2' ? [google, { ...uploaded, created_at: 9 }] : [] }),
      'POST /api/apps': { status: 201, body: { app: created } },
      'PUT /api/apps/a1': { body: { app: { ...created, spreadsheetId: 's-up' } } },
    });
    const { user, where } = renderApp('/dashboard/new-multipage?workspace=w2');
    expect(await screen.findByLabelText('Workspace')).toHaveValue('w2');
    await nameTheApp(user);
    expect(screen.getByLabelText('Sub-domain')).toHaveValue('field-app');
    // The newest spreadsheet of the workspace is picked, with a preview of its first rows.
    const data = screen.getByRole('region', { name: 'Data' });
    expect(await within(data).findByRole('combobox', { name: 'Spreadsheet' })).toHaveValue('s-up');
    expect(await within(data).findByRole('region', { name: 'Preview of Orders' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create app' }));

    await waitFor(() => expect(where()).toBe('/?app=field-app'));
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['POST /api/apps', 'PUT /api/apps/a1']);
    expect(writes[0].body).toEqual({
      workspace_id: 'w2',
      name: 'Field app',
      subdomain: 'field-app',
      spreadsheet_url: `${window.location.origin}/dashboard/spreadsheets/s-up`,
    });
    expect(writes[1].body).toEqual({ spreadsheetId: 's-up' });
  });

  it('connects a file uploaded in the form', async () => {
    let spreadsheets: unknown[] = [];
    const { calls } = signedIn({
      'GET /api/spreadsheets': () => ({ body: spreadsheets }),
      'POST /api/spreadsheets/upload': () => {
        spreadsheets = [uploaded];
        return { body: { spreadsheet: { id: 's-up', name: 'Orders 2026' } } };
      },
      'POST /api/apps': { status: 201, body: { app: created } },
      'PUT /api/apps/a1': { body: { app: created } },
    });
    const { user, where } = renderApp('/dashboard/new-multipage');
    await nameTheApp(user);
    expect(screen.getByRole('radio', { name: 'Upload a file' })).toBeChecked();
    const upload = screen.getByRole('form', { name: 'Upload a file' });
    await user.upload(within(upload).getByLabelText('File'), new File(['Date,Amount\n'], 'orders.csv', { type: 'text/csv' }));
    await user.click(within(upload).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByRole('combobox', { name: 'Spreadsheet' })).toHaveValue('s-up');
    await user.click(screen.getByRole('button', { name: 'Create app' }));
    await waitFor(() => expect(where()).toBe('/?app=field-app'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ spreadsheetId: 's-up' });
  });

  it('asks for the data before creating an app that was meant to have some', async () => {
    const { calls } = signedIn();
    const { user } = renderApp('/dashboard/new-multipage');
    await nameTheApp(user);
    await user.click(screen.getByRole('button', { name: 'Create app' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Connect the spreadsheet first (Upload or Connect above), or choose No data for now.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates the app without data when the owner says so', async () => {
    const { calls } = signedIn({ 'POST /api/apps': { status: 201, body: { app: created } } });
    const { user, where } = renderApp('/dashboard/new-multipage');
    expect(await screen.findByLabelText('Workspace')).toHaveValue('w1');
    await nameTheApp(user);
    await user.click(screen.getByRole('radio', { name: 'No data for now' }));
    await user.click(screen.getByRole('button', { name: 'Create app' }));
    await waitFor(() => expect(where()).toBe('/?app=field-app'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ workspace_id: 'w1', name: 'Field app', subdomain: 'field-app' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('keeps the app made when connecting its spreadsheet fails, and only connects on the next try', async () => {
    let puts = 0;
    const { calls } = signedIn({
      'GET /api/spreadsheets': { body: [uploaded] },
      'POST /api/apps': { status: 201, body: { app: created } },
      'PUT /api/apps/a1': () => {
        puts += 1;
        return puts === 1 ? { status: 503, body: { error: 'The database is not reachable; please try again.' } } : { body: { app: created } };
      },
    });
    const { user, where } = renderApp('/dashboard/new-multipage');
    await nameTheApp(user);
    await screen.findByRole('combobox', { name: 'Spreadsheet' });
    await user.click(screen.getByRole('button', { name: 'Create app' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The app was created, but its spreadsheet could not be connected: The database is not reachable; please try again.',
    );
    expect(screen.getByRole('link', { name: 'Open the app without data' })).toHaveAttribute('href', '/?app=field-app');
    await user.click(screen.getByRole('button', { name: 'Connect and open' }));
    await waitFor(() => expect(where()).toBe('/?app=field-app'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(puts).toBe(2);
  });

  it('shows a taken sub-domain inline, with no alert', async () => {
    signedIn({ 'POST /api/apps': { status: 409, body: { error: 'A workspace or app with this subdomain already exists' } } });
    const { user, where } = renderApp('/dashboard/new-multipage');
    await user.type(await screen.findByLabelText('App name'), 'Sales');
    await user.click(screen.getByRole('radio', { name: 'No data for now' }));
    await user.click(screen.getByRole('button', { name: 'Create app' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A workspace or app with this subdomain already exists');
    expect(where()).toBe('/dashboard/new-multipage');
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('asks for a workspace first when there is none', async () => {
    signedIn({}, []);
    renderApp('/dashboard/new-multipage');
    // Creating it there comes back here.
    expect(await screen.findByRole('link', { name: 'Create workspace' })).toHaveAttribute('href', '/dashboard/new-workspace?next=%2Fdashboard%2Fnew-multipage');
    expect(screen.queryByRole('button', { name: 'Create app' })).not.toBeInTheDocument();
  });
});
