import { screen, waitFor, within } from '@testing-library/react';
import type { PageState } from '../../generated/api';
import { SESSION_HINT_KEY } from '../../store/sessionStore';
import { loadRealCore } from '../../test/realCore';
import { app, fill, pageState, renderViewer, serve } from '../../test/appViewer';
import { viewBlockOf } from '../../test/viewBlocks';

beforeAll(() => loadRealCore());

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const DENIED = { status: 403, body: { error: 'Access denied: This application is private and you do not have permission to access it.' } };
const GUEST = { status: 401, body: { error: 'Please login to do this!' } };
const RITA = { id: 'u2', name: 'Rita', email: 'rita@example.com' };
/** Rita's session, in a browser that kept it. */
const ritaSignedIn = () => {
  localStorage.setItem(SESSION_HINT_KEY, '1');
  return { body: RITA };
};

// Blocks as the server answers them: normalised (tessera_blocks::normalise).
const header = () => viewBlockOf('header', { id: 'h1', title: 'Top', HeaderTitle: 'Field app', UserMenu: true, navigationItems: [] });

/** A guest's page state, then the one after signing in (each page-state call takes the next). */
function pageStates(...states: ({ status: number; body: unknown } | PageState)[]) {
  let next = 0;
  return () => {
    const state = states[Math.min(next, states.length - 1)];
    next += 1;
    return 'status' in state && typeof state.status === 'number' ? state : { body: state };
  };
}

