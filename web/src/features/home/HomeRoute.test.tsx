import { screen, within } from '@testing-library/react';
import { SESSION_HINT_KEY } from '../../store/sessionStore';
import { mockFetch } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';
import { styled } from '../../test/appStyles';
import { Route, Routes } from 'react-router';
import HomeRoute, { HOME_TITLE } from './HomeRoute';

// The sample board has its own tests (preview/PreviewPage.test.tsx); here it only has to be there.
vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <p>Sales sample sheet · 60 rows</p> }));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the home page for a visitor', () => {
  it('says what Tessera does, offers Start free, Log in and Sign up, and shows the sample board', async () => {
    mockFetch({});
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Turn a spreadsheet into a board or an app people can use' })).toBeInTheDocument();
    const points = within(screen.getByRole('region', { name: 'What Tessera does' }));
    expect(points.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'A board or a whole app',
      'Share it your way',
      'Viewers filter and act on rows',
      'Embed it or list it',
    ]);
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/dashboard/auth');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/dashboard/signup');
    for (const start of screen.getAllByRole('link', { name: 'Start free' })) expect(start).toHaveAttribute('href', '/dashboard/signup');
    expect(screen.getByRole('link', { name: 'Try the sample sheet' })).toHaveAttribute('href', '#demo');
    const demo = screen.getByRole('region', { name: 'Try it on a sample sheet' });
    expect(demo).toHaveAttribute('id', 'demo');
    expect(within(demo).getByText('Sales sample sheet · 60 rows')).toBeInTheDocument();
    expect(document.title).toBe(HOME_TITLE);
    expect(HOME_TITLE).toBe('Boards and apps from your spreadsheets · Tessera');
  });

  it('asks nobody who is signed in when this browser never kept a session', async () => {
    const { calls } = mockFetch({ 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } } });
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).not.toContain('GET /api/auth');
  });

  it('shows Log in and Sign up in the dark bar as themed buttons, never white on white', async () => {
    mockFetch({});
    renderApp('/');
    const bar = await screen.findByRole('banner');
    expect(styled(bar, 'color')).toBe('rgb(255, 255, 255)');
    const logIn = within(bar).getByRole('link', { name: 'Log in' });
    expect(styled(logIn, 'background-color')).toBe('rgb(255, 255, 255)');
    expect(styled(logIn, 'color')).toBe('rgb(67, 70, 77)');
    const signUp = within(bar).getByRole('link', { name: 'Sign up' });
    expect(styled(signUp, 'background-color')).toBe('rgb(216, 31, 82)');
    expect(styled(signUp, 'color')).toBe('rgb(255, 255, 255)');
    const marketplace = within(bar).getByRole('link', { name: 'Marketplace' });
    expect(styled(marketplace, 'color', ['features/home/home.css'])).toBe('rgb(255, 255, 255)');
  });
});

/** The home route alone, with a stand-in for the dashboard it sends a signed-in user to. */
function renderHome() {
  return renderApp(
    '/',
    <Routes>
      <Route path="/" element={<HomeRoute />} />
      <Route path="/dashboard" element={<p>the dashboard</p>} />
    </Routes>,
  );
}

describe('the home page for a signed-in user', () => {
  it('checks the session this browser kept and goes on to the dashboard', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1');
    const { calls } = mockFetch({ 'GET /api/auth': { body: ann } });
    renderHome();
    expect(await screen.findByText('the dashboard')).toBeInTheDocument();
    expect(calls.map((call) => `${call.method} ${call.url.pathname}`)).toEqual(['GET /api/auth']);
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it('shows the landing page when the kept session has ended', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1');
    mockFetch({ 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } } });
    renderHome();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Turn a spreadsheet');
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBeNull();
  });
});
