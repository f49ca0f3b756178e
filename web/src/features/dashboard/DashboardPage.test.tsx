import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

const workspace = { id: 'w1', name: 'Sales team', subdomain: 'sales', owner_id: 'u1', created_at: 1 };
const board = {
  id: 'b1',
  name: 'Q1 overview',
  slug: 'q1-overview',
  public: false,
  workspace_id: 'w1',
  workspace_name: 'Sales team',
  created_at: 1,
  updated_at: 1,
};
const app = { id: 'a1', name: 'Field app', subdomain: 'field', spreadsheet_url: '', public: false, workspace_id: 'w1', created_at: 1 };

function signedInWith(data: { workspaces?: unknown[]; boards?: unknown[]; apps?: unknown[]; spreadsheets?: unknown[] }, more: Routes = {}) {
  return mockFetch({
    'GET /api/auth': { body: ann },
    'GET /api/workspaces': { body: data.workspaces ?? [] },
    'GET /api/boards': { body: data.boards ?? [] },
    'GET /api/apps': { body: { apps: data.apps ?? [] } },
    'GET /api/spreadsheets': { body: data.spreadsheets ?? [] },
    ...more,
  });
}

// Load the lazy screens once up front: a first import can outlast a test's time under load.
beforeAll(() => Promise.all([import('./DashboardPage'), import('./NewWorkspacePage')]));

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('/dashboard', () => {
  it('sends a guest to log in first', async () => {
    mockFetch({ 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } } });
    const { where } = renderApp('/dashboard');
    await waitFor(() => expect(where()).toBe('/dashboard/auth?next=%2Fdashboard'));
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('tells a new user to create a workspace first', async () => {
    signedInWith({});
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Create your first workspace' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create workspace' })).toHaveAttribute('href', '/dashboard/new-workspace');
    expect(screen.getByText('Ann Lee')).toBeInTheDocument();
  });

  it('leads every owner to the administration of their own workspaces, boards, apps and users', async () => {
    signedInWith({});
    renderApp('/dashboard');
    expect(await screen.findByRole('link', { name: 'Administration' })).toHaveAttribute('href', '/admin');
  });

  it('lists each workspace with its boards and apps', async () => {
    signedInWith({ workspaces: [workspace], boards: [board], apps: [app] });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Sales team' });
    expect(within(card).getByRole('link', { name: 'Q1 overview' })).toHaveAttribute('href', '/q1-overview');
    expect(within(card).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '/q1-overview');
    expect(within(card).getByText('Private')).toBeInTheDocument();
    expect(within(card).getByText('Field app')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New workspace' })).toHaveAttribute('href', '/dashboard/new-workspace');
    expect(screen.getByRole('link', { name: 'New board' })).toHaveAttribute('href', '/dashboard/start');
    expect(screen.getByRole('link', { name: 'New app' })).toHaveAttribute('href', '/dashboard/new-multipage');
  });

  it('says how to make the first board, app and spreadsheet of an empty workspace', async () => {
    signedInWith({ workspaces: [workspace] });
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Sales team' });
    expect(await within(card).findByText('No boards yet. Name your first board above and press Create board.')).toBeInTheDocument();
    expect(within(card).getByText(/No apps yet\. An app joins several pages of blocks/)).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'make an app' })).toHaveAttribute('href', '/dashboard/new-multipage');
    expect(await within(card).findByText('No spreadsheets yet. Upload a file or paste a link to give your boards data.')).toBeInTheDocument();
  });

  it('creates a board in the workspace and shows it', async () => {
    let boards: unknown[] = [];
    const { calls } = signedInWith(
      { workspaces: [workspace] },
      {
        'GET /api/boards': () => ({ body: boards }),
        'POST /api/boards': () => {
          boards = [board];
          return { status: 201, body: { id: 'b1', name: 'Q1 overview' } };
        },
      },
    );
    const { user } = renderApp('/dashboard');
    await user.type(await screen.findByLabelText('Board name'), 'Q1 overview');
    await user.click(screen.getByRole('button', { name: 'Create board' }));
    expect(await screen.findByRole('link', { name: 'Q1 overview' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ workspace_id: 'w1', name: 'Q1 overview' });
    expect(screen.getByLabelText('Board name')).toHaveValue('');
  });

  it('connects the new board to the spreadsheet picked for it', async () => {
    const spreadsheet = {
      id: 's1',
      workspace_id: 'w1',
      name: 'Sales 2026',
      kind: 'upload',
      source_url: '',
      created_at: 1,
      open_url: '/dashboard/spreadsheets/s1',
      sheets: [],
    };
    const { calls } = signedInWith(
      { workspaces: [workspace], spreadsheets: [spreadsheet] },
      {
        'POST /api/boards': { status: 201, body: { id: 'b9', name: 'Q1 overview' } },
        'PUT /api/boards/b9': { body: { id: 'b9' } },
      },
    );
    const { user } = renderApp('/dashboard');
    await user.type(await screen.findByLabelText('Board name'), 'Q1 overview');
    await user.selectOptions(await screen.findByLabelText('Spreadsheet of the new board'), 'Sales 2026');
    await user.click(screen.getByRole('button', { name: 'Create board' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ spreadsheetId: 's1' }));
    expect(calls.find((c) => c.method === 'PUT')?.url.pathname).toBe('/api/boards/b9');
  });

  it('pre-selects the spreadsheet of a workspace that has only one', async () => {
    const spreadsheet = {
      id: 's1',
      workspace_id: 'w1',
      name: 'Sales 2026',
      kind: 'upload',
      source_url: '',
      created_at: 1,
      open_url: '/dashboard/spreadsheets/s1',
      sheets: [],
    };
    const { calls } = signedInWith(
      { workspaces: [workspace], spreadsheets: [spreadsheet] },
      { 'POST /api/boards': { status: 201, body: { id: 'b9', name: 'Q1' } }, 'PUT /api/boards/b9': { body: { id: 'b9' } } },
    );
    const { user } = renderApp('/dashboard');
    expect(await screen.findByLabelText('Spreadsheet of the new board')).toHaveValue('s1');
    await user.type(screen.getByLabelText('Board name'), 'Q1');
    await user.click(screen.getByRole('button', { name: 'Create board' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ spreadsheetId: 's1' }));
  });

  it('leaves the choice open when the workspace has several spreadsheets', async () => {
    const one = {
      id: 's1',
      workspace_id: 'w1',
      name: 'Sales 2026',
      kind: 'upload',
      source_url: '',
      created_at: 1,
      open_url: '/dashboard/spreadsheets/s1',
      sheets: [],
    };
    signedInWith({ workspaces: [workspace], spreadsheets: [one, { ...one, id: 's2', name: 'Stock' }] });
    renderApp('/dashboard');
    expect(await screen.findByLabelText('Spreadsheet of the new board')).toHaveValue('');
  });

  it('creates the board without a spreadsheet when none is picked', async () => {
    const spreadsheet = {
      id: 's1',
      workspace_id: 'w1',
      name: 'Sales 2026',
      kind: 'upload',
      source_url: '',
      created_at: 1,
      open_url: '/dashboard/spreadsheets/s1',
      sheets: [],
    };
    const { calls } = signedInWith(
      { workspaces: [workspace], spreadsheets: [spreadsheet] },
      { 'POST /api/boards': { status: 201, body: { id: 'b9', name: 'Q1' } } },
    );
    const { user } = renderApp('/dashboard');
    await user.selectOptions(await screen.findByLabelText('Spreadsheet of the new board'), 'No spreadsheet');
    await user.type(screen.getByLabelText('Board name'), 'Q1');
    await user.click(screen.getByRole('button', { name: 'Create board' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/boards')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('duplicates a board', async () => {
    const { calls } = signedInWith(
      { workspaces: [workspace], boards: [board] },
      { 'POST /api/boards/b1/duplicate': { status: 201, body: { id: 'b2', name: 'Copy of Q1 overview' } } },
    );
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/boards/b1/duplicate')).toBe(true));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/boards')).toHaveLength(2));
  });

  it('deletes a board only after confirmation', async () => {
    const { calls } = signedInWith({ workspaces: [workspace], boards: [board] }, { 'DELETE /api/boards/b1': { status: 204 } });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete board' });
    expect(question).toHaveAccessibleDescription('Delete the board "Q1 overview" with all its blocks? This cannot be undone.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete board' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/boards/b1')).toBe(true));
  });

  it('deletes an app after confirmation', async () => {
    const { calls } = signedInWith({ workspaces: [workspace], apps: [app] }, { 'DELETE /api/apps/a1': { body: { deleted: true, id: 'a1' } } });
    const { user } = renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Sales team' });
    await user.click(within(card).getByRole('button', { name: 'Delete' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete app' });
    expect(question).toHaveAccessibleDescription('Delete the app "Field app" with its pages and users? This cannot be undone.');
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/apps/a1')).toBe(true));
  });

  it('offers to try again when the lists cannot be loaded', async () => {
    signedInWith({}, { 'GET /api/workspaces': { status: 500, body: { error: 'Sorry there has been a server error..' } } });
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('logs out and goes to the log-in screen', async () => {
    signedInWith({}, { 'POST /api/auth/logout': { body: { message: 'Logged out' } } });
    const { user, where } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(where()).toBe('/dashboard/auth'));
  });
});

describe('/dashboard/new-workspace', () => {
  it('suggests the sub-domain from the name and creates the workspace', async () => {
    const { calls } = signedInWith({}, { 'POST /api/workspaces': { status: 201, body: workspace } });
    const { user, where } = renderApp('/dashboard/new-workspace');
    await user.type(await screen.findByLabelText('Workspace name'), 'Sales Team');
    expect(screen.getByLabelText('Sub-domain')).toHaveValue('sales-team');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Sales Team', subdomain: 'sales-team' });
  });

  it('shows a taken sub-domain inline', async () => {
    signedInWith({}, { 'POST /api/workspaces': { status: 409, body: { error: 'A workspace or app with this subdomain already exists' } } });
    const { user, where } = renderApp('/dashboard/new-workspace');
    await user.type(await screen.findByLabelText('Workspace name'), 'Demo');
    await user.clear(screen.getByLabelText('Sub-domain'));
    await user.type(screen.getByLabelText('Sub-domain'), 'demo');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A workspace or app with this subdomain already exists');
    expect(where()).toBe('/dashboard/new-workspace');
  });
});