describe('signing in on an app page', { timeout: 15_000 }, () => {
  it('offers a guest of a private app a sign-in on the 403 screen that opens the app once signed in', async () => {
    const reader = pageState({ can_edit: false, user_role: 'read', blocks: [{ id: 'm1', type: 'markdown', title: 'Welcome', text: 'Hi' }] });
    const { calls } = serve({
      'POST /api/page/update-metadata': pageStates(DENIED, reader),
      'GET /api/auth': GUEST,
      'POST /api/auth/login': { body: { token: 't', user: RITA } },
      'GET /v3/api/page/view/m1': { body: { kind: 'markdown', texts: ['Hi'], html: ['<p>Hi</p>'] } },
    });
    const { user } = renderViewer('/?app=field');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in to field' });
    await fill(user, within(dialog).getByLabelText('E-mail'), 'rita@example.com');
    await fill(user, within(dialog).getByLabelText('Password'), 'secret words');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('region', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Only the sub-domain is known on a 403; a page password log-in names no app.
    expect(calls.find((c) => c.url.pathname === '/api/auth/login')?.body).toEqual({ email: 'rita@example.com', password: 'secret words' });
    expect(calls.filter((c) => c.url.pathname === '/api/page/update-metadata')).toHaveLength(2);
  });

  it('lets a signed-in user who is not invited switch accounts from the 403 screen', async () => {
    serve({ 'POST /api/page/update-metadata': DENIED, 'GET /api/auth': ritaSignedIn() });
    const { user } = renderViewer('/?app=field');
    await user.click(await screen.findByRole('button', { name: 'Sign in as someone else' }));
    expect(screen.getByRole('dialog', { name: 'Sign in to field' })).toBeInTheDocument();
  });

  it("opens the app's own sign-in from the header and shows a wrong password in the dialog", async () => {
    const { calls } = serve({
      'POST /api/page/update-metadata': { body: pageState({ can_edit: false, public: true, user_role: 'guest', blocks: [header()] }) },
      'GET /api/auth': GUEST,
      'POST /api/auth/login': { status: 401, body: { error: 'Incorrect password. Please try again, or reset your password.' } },
    });
    const { user } = renderViewer('/?app=field');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in to Field app' });
    await fill(user, within(dialog).getByLabelText('E-mail'), 'rita@example.com');
    await fill(user, within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
    expect(await within(dialog).findByText('Incorrect password. Please try again, or reset your password.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/api/auth/login')?.body).toEqual({ email: 'rita@example.com', password: 'wrong', app_id: 'a1' });
    expect(within(dialog).getByRole('link', { name: 'No account yet? Sign up' })).toHaveAttribute(
      'href',
      `/dashboard/signup?${new URLSearchParams({ next: '/?app=field' })}`,
    );
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('offers only the e-mailed link when the app signs in by link, and says where it went', async () => {
    const { calls } = serve({
      'POST /api/page/update-metadata': { body: pageState({ can_edit: false, public: true, sign_in_method: 'link', blocks: [header()] }) },
      'GET /api/auth': GUEST,
      'POST /api/auth/login-link': { body: { message: 'sent', email: 'rita@example.com' } },
    });
    const { user } = renderViewer('/?app=field');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in to Field app' });
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: 'Forgot your password?' })).not.toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('E-mail'), 'rita@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send me a log-in link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('We sent a log-in link to rita@example.com.');
    expect(calls.find((c) => c.url.pathname === '/api/auth/login-link')?.body).toEqual({ email: 'rita@example.com', app_id: 'a1' });
  });

  it('offers only the password when the app signs in by password', async () => {
    serve({
      'POST /api/page/update-metadata': { body: pageState({ can_edit: false, public: true, sign_in_method: 'password', blocks: [header()] }) },
      'GET /api/auth': GUEST,
    });
    const { user } = renderViewer('/?app=field');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign in to Field app' });
    expect(within(dialog).getByLabelText('Password')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send me a log-in link' })).not.toBeInTheDocument();
  });

  it("signs in with the app's e-mailed link on its own address, then drops the token from it", async () => {
    const { calls } = serve({
      'POST /api/auth': { body: { token: 't', user: RITA } },
      'POST /api/page/update-metadata': { body: pageState({ can_edit: false, blocks: [] }) },
    });
    const { where } = renderViewer(`/about?app=field&token=${'ab'.repeat(32)}`);
    expect(await screen.findByText('Nothing has been published on this page yet.')).toBeInTheDocument();
    expect(where()).toBe('/about?app=field');
    const order = calls.map((c) => c.url.pathname).filter((path) => path.startsWith('/api/auth') || path === '/api/page/update-metadata');
    expect(order.slice(0, 2)).toEqual(['/api/auth', '/api/page/update-metadata']);
  });

  it('says so when the link was used already, and leads on to the app', async () => {
    serve({ 'POST /api/auth': { status: 400, body: { error: 'This log-in link is not valid or was already used. Please ask for a new one.' } } });
    renderViewer(`/?app=field&token=${'ab'.repeat(32)}`);
    expect(await screen.findByText('This log-in link is not valid or was already used. Please ask for a new one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', '/?app=field');
  });

  it('shows the page as a guest sees it again after signing out in the header', async () => {
    const { calls } = serve({
      'POST /api/page/update-metadata': { body: pageState({ can_edit: false, public: true, user_role: 'read', blocks: [header()] }) },
      'GET /api/auth': ritaSignedIn(),
      'POST /api/auth/logout': { body: {} },
    });
    const { user } = renderViewer('/?app=field');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/page/update-metadata')).toHaveLength(2));
  });
});

describe("the app's header and footer", { timeout: 15_000 }, () => {
  const appHeader = () => viewBlockOf('header', { id: 'app-header', HeaderTitle: 'Field app everywhere', navigationItems: [] });
  const appFooter = () => viewBlockOf('footer', { id: 'app-footer', footerLayoutType: 'Classic Footer Bar', copyrightText: '© Field app' });

  it('frames every page without header or footer blocks of its own', async () => {
    serve({
      'POST /api/page/update-metadata': {
        body: pageState({ can_edit: false, app_header: appHeader(), app_footer: appFooter(), blocks: [{ id: 'm1', type: 'markdown', title: 'Welcome' }] }),
      },
      'GET /v3/api/page/view/m1': { body: { kind: 'markdown', texts: ['Hi'], html: ['<p>Hi</p>'] } },
    });
    renderViewer('/?app=field');
    expect(await screen.findByText('Field app everywhere', { selector: '.app-chrome .header-title' })).toBeInTheDocument();
    expect(await within(screen.getByRole('contentinfo')).findByText('© Field app')).toBeInTheDocument();
    const frame = screen.getByRole('main').parentElement;
    expect([...(frame?.children ?? [])].map((child) => child.tagName.toLowerCase())).toEqual(['header', 'main', 'footer']);
    expect(within(screen.getByRole('main')).getByRole('region', { name: 'Welcome' })).toBeInTheDocument();
  });

  it('leaves them out where the page has its own header or footer block', async () => {
    serve({
      'POST /api/page/update-metadata': { body: pageState({ can_edit: false, app_header: appHeader(), app_footer: appFooter(), blocks: [header()] }) },
      'GET /api/auth': GUEST,
    });
    renderViewer('/?app=field');
    expect(await screen.findByText('Field app', { selector: '.header-title' })).toBeInTheDocument();
    expect(screen.queryByText('Field app everywhere')).not.toBeInTheDocument();
    expect(await screen.findByText('© Field app')).toBeInTheDocument();
  });
});

describe('App Settings: sign-in method, header and footer', { timeout: 15_000 }, () => {
  const editor = () =>
    serve({
      'PUT /api/apps/a1': (init) => {
        const change = JSON.parse(String(init.body)) as { settings: Record<string, unknown> };
        const settings = Object.fromEntries(Object.entries({ ...app.settings, ...change.settings }).filter(([, value]) => value !== null));
        return { body: { app: { ...app, settings } } };
      },
    });

  async function openSettings(user: ReturnType<typeof renderViewer>['user']) {
    await screen.findByRole('heading', { level: 1, name: 'Field app - Home' });
    await user.click(within(screen.getByRole('navigation', { name: 'App editor' })).getByRole('button', { name: 'App Settings' }));
    return screen.getByRole('dialog', { name: 'App Settings' });
  }

  it('saves the sign-in method into the app settings', async () => {
    const { calls } = editor();
    const { user } = renderViewer('/?app=field');
    const dialog = await openSettings(user);
    await user.selectOptions(within(dialog).getByLabelText('Sign-in method'), 'E-mailed log-in link');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ settings: { sign_in_method: 'link' } }]);
  });

  it("connects another of the workspace's spreadsheets and loads the page again with its tabs", async () => {
    let states = 0;
    const { calls } = serve(
      {
        'GET /api/spreadsheets': {
          body: [
            { id: 's1', workspace_id: 'w1', name: 'Orders', kind: 'upload', source_url: '', sheets: [] },
            { id: 's2', workspace_id: 'w1', name: 'Stock', kind: 'upload', source_url: '', sheets: [] },
          ],
        },
        'PUT /api/apps/a1': (init) => ({ body: { app: { ...app, ...JSON.parse(String(init.body)) } } }),
        'POST /api/page/update-metadata': () => {
          states += 1;
          return { body: pageState(states > 1 ? { spreadsheetId: 's2', sheets: ['Stock'] } : { spreadsheetId: 's1' }) };
        },
      },
      pageState(),
      { ...app, spreadsheetId: 's1' },
    );
    const { user } = renderViewer('/?app=field');
    const dialog = await openSettings(user);
    const picker = within(dialog).getByLabelText('Spreadsheet');
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['No spreadsheet', 'Orders', 'Stock']),
    );
    expect(picker).toHaveValue('s1');
    await user.selectOptions(picker, 'Stock');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(states).toBe(2));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ spreadsheetId: 's2' }]);
  });

  it('sets up a header for every page with the block editor, shows it on the page, and removes it', async () => {
    const { calls } = editor();
    const { user } = renderViewer('/?app=field');
    const dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('button', { name: 'Set up a header' }));
    const headerEditor = await screen.findByRole('dialog', { name: 'Header of every page' });
    await fill(user, await within(headerEditor).findByLabelText('Header title'), 'Everywhere');
    await user.click(within(headerEditor).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Header of every page' })).not.toBeInTheDocument());
    const saved = calls.find((c) => c.method === 'PUT')?.body as { settings: { header: Record<string, unknown> } };
    // A new header starts from the catalogue's defaults (its layout, Left).
    expect(saved.settings.header).toEqual({ type: 'header', HeaderTitle: 'Everywhere', LayoutType: 'Left' });
    expect(within(dialog).getByRole('button', { name: 'Edit header' })).toBeInTheDocument();
    expect(await within(screen.getByRole('main').parentElement as HTMLElement).findByText('Everywhere', { selector: '.header-title' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Remove header' }));
    expect(await within(dialog).findByRole('button', { name: 'Set up a header' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({ settings: { header: null } });
    expect(screen.queryByText('Everywhere', { selector: '.header-title' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a footer setting at that setting and keeps the editor open", async () => {
    serve({ 'PUT /api/apps/a1': { status: 422, body: { error: 'The copyright text has at most 200 characters.', field: 'copyrightText' } } });
    const { user } = renderViewer('/?app=field');
    const dialog = await openSettings(user);
    await user.click(within(dialog).getByRole('button', { name: 'Set up a footer' }));
    const footerEditor = await screen.findByRole('dialog', { name: 'Footer of every page' });
    await user.click(within(footerEditor).getByRole('button', { name: 'Save' }));
    expect(await within(footerEditor).findByText('The copyright text has at most 200 characters.')).toBeInTheDocument();
  });
});
