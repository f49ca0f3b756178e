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
const boards = [{ id: 'b1', name: 'Q1 overview', slug: 'q1-overview', workspace_id: 'w1', public: true, owner_email: 'bob@example.com', created_at: 1_700_000_000 }];
const apps = [{ id: 'a1', name: 'Field app', subdomain: 'field', workspace_id: 'w1', public: false, owner_email: 'bob@example.com', created_at: 1_700_000_000 }];
const redeemed = { code: 'AAAA-BBBB-CCCC-DDDD', plan_id: 'paid', status: 'redeemed', created_at: 1_700_000_000, redeemed_by_email: 'bob@example.com', redeemed_at: 1_700_000_500 };

function admin(more: Routes = {}) {
  return mockFetch({
    'GET /api/auth': { body: ann },
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
  it('opens on the users tab and every tab loads its own list', async () => {
    const { user, where } = (admin(), renderApp('/admin'));
    const usersPanel = await screen.findByRole('tabpanel', { name: 'Users' });
    expect(await within(usersPanel).findByRole('cell', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(within(usersPanel).getByRole('cell', { name: 'Pro' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Workspaces' }));
    expect(await screen.findByRole('cell', { name: 'Sales team' })).toBeInTheDocument();
    expect(where()).toBe('/admin?tab=workspaces');

    await user.click(screen.getByRole('tab', { name: 'Boards' }));
    expect(await screen.findByRole('link', { name: 'Open Q1 overview' })).toHaveAttribute('href', '/q1-overview');

    await user.click(screen.getByRole('tab', { name: 'Apps' }));
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
    const usersTab = await screen.findByRole('tab', { name: 'Users' });
    usersTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Workspaces' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Workspaces' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Redemption codes' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Redemption codes' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the Access Denied screen to a signed-in user who is not an administrator', async () => {
    admin({ 'GET /api/admin/users': forbidden, 'GET /api/admin/plans': forbidden });
    renderApp('/admin');
    expect(await screen.findByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '403' })).toBeInTheDocument();
    expect(screen.getAllByText('This application is private and you do not have permission to access it.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
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
    const { user } = renderApp('/admin');
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
    const { user } = renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Edit bob@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit bob@example.com' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Plan' }), 'Pro');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ plan_id: 'paid' });
  });

  it('asks before deleting a user and shows the server refusal inline', async () => {
    const { calls } = admin({ 'DELETE /api/admin/users/u2': { status: 404, body: { error: 'No user has this id.' } } });
    const { user } = renderApp('/admin');
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
    ['users', { 'GET /api/admin/users': { body: { users: [], total: 0 } } }, 'No accounts yet. People appear here once they sign up.'],
    ['workspaces', { 'GET /api/admin/workspaces': { body: { workspaces: [], total: 0 } } }, 'No workspaces yet. Each account creates its own from the dashboard.'],
    ['boards', { 'GET /api/admin/boards': { body: { boards: [], total: 0 } } }, 'No boards yet. Owners create boards from their dashboard.'],
    ['apps', { 'GET /api/admin/apps': { body: { apps: [], total: 0 } } }, 'No multi-page apps yet. Owners create apps from their dashboard.'],
    ['plans', { 'GET /api/admin/plans': { body: { plans: [] } } }, 'No plans are set up. The server creates the free and paid plans when it starts.'],
    ['codes', { 'GET /api/admin/redemption-codes': { body: { codes: [], total: 0 } } }, 'No codes yet. Generate a batch above and hand them out.'],
  ])('says what to do when the %s list is empty', async (tab, routes, text) => {
    admin(routes);
    renderApp(`/admin?tab=${tab}`);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says a search found nothing and how to get the list back', async () => {
    admin({ 'GET /api/admin/users': (_init, url) => ({ body: url.searchParams.get('q') ? { users: [], total: 0 } : { users, total: users.length } }) });
    const { user } = renderApp('/admin?tab=users');
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
    const { user } = renderApp('/admin?tab=boards');
    await user.click(await screen.findByRole('button', { name: 'Delete Q1 overview' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete Q1 overview' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No boards yet. Owners create boards from their dashboard.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/boards/b1')).toBe(true);
  });
});

describe('/admin_old', { timeout: 15_000 }, () => {
  it('shows every section on one page with anchors to each', async () => {
    admin();
    renderApp('/admin_old');
    const nav = await screen.findByRole('navigation', { name: 'Administration sections' });
    for (const [label, anchor] of [
      ['Users', '#users'],
      ['Workspaces', '#workspaces'],
      ['Boards', '#boards'],
      ['Apps', '#apps'],
      ['Plans', '#plans'],
      ['Redemption codes', '#codes'],
    ]) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', anchor);
      expect(screen.getByRole('region', { name: label })).toBeInTheDocument();
    }
    expect(await within(screen.getByRole('region', { name: 'Users' })).findByRole('cell', { name: 'bob@example.com' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Workspaces' })).findByRole('cell', { name: 'Sales team' })).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Redemption codes' })).findByRole('cell', { name: 'AAAA-BBBB-CCCC-DDDD' })).toBeInTheDocument();
  });

  it('shows Access Denied to a non-administrator too', async () => {
    mockFetch({
      'GET /api/auth': { body: ann },
      'GET /api/admin/users': forbidden,
      'GET /api/admin/workspaces': forbidden,
      'GET /api/admin/boards': forbidden,
      'GET /api/admin/apps': forbidden,
      'GET /api/admin/plans': forbidden,
      'GET /api/admin/redemption-codes': forbidden,
    });
    renderApp('/admin_old');
    expect(await screen.findByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });
});
