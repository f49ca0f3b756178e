import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

const plans = [
  { id: 'free', name: 'Free', embedding: false, description: 'For trying things out' },
  { id: 'paid', name: 'Pro', embedding: true, description: 'Embedding included' },
];
const users = [
  { id: 'u1', email: 'ann@example.com', name: 'Ann Lee', plan_id: 'paid', email_verified: true, created_at: 1_700_000_000 },
  { id: 'u2', email: 'bob@example.com', name: 'Bob Stone', plan_id: 'free', email_verified: false, created_at: 1_700_000_100 },
];
const workspaces = [{ id: 'w1', name: 'Sales team', subdomain: 'sales', owner_id: 'u2', owner_email: 'bob@example.com', created_at: 1_700_000_000 }];
const boards = [
  { id: 'b1', name: 'Q1 overview', slug: 'q1-overview', workspace_id: 'w1', public: true, owner_email: 'bob@example.com', created_at: 1_700_000_000 },
];
const apps = [
  { id: 'a1', name: 'Field app', subdomain: 'field', workspace_id: 'w1', public: false, owner_email: 'bob@example.com', created_at: 1_700_000_000 },
];
const redeemed = {
  code: 'AAAA-BBBB-CCCC-DDDD',
  plan_id: 'paid',
  status: 'redeemed',
  created_at: 1_700_000_000,
  redeemed_by_email: 'bob@example.com',
  redeemed_at: 1_700_000_500,
};

// Ann's own records, as the dashboard's calls answer them.
const ownWorkspaces = [
  { id: 'w7', name: 'Ann studio', subdomain: 'ann', owner_id: 'u1', created_at: 1_700_000_000 },
  { id: 'w8', name: 'Side projects', subdomain: 'side', owner_id: 'u1', created_at: 1_700_000_100 },
];
const ownBoards = [
  {
    id: 'b7',
    name: 'Sales board',
    slug: 'sales-board',
    public: false,
    workspace_id: 'w7',
    workspace_name: 'Ann studio',
    created_at: 1_700_000_000,
    updated_at: 1_700_000_900,
  },
  {
    id: 'b8',
    name: 'Reading list',
    slug: 'reading-list',
    public: true,
    workspace_id: 'w8',
    workspace_name: 'Side projects',
    created_at: 1_700_000_000,
    updated_at: 1_700_000_900,
  },
];
const ownApps = [{ id: 'a7', name: 'Team portal', subdomain: 'portal', spreadsheet_url: '', public: false, workspace_id: 'w7', created_at: 1_700_000_000 }];
const invited = [
  { id: 'p1', name: 'Cy Odd', email: 'cy@example.com', permissions: 'read-write', created_at: 1 },
  { id: 'p2', name: 'Di Fox', email: 'di@example.com', permissions: 'read', created_at: 2 },
];

const ownRoutes: Routes = {
  'GET /api/workspaces': { body: ownWorkspaces },
  'GET /api/boards': { body: ownBoards },
  'GET /api/apps': { body: { apps: ownApps } },
  'GET /api/mutipageapp_users/a7': { body: { app_users: invited } },
};

/** Ann as an owner who does not administer the platform: no admin call has an answer. */
function owner(more: Routes = {}) {
  return mockFetch({ 'GET /api/auth': { body: { ...ann, is_admin: false } }, ...ownRoutes, ...more });
}

/** Ann as a platform administrator. */
function admin(more: Routes = {}) {
  return mockFetch({
    'GET /api/auth': { body: { ...ann, is_admin: true } },
    ...ownRoutes,
    'GET /api/admin/users': { body: { users, total: users.length } },
    'GET /api/admin/workspaces': { body: { workspaces, total: 1 } },
    'GET /api/admin/boards': { body: { boards, total: 1 } },
    'GET /api/admin/apps': { body: { apps, total: 1 } },
    'GET /api/admin/plans': { body: { plans } },
    'GET /api/admin/redemption-codes': { body: { codes: [redeemed], total: 1 } },
    ...more,
  });
}

const forbidden = { status: 403, body: { error: 'Access denied: only platform administrators may do this.' } };

