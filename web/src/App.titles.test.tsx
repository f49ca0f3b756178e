import { screen, waitFor } from '@testing-library/react';
import { ACCESS_DENIED_TEXT } from './api/messages';
import { boardState, salesRows, unpublished } from './features/board/boardFixture';
import { appPageTitle } from './features/app/AppViewerRoute';
import { pageState } from './test/appViewer';
import { mockFetch, type Routes } from './test/fetchMock';
import { ann, renderApp } from './test/renderApp';

// Each screen's own title in the browser tab (issue 26), through the real route table.

vi.mock('./features/preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

beforeAll(() =>
  Promise.all([
    import('./features/auth/LoginPage'),
    import('./features/auth/SignupPage'),
    import('./features/dashboard/DashboardPage'),
    import('./features/board/BoardViewerRoute'),
    import('./features/app/AppViewerRoute'),
  ]),
);
beforeEach(() => {
  document.title = 'Tessera';
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

const guest = () => mockFetch({ 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } } });

function serveBoard(board: ReturnType<typeof boardState>, more: Routes = {}) {
  return mockFetch({
    'POST /api/board/update-metadata': { body: board },
    'GET /api/board/s1/sheet/Sales': { body: salesRows },
    'GET /api/spreadsheets/s1': { body: { open_url: 'https://docs.google.com/spreadsheets/d/abc' } },
    ...unpublished,
    ...more,
  });
}

describe('the tab title of each screen', { timeout: 15_000 }, () => {
  it('Log in', async () => {
    guest();
    renderApp('/dashboard/auth');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Log in · Tessera'));
  });

  it('Sign up', async () => {
    guest();
    renderApp('/dashboard/signup');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign up · Tessera'));
  });

  it('the dashboard, once signed in', async () => {
    mockFetch({
      'GET /api/auth': { body: ann },
      'GET /api/workspaces': { body: [] },
      'GET /api/boards': { body: [] },
      'GET /api/apps': { body: { apps: [] } },
      'GET /api/spreadsheets': { body: [] },
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Create your first workspace' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Dashboard · Tessera'));
  });

  it('an address that matches no route', async () => {
    renderApp('/no/such/page');
    expect(screen.getByText('This page could not be found')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found · Tessera'));
  });

  it("a visitor's board keeps the title the server wrote for its link preview", async () => {
    serveBoard(boardState());
    renderApp('/sales');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales overview' })).toBeInTheDocument();
    // server/src/link_preview.rs: the board's title, else its name.
    await waitFor(() => expect(document.title).toBe('Sales overview'));
  });

  it("a visitor's board without a title is named by its name", async () => {
    serveBoard(boardState({ title: ' ' }));
    renderApp('/sales');
    await waitFor(() => expect(document.title).toBe('Sales board'));
  });

  it("the board's editor names the board and the product", async () => {
    serveBoard(boardState({ can_edit: true, user_role: 'owner', owner_email: 'ann@example.com' }));
    renderApp('/sales');
    expect(await screen.findByRole('navigation', { name: 'Board editor' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sales board · Tessera'));
  });

  it('a private board: Access denied', async () => {
    serveBoard(boardState(), { 'POST /api/board/update-metadata': { status: 403, body: { error: `Access denied: ${ACCESS_DENIED_TEXT}` } } });
    renderApp('/secret');
    expect(await screen.findByRole('heading', { name: '403' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Access denied · Tessera'));
  });

  it('an unknown board: Page not found', async () => {
    serveBoard(boardState(), { 'POST /api/board/update-metadata': { status: 404, body: { error: 'Page not found: no board has the address /nope.' } } });
    renderApp('/nope');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found · Tessera'));
  });

  it("an app's page: the app's name, then the page's", async () => {
    mockFetch({
      'POST /api/page/update-metadata': { body: pageState({ can_edit: false, user_role: 'read', page_name: 'About', page_slug: 'about', blocks: [] }) },
    });
    renderApp('/about?app=field');
    expect(await screen.findByText('Nothing has been published on this page yet.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Field app · About'));
  });
});

describe('appPageTitle', () => {
  const page = pageState();
  it('names the app, then the page; the app alone when the page bears its name; nothing while loading', () => {
    expect(appPageTitle({ status: 'ready', page }, 'field')).toBe('Field app · Home');
    expect(appPageTitle({ status: 'ready', page: pageState({ page_name: 'Field app' }) }, 'field')).toBe('Field app');
    expect(appPageTitle({ status: 'ready', page: pageState({ name: '' }) }, 'field')).toBe('field · Home');
    expect(appPageTitle({ status: 'loading', page: null }, 'field')).toBeNull();
    expect(appPageTitle({ status: 'denied', page: null }, 'field')).toBe('Access denied · Tessera');
    expect(appPageTitle({ status: 'missing', page: null }, 'field')).toBe('Page not found · Tessera');
  });
});
