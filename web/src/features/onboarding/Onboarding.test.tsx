import { screen, waitFor, within } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';
import type { Onboarding } from './onboardingApi';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

const workspace = { id: 'w1', name: 'Sales team', subdomain: 'sales', owner_id: 'u1', created_at: 1 };
const fresh: Onboarding = {
  dismissed: false,
  has_workspace: false,
  data_connected: false,
  board_made: false,
  block_added: false,
  newest_board: null,
};
const withBoard: Onboarding = {
  ...fresh,
  has_workspace: true,
  data_connected: true,
  board_made: true,
  newest_board: { slug: 'sales-q3', name: 'Sales Q3' },
};

function signedIn(guide: Onboarding | (() => Onboarding), more: Routes = {}) {
  return mockFetch({
    'GET /api/auth': { body: ann },
    'GET /api/account/onboarding': () => ({ body: typeof guide === 'function' ? guide() : guide }),
    'GET /api/workspaces': { body: [workspace] },
    'GET /api/spreadsheets': { body: [] },
    'GET /api/boards': { body: [] },
    'GET /api/apps': { body: { apps: [] } },
    ...more,
  });
}

const STEPS = ['Create a workspace', 'Connect your data', 'Pick a template or a blank board', 'Add a block'];

/** The stepper's step titled `title`, as a list item. */
const step = (title: string) => screen.getByRole('heading', { name: title, level: 2 }).closest('li') as HTMLElement;
const statusOf = (title: string) => within(step(title)).getByText(/^(Done|To do)$/).textContent;
/** The title of the step marked as the one to do next. */
const currentStep = () =>
  within(screen.getByRole('list', { name: 'Steps' }))
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('aria-current') === 'step')
    ?.querySelector('h2')?.textContent;