// Load the lazy screens once up front. Each test drives a whole screen through the router, which
// can take seconds on a busy machine: hence the longer timeouts of the describe blocks.
beforeAll(() => Promise.all([import('./AdminPage'), import('./AdminOldPage')]));

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin', { timeout: 15_000 }, () => {
  it('gives an administrator the owner tabs and the platform tabs, each loading its own list', async () => {
    const { user, where } = (admin(), renderApp('/admin?tab=all-users'));
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    const usersPanel = await screen.findByRole('tabpanel', { name: 'All accounts' });
    expect(await within(usersPanel).findByRole('cell', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(within(usersPanel).getByRole('cell', { name: 'Pro' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Workspaces',
      'Boards',
      'Apps',
      'App users',
      'All accounts',
      'All workspaces',
      'All boards',
      'All apps',
      'Plans',
      'Redemption codes',
    ]);

    await user.click(screen.getByRole('tab', { name: 'All workspaces' }));
    expect(await screen.findByRole('cell', { name: 'Sales team' })).toBeInTheDocument();
    expect(where()).toBe('/admin?tab=all-workspaces');

    await user.click(screen.getByRole('tab', { name: 'All boards' }));
    expect(await screen.findByRole('link', { name: 'Open Q1 overview' })).toHaveAttribute('href', '/q1-overview');

    await user.click(screen.getByRole('tab', { name: 'All apps' }));
    expect(await screen.findByRole('link', { name: 'Open Field app' })).toHaveAttribute('href', '/?app=field');

    await user.click(screen.getByRole('tab', { name: 'Plans' }));
    expect(await screen.findByRole('cell', { name: 'Embedding included' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Redemption codes' }));
    expect(await screen.findByRole('cell', { name: 'AAAA-BBBB-CCCC-DDDD' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Redemption codes' })).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between tabs with the arrow, Home and End keys', async () => {
    admin();
    const { user } = renderApp('/admin');
    const first = await screen.findByRole('tab', { name: 'Workspaces' });
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Boards' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Boards' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Redemption codes' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Workspaces' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Redemption codes' })).toHaveAttribute('aria-selected', 'true');
  });

  it('takes the platform tabs away, with one toast, when the server stops counting the user as an administrator', async () => {
    let isAdmin = true;
    admin({
      'GET /api/auth': () => ({ body: { ...ann, is_admin: isAdmin } }),
      'GET /api/admin/users': () => {
        // The e-mail left the configured list during the session.
        isAdmin = false;
        return forbidden;
      },
      'GET /api/admin/plans': forbidden,
    });
    renderApp('/admin?tab=all-users');
    await screen.findByRole('tab', { name: 'All accounts' });
    await waitFor(() => expect(screen.queryByRole('tab', { name: 'All accounts' })).not.toBeInTheDocument());
    // Both refused lists raised the access-denied toast; it shows once.
    expect(screen.getAllByText('Access Denied')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Refresh Page' })).not.toBeInTheDocument();
    expect(await screen.findByRole('tabpanel', { name: 'Workspaces' })).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('searches users on the server and pages through them', async () => {
    const { calls } = admin({
      'GET /api/admin/users': (_init, url) => {
        const q = url.searchParams.get('q');
        if (q) return { body: { users: users.filter((u) => u.email.includes(q)), total: 1 } };
        return { body: { users, total: 27 } };
      },
    });
    const lastUsersCall = () => calls.filter((c) => c.url.pathname === '/api/admin/users').at(-1)!;
    const { user } = renderApp('/admin?tab=all-users');
    await screen.findByRole('cell', { name: 'bob@example.com' });
    expect(screen.getByText('1–2 of 27')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('26–27 of 27')).toBeInTheDocument();
    expect(lastUsersCall().url.searchParams.get('offset')).toBe('25');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'bob');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'ann@example.com' })).not.toBeInTheDocument());
    const searched = lastUsersCall();
    expect(searched.url.searchParams.get('q')).toBe('bob');
    expect(searched.url.searchParams.get('offset')).toBe('0');
    expect(searched.url.searchParams.get('limit')).toBe('25');
  });

  it('changes a user plan and sends only what changed', async () => {
    const { calls } = admin({ 'PUT /api/admin/users/u2': { body: { ...users[1], plan_id: 'paid' } } });
    const { user } = renderApp('/admin?tab=all-users');
    await user.click(await screen.findByRole('button', { name: 'Edit bob@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit bob@example.com' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan' }), 'Pro');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ plan_id: 'paid' });
  });

  it('asks before deleting a user and shows the server refusal inline', async () => {
    const { calls } = admin({ 'DELETE /api/admin/users/u2': { status: 404, body: { error: 'No user has this id.' } } });
    const { user } = renderApp('/admin?tab=all-users');
    await user.click(await screen.findByRole('button', { name: 'Delete bob@example.com' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete bob@example.com' });
    expect(question).toHaveAccessibleDescription(expect.stringContaining('Delete the account bob@example.com'));
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No user has this id.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/admin/users/u2')).toBe(true);
    // Ann is the signed-in administrator: the server will not delete her own account.
    expect(screen.getByRole('button', { name: 'Delete ann@example.com' })).toBeDisabled();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('edits a plan with its name and description', async () => {
    let current = plans;
    const { calls } = admin({
      'GET /api/admin/plans': () => ({ body: { plans: current } }),
      'PUT /api/admin/plans/paid': () => {
        current = [plans[0], { ...plans[1], name: 'Business', description: 'Embed anywhere' }];
        return { body: current[1] };
      },
    });
    const { user } = renderApp('/admin?tab=plans');
    await user.click(await screen.findByRole('button', { name: 'Edit Pro' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the paid plan' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, ' Business ');
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'Embed anywhere');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('cell', { name: 'Business' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Business', description: 'Embed anywhere' });
  });

  it('keeps the plan form open with the server message when an edit is refused', async () => {
    admin({ 'PUT /api/admin/plans/free': { status: 422, body: { error: 'A plan name cannot be empty.', field: 'name' } } });
    const { user } = renderApp('/admin?tab=plans');
    await user.click(await screen.findByRole('button', { name: 'Edit Free' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the free plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A plan name cannot be empty.')).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('generates codes for a plan and lists them', async () => {
    let codes: unknown[] = [redeemed];
    const { calls } = admin({
      'GET /api/admin/redemption-codes': () => ({ body: { codes, total: codes.length } }),
      'POST /api/admin/redemption-codes': () => {
        const fresh = { code: 'TEAM-WXYZ-2345-6789', plan_id: 'paid', status: 'unused', created_at: 1_700_001_000, redeemed_by_email: null, redeemed_at: null };
        codes = [fresh, ...codes];
        return { body: { codes: [fresh.code] } };
      },
    });
    const { user } = renderApp('/admin?tab=codes');
    await screen.findByRole('cell', { name: 'AAAA-BBBB-CCCC-DDDD' });
    const form = screen.getByRole('form', { name: 'Generate codes' });
    const count = within(form).getByRole('spinbutton', { name: 'How many' });
    await user.clear(count);
    await user.type(count, '1');
    await user.type(within(form).getByRole('textbox', { name: 'Prefix' }), 'TEAM');
    await user.click(within(form).getByRole('button', { name: 'Generate' }));

    expect(await screen.findByRole('cell', { name: 'TEAM-WXYZ-2345-6789' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: 'New codes' })).toHaveValue('TEAM-WXYZ-2345-6789');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ count: 1, plan_id: 'paid', prefix: 'TEAM' });
    // Only unused codes can be deleted.
    expect(screen.getByRole('button', { name: 'Delete TEAM-WXYZ-2345-6789' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete AAAA-BBBB-CCCC-DDDD' })).not.toBeInTheDocument();
  });

  it.each([
    ['all-users', { 'GET /api/admin/users': { body: { users: [], total: 0 } } }, 'No accounts yet. People appear here once they sign up.'],
    [
      'all-workspaces',
      { 'GET /api/admin/workspaces': { body: { workspaces: [], total: 0 } } },
      'No workspaces yet. Each account creates its own from the dashboard.',
    ],
    ['all-boards', { 'GET /api/admin/boards': { body: { boards: [], total: 0 } } }, 'No boards yet. Owners create boards from their dashboard.'],
    ['all-apps', { 'GET /api/admin/apps': { body: { apps: [], total: 0 } } }, 'No multi-page apps yet. Owners create apps from their dashboard.'],
    ['plans', { 'GET /api/admin/plans': { body: { plans: [] } } }, 'No plans are set up. The server creates the free and paid plans when it starts.'],
    ['codes', { 'GET /api/admin/redemption-codes': { body: { codes: [], total: 0 } } }, 'No codes yet. Generate a batch above and hand them out.'],
  ])('says what to do when the %s list is empty', async (tab, routes, text) => {
    admin(routes);
    renderApp(`/admin?tab=${tab}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says a search found nothing and how to get the list back', async () => {
    admin({ 'GET /api/admin/users': (_init, url) => ({ body: url.searchParams.get('q') ? { users: [], total: 0 } : { users, total: users.length } }) });
    const { user } = renderApp('/admin?tab=all-users');
    await user.type(await screen.findByRole('searchbox', { name: 'Search users' }), 'zed');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No users match “zed”. Check the spelling or clear the search.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('cell', { name: users[0].email })).toBeInTheDocument();
  });

  it('deletes a board through the board API after confirming', async () => {
    let list = boards;
    const { calls } = admin({
      'GET /api/admin/boards': () => ({ body: { boards: list, total: list.length } }),
      'DELETE /api/boards/b1': () => {
        list = [];
        return { status: 204 };
      },
    });
    const { user } = renderApp('/admin?tab=all-boards');
    await user.click(await screen.findByRole('button', { name: 'Delete Q1 overview' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete Q1 overview' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No boards yet. Owners create boards from their dashboard.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/boards/b1')).toBe(true);
  });
});

describe('/admin for an owner who does not administer the platform', { timeout: 15_000 }, () => {
  const adminCalls = (calls: ReturnType<typeof owner>['calls']) => calls.filter((c) => c.url.pathname.startsWith('/api/admin'));

  it('shows their own tabs, no platform tab, no Access Denied and asks nothing of the admin API', async () => {
    const { calls } = owner();
    renderApp('/admin');
    const panel = await screen.findByRole('tabpanel', { name: 'Workspaces' });
    expect(await within(panel).findByRole('cell', { name: 'Ann studio' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Workspaces', 'Boards', 'Apps', 'App users']);
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();
    expect(document.title).toBe('Administration · Tessera');
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh Page' })).not.toBeInTheDocument();
    expect(adminCalls(calls)).toEqual([]);
  });

  it('opens its first tab for the address of a platform tab', async () => {
    const { calls } = owner();
    renderApp('/admin?tab=plans');
    expect(await screen.findByRole('tab', { name: 'Workspaces' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Plans' })).not.toBeInTheDocument();
    expect(adminCalls(calls)).toEqual([]);
  });

  it('counts what each workspace holds and leads to its boards and apps', async () => {
    const { user, where } = (owner(), renderApp('/admin'));
    const row = (await screen.findByRole('cell', { name: 'Ann studio' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(0, 4),
    ).toEqual(['Ann studio', 'ann', '1', '1']);
    await user.click(within(row).getByRole('link', { name: 'Boards of Ann studio' }));
    expect(where()).toBe('/admin?tab=boards&workspace=w7');
    expect(await screen.findByText('Ann studio', { selector: 'strong' })).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'Sales board' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Reading list' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Show all boards' }));
    expect(await screen.findByRole('cell', { name: 'Reading list' })).toBeInTheDocument();
    expect(where()).toBe('/admin?tab=boards');
  });

  it('deletes a workspace of theirs through the workspace API after naming what goes with it', async () => {
    let list = ownWorkspaces;
    const { calls } = owner({
      'GET /api/workspaces': () => ({ body: list }),
      'DELETE /api/workspaces/w7': () => {
        list = list.filter((w) => w.id !== 'w7');
        return { status: 204 };
      },
    });
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Delete Ann studio' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete Ann studio' });
    expect(question).toHaveAccessibleDescription(expect.stringContaining('with its 1 board, 1 app and spreadsheets'));
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Ann studio' })).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/workspaces/w7')).toBe(true);
  });

  it('opens, duplicates and deletes their boards', async () => {
    let list = ownBoards;
    const { calls } = owner({
      'GET /api/boards': () => ({ body: list }),
      'POST /api/boards/b7/duplicate': () => {
        list = [...list, { ...ownBoards[0], id: 'b9', name: 'Sales board (copy)', slug: 'sales-board-copy' }];
        return { status: 201, body: { id: 'b9', name: 'Sales board (copy)' } };
      },
      'DELETE /api/boards/b8': () => {
        list = list.filter((b) => b.id !== 'b8');
        return { status: 204 };
      },
    });
    const { user } = renderApp('/admin?tab=boards');
    expect(await screen.findByRole('link', { name: 'Open Sales board' })).toHaveAttribute('href', '/sales-board');
    await user.click(screen.getByRole('button', { name: 'Duplicate Sales board' }));
    expect(await screen.findByRole('cell', { name: 'Sales board (copy)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Reading list' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete Reading list' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Reading list' })).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.url.pathname}`)).toEqual([
      'POST /api/boards/b7/duplicate',
      'DELETE /api/boards/b8',
    ]);
  });

  it('opens an app in its editor and its users in the users dialog', async () => {
    owner();
    const { user } = renderApp('/admin?tab=apps');
    expect(await screen.findByRole('link', { name: 'Open Team portal' })).toHaveAttribute('href', '/?app=portal');
    const row = screen.getByRole('cell', { name: 'Team portal' }).closest('tr')!;
    expect(within(row).getByRole('cell', { name: 'Ann studio' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Users of Team portal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Users' });
    expect(await within(dialog).findByRole('cell', { name: 'cy@example.com' })).toBeInTheDocument();
  });

  it('lists the people invited to each app with their permission, and says boards invite no one', async () => {
    const { calls } = owner();
    const { user } = renderApp('/admin?tab=app-users');
    const app = await screen.findByRole('region', { name: 'Team portal' });
    expect(await within(app).findByRole('cell', { name: 'cy@example.com' })).toBeInTheDocument();
    const permissions = within(app)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(permissions).toEqual([
      ['Cy Odd', 'cy@example.com', 'Read-Write'],
      ['Di Fox', 'di@example.com', 'Read'],
    ]);
    expect(within(app).getByText('2 users')).toBeInTheDocument();
    expect(screen.getByText(/Boards invite no one/)).toBeInTheDocument();

    await user.click(within(app).getByRole('button', { name: 'Manage the users of Team portal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Users' });
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    // Closing the dialog reads the lists again, so changes made in it show.
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/mutipageapp_users/a7').length).toBeGreaterThanOrEqual(3));
  });

  it('says what to do when the owner has no apps to invite people to', async () => {
    owner({ 'GET /api/apps': { body: { apps: [] } } });
    renderApp('/admin?tab=app-users');
    expect(await screen.findByText(/You have no apps yet, so nobody is invited/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make an app' })).toHaveAttribute('href', '/dashboard/new-multipage');
  });

  it('shows a refused or failed list inline, with no Access Denied screen', async () => {
    owner({ 'GET /api/mutipageapp_users/a7': { status: 500, body: { error: 'The database is busy.' } } });
    renderApp('/admin?tab=app-users');
    expect(await screen.findByText('The users of Team portal could not be loaded: The database is busy.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh Page' })).not.toBeInTheDocument();
  });
});

describe('/admin_old', { timeout: 15_000 }, () => {
  it('shows every section on one page with anchors to each', async () => {
    admin();
    renderApp('/admin_old');
    const nav = await screen.findByRole('navigation', { name: 'Administration sections' });
    for (const [label, anchor] of [
      ['Workspaces', '#workspaces'],
      ['Boards', '#boards'],
      ['Apps', '#apps'],
      ['App users', '#app-users'],
      ['All accounts', '#all-users'],
      ['All workspaces', '#all-workspaces'],
      ['All boards', '#all-boards'],
      ['All apps', '#all-apps'],
      ['Plans', '#plans'],
      ['Redemption codes', '#codes'],
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', anchor);
      expect(screen.getByRole('region', { name: label })).toBeInTheDocument();
    }
    expect(await within(screen.getByRole('region', { name: 'All accounts' })).findByRole('cell', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'All workspaces' })).findByRole('cell', { name: 'Sales team' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Redemption codes' })).findByRole('cell', { name: 'AAAA-BBBB-CCCC-DDDD' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Workspaces' })).findByRole('cell', { name: 'Ann studio' })).toBeInTheDocument();
  });

  it('shows an owner their own sections only', async () => {
    const { calls } = owner();
    renderApp('/admin_old');
    const nav = await screen.findByRole('navigation', { name: 'Administration sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Workspaces', 'Boards', 'Apps', 'App users']);
    expect(await within(screen.getByRole('region', { name: 'Boards' })).findByRole('cell', { name: 'Reading list' })).toBeInTheDocument();
    expect(screen.queryByText('Access Denied')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/admin'))).toEqual([]);
  });
});
