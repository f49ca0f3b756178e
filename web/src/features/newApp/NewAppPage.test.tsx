import { screen, waitFor } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';
import { workspace } from '../../test/spreadsheetFixtures';

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

function signedIn(more: Routes = {}, workspaces: unknown[] = [workspace, second]) {
  return mockFetch({ 'GET /api/auth': { body: ann }, 'GET /api/workspaces': { body: workspaces }, ...more });
}

beforeAll(() => import('./NewAppPage'));
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

  it('creates the app in the chosen workspace and opens it', async () => {
    const { calls } = signedIn({ 'POST /api/apps': { status: 201, body: { app: created } } });
    const { user, where } = renderApp('/dashboard/new-multipage?workspace=w2');
    const workspaceField = await screen.findByLabelText('Workspace');
    expect(workspaceField).toHaveValue('w2');
    await user.click(screen.getByLabelText('App name'));
    await user.paste('Field app');
    expect(screen.getByLabelText('Sub-domain')).toHaveValue('field-app');
    await user.click(screen.getByLabelText('Spreadsheet URL (optional)'));
    await user.paste('https://docs.google.com/spreadsheets/d/abc');
    await user.click(screen.getByRole('button', { name: 'Create app' }));

    await waitFor(() => expect(where()).toBe('/?app=field-app'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      workspace_id: 'w2',
      name: 'Field app',
      subdomain: 'field-app',
      spreadsheet_url: 'https://docs.google.com/spreadsheets/d/abc',
    });
  });

  it('leaves the spreadsheet URL out when none is given', async () => {
    const { calls } = signedIn({ 'POST /api/apps': { status: 201, body: { app: created } } });
    const { user, where } = renderApp('/dashboard/new-multipage');
    expect(await screen.findByLabelText('Workspace')).toHaveValue('w1');
    await user.click(screen.getByLabelText('App name'));
    await user.paste('Field app');
    await user.click(screen.getByRole('button', { name: 'Create app' }));
    await waitFor(() => expect(where()).toBe('/?app=field-app'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ workspace_id: 'w1', name: 'Field app', subdomain: 'field-app' });
  });

  it('shows a taken sub-domain inline, with no alert', async () => {
    signedIn({ 'POST /api/apps': { status: 409, body: { error: 'A workspace or app with this subdomain already exists' } } });
    const { user, where } = renderApp('/dashboard/new-multipage');
    await user.type(await screen.findByLabelText('App name'), 'Sales');
    await user.click(screen.getByRole('button', { name: 'Create app' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A workspace or app with this subdomain already exists');
    expect(where()).toBe('/dashboard/new-multipage');
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('asks for a workspace first when there is none', async () => {
    signedIn({}, []);
    renderApp('/dashboard/new-multipage');
    expect(await screen.findByRole('link', { name: 'Create workspace' })).toHaveAttribute('href', '/dashboard/new-workspace');
    expect(screen.queryByRole('button', { name: 'Create app' })).not.toBeInTheDocument();
  });
});