beforeAll(() => Promise.all([import('../start/StartPage'), import('../dashboard/DashboardPage'), import('../dashboard/NewWorkspacePage')]));

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the first-run stepper on /dashboard/start', { timeout: 15_000 }, () => {
  it('shows a new account one list of four steps, in order, starting with a workspace', async () => {
    signedIn(fresh, { 'GET /api/workspaces': { body: [] } });
    renderApp('/dashboard/start');
    expect(await screen.findByRole('heading', { name: 'Get started in four steps' })).toBeInTheDocument();
    expect(screen.getByText('0 of 4 steps done')).toBeInTheDocument();
    // One stepper on the page, nothing numbered besides it.
    expect(screen.getAllByRole('list', { name: 'Steps' })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Get started in four steps', ...STEPS]);
    expect(STEPS.map(statusOf)).toEqual(['To do', 'To do', 'To do', 'To do']);
    expect(currentStep()).toBe('Create a workspace');
    expect(within(step('Create a workspace')).getByRole('button', { name: 'Create workspace' })).toBeInTheDocument();
    expect(within(step('Connect your data')).queryByRole('button', { name: 'Create workspace' })).not.toBeInTheDocument();
    expect(within(step('Add a block')).getByText(/Make a board first/)).toBeInTheDocument();
    expect(within(step('Add a block')).queryByRole('link')).not.toBeInTheDocument();
  });

  it('makes the workspace inside the stepper and moves on to connecting data', async () => {
    let made = false;
    signedIn(() => ({ ...fresh, has_workspace: made }), {
      'GET /api/workspaces': () => ({ body: made ? [workspace] : [] }),
      'POST /api/workspaces': () => {
        made = true;
        return { status: 201, body: workspace };
      },
    });
    const { user, where } = renderApp('/dashboard/start');
    await user.type(await screen.findByLabelText('Workspace name'), 'Sales team');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));

    expect(await screen.findByText('1 of 4 steps done')).toBeInTheDocument();
    expect(where()).toBe('/dashboard/start');
    expect(statusOf('Create a workspace')).toBe('Done');
    expect(within(step('Create a workspace')).getByText(/live in Sales team/)).toBeInTheDocument();
    expect(currentStep()).toBe('Connect your data');
    expect(within(step('Connect your data')).getByRole('form', { name: 'Upload a file' })).toBeInTheDocument();
    // The form that had the focus is gone: keyboard users go on from the next step.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Connect your data' })).toHaveFocus());
  });

  it('resumes at the first step the account has left, as a reload finds it', async () => {
    const orders = { id: 's1', workspace_id: 'w1', name: 'Orders', kind: 'upload', source_url: '', created_at: 5, open_url: '', sheets: [] };
    const older = { ...orders, id: 's0', name: 'Old list', created_at: 1 };
    signedIn({ ...fresh, has_workspace: true, data_connected: true }, { 'GET /api/spreadsheets': { body: [older, orders] } });
    renderApp('/dashboard/start');
    expect(await screen.findByText('2 of 4 steps done')).toBeInTheDocument();
    expect(STEPS.map(statusOf)).toEqual(['Done', 'Done', 'To do', 'To do']);
    expect(currentStep()).toBe('Pick a template or a blank board');
    // The spreadsheet connected last is the one picked for the board.
    expect(await within(step('Connect your data')).findByRole('combobox', { name: 'Spreadsheet' })).toHaveValue('s1');
  });

  it('ticks the steps from the account data and opens the newest board for the block', async () => {
    signedIn(withBoard);
    renderApp('/dashboard/start');
    expect(await screen.findByText('3 of 4 steps done')).toBeInTheDocument();
    expect(STEPS.map(statusOf)).toEqual(['Done', 'Done', 'Done', 'To do']);
    expect(currentStep()).toBe('Add a block');
    expect(within(step('Pick a template or a blank board')).getByText(/You made Sales Q3\./)).toBeInTheDocument();
    const open = within(step('Add a block')).getByRole('link', { name: 'Open Sales Q3 in the editor' });
    expect(open).toHaveAttribute('href', '/sales-q3');
    expect(within(step('Add a block')).getByText(/press New Block in the sidebar/)).toBeInTheDocument();
  });

  it('ticks Connect your data as soon as an upload finishes', async () => {
    let uploaded = false;
    const sheet = { title: 'Staff', columns: ['ChartApps Record ID', 'Name'], row_count: 1, version: 1 };
    const people = { id: 's2', workspace_id: 'w1', name: 'People', kind: 'upload', source_url: '', created_at: 1, open_url: '', sheets: [sheet] };
    signedIn(() => ({ ...fresh, has_workspace: true, data_connected: uploaded }), {
      'GET /api/spreadsheets': () => ({ body: uploaded ? [people] : [] }),
      'POST /api/spreadsheets/upload': () => {
        uploaded = true;
        return { body: { spreadsheet: { id: 's2', name: 'People' } } };
      },
    });
    const { user } = renderApp('/dashboard/start');
    expect(await screen.findByText('1 of 4 steps done')).toBeInTheDocument();
    const upload = screen.getByRole('form', { name: 'Upload a file' });
    await user.upload(within(upload).getByLabelText('File'), new File(['Name\nAda\n'], 'people.csv', { type: 'text/csv' }));
    await user.click(within(upload).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('2 of 4 steps done')).toBeInTheDocument();
    expect(statusOf('Connect your data')).toBe('Done');
    expect(currentStep()).toBe('Pick a template or a blank board');
  });

  it('says all is set once every step is done, and still makes boards', async () => {
    signedIn({ ...withBoard, block_added: true });
    renderApp('/dashboard/start');
    expect(await screen.findByRole('heading', { name: 'You are all set' })).toBeInTheDocument();
    expect(screen.getByText('4 of 4 steps done')).toBeInTheDocument();
    expect(within(step('Add a block')).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create board' })).toBeInTheDocument();
  });

  it('is dismissed for the account on the server and leaves the board creation in place', async () => {
    const { calls } = signedIn(withBoard, { 'PUT /api/account/onboarding': { body: { ...withBoard, dismissed: true } } });
    const { user } = renderApp('/dashboard/start');
    const dismiss = await screen.findByRole('button', { name: 'Dismiss guide' });
    // A plain button: the ghost style is white text meant for the dark top bar.
    expect(dismiss).not.toHaveClass('ghost');
    await user.click(dismiss);
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Get started in four steps' })).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ dismissed: true });
    expect(screen.getByRole('heading', { name: 'Connect your data' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add a block' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^(Done|To do)$/)).not.toBeInTheDocument();
  });

  it('stays hidden when the account dismissed it', async () => {
    signedIn({ ...fresh, has_workspace: true, dismissed: true });
    renderApp('/dashboard/start');
    expect(await screen.findByRole('heading', { name: 'Connect your data' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Get started in four steps' })).not.toBeInTheDocument();
  });

  it('is no obstacle when it cannot be read', async () => {
    signedIn(fresh, { 'GET /api/account/onboarding': { status: 500, body: { error: 'Sorry there has been a server error..' } } });
    renderApp('/dashboard/start');
    expect(await screen.findByRole('heading', { name: 'Connect your data' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Get started in four steps' })).not.toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
  });
});

describe('the guide from the dashboard', { timeout: 15_000 }, () => {
  it('shows a dismissed guide again and opens it', async () => {
    let dismissed = true;
    const { calls } = signedIn(() => ({ ...withBoard, dismissed }), {
      'PUT /api/account/onboarding': () => {
        dismissed = false;
        return { body: { ...withBoard, dismissed } };
      },
    });
    const { user, where } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Show getting-started guide' }));
    await waitFor(() => expect(where()).toBe('/dashboard/start'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ dismissed: false });
    expect(await screen.findByRole('heading', { name: 'Get started in four steps' })).toBeInTheDocument();
  });

  it('says how far an open guide is and links to it', async () => {
    signedIn(withBoard);
    renderApp('/dashboard');
    expect(await screen.findByText(/3 of 4 steps done/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue the guide' })).toHaveAttribute('href', '/dashboard/start');
    expect(screen.queryByRole('button', { name: 'Show getting-started guide' })).not.toBeInTheDocument();
  });

  it('says nothing once every step is done', async () => {
    signedIn({ ...withBoard, block_added: true });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sales team' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continue the guide' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show getting-started guide' })).not.toBeInTheDocument();
  });
});

describe('where a new account lands', { timeout: 15_000 }, () => {
  const verify = { 'POST /api/auth/verify-email': { body: { token: 't', user: ann } } };

  async function enterCode(path: string) {
    const rendered = renderApp(path);
    await rendered.user.type(await screen.findByLabelText('Verification code'), '123456');
    await rendered.user.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    return rendered;
  }

  it('goes from the verified sign-up code to the guide on /dashboard/start', async () => {
    signedIn(fresh, { ...verify, 'GET /api/workspaces': { body: [] } });
    const { where } = await enterCode('/dashboard/emailVerify?email=ann%40example.com');
    await waitFor(() => expect(where()).toBe('/dashboard/start'));
    expect(await screen.findByRole('heading', { name: 'Get started in four steps' })).toBeInTheDocument();
  });

  it('goes to the dashboard when the account dismissed the guide', async () => {
    signedIn({ ...fresh, dismissed: true }, verify);
    const { where } = await enterCode('/dashboard/emailVerify?email=ann%40example.com');
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });

  it('logs in to the guide while a step is left', async () => {
    const login = { 'POST /api/auth/login': { body: { token: 't', user: ann } } };
    signedIn(withBoard, { ...login, 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } } });
    const first = renderApp('/dashboard/auth');
    await first.user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await first.user.type(screen.getByLabelText('Password'), 'secret-pw');
    await first.user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(first.where()).toBe('/dashboard/start'));
  });

  it('comes back to the guide after creating the workspace it asked for', async () => {
    signedIn(fresh, { 'POST /api/workspaces': { status: 201, body: workspace } });
    const { user, where } = renderApp('/dashboard/new-workspace?next=%2Fdashboard%2Fstart');
    await user.type(await screen.findByLabelText('Workspace name'), 'Sales team');
    await user.click(screen.getByRole('button', { name: 'Create workspace' }));
    await waitFor(() => expect(where()).toBe('/dashboard/start'));
  });
});
