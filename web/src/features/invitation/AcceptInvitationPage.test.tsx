import { screen, waitFor } from '@testing-library/react';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';
import { SESSION_HINT_KEY } from '../../store/sessionStore';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

const PATH = '/accept-invitation?app=app1';
const NEXT = encodeURIComponent(PATH);
const salesApp = { id: 'app1', name: 'Sales portal', subdomain: 'sales', spreadsheet_url: '', public: false, workspace_id: 'w1', created_at: 1, settings: {} };

/** A browser that kept Ann's session. */
const signedIn = (more: Routes) => {
  localStorage.setItem(SESSION_HINT_KEY, '1');
  return mockFetch({ 'GET /api/auth': { body: ann }, ...more });
};
const guest = (more: Routes = {}) => mockFetch({ 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } }, ...more });

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  expect(window.alert).not.toHaveBeenCalled();
  vi.unstubAllGlobals();
});

describe('/accept-invitation', () => {
  it('asks a guest to log in or sign up, with links that come back here', async () => {
    const { calls } = guest();
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'You are invited to an app' })).toBeInTheDocument();
    expect(screen.getByText(/with the e-mail address the invitation was sent to/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/dashboard/auth?next=${NEXT}`);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `/dashboard/signup?next=${NEXT}`);
    expect(calls.some((c) => c.url.pathname.startsWith('/api/apps'))).toBe(false);
  });

  it('after logging in from the invitation, shows the app to open', async () => {
    guest({
      'POST /api/auth/login': { body: { token: 't', user: ann } },
      'GET /api/apps/app1': { body: { app: salesApp } },
    });
    const { user, where } = renderApp(PATH);
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Sales portal' })).toBeInTheDocument();
    expect(where()).toBe(PATH);
  });

  it('shows an invited user the app name and a link that opens it', async () => {
    const { calls } = signedIn({ 'GET /api/apps/app1': { body: { app: salesApp } } });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'Sales portal' })).toBeInTheDocument();
    expect(screen.getByText('You have access to this app as ann@example.com.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open app' })).toHaveAttribute('href', '/?app=sales');
    expect(calls.filter((c) => c.url.pathname === '/api/apps/app1')).toHaveLength(1);
  });

  it('tells a signed-in user whose e-mail was not invited, and lets them switch accounts', async () => {
    const { calls } = signedIn({
      'GET /api/apps/app1': { status: 403, body: { error: 'Access denied: This application is private and you do not have permission to access it.' } },
      'POST /api/auth/logout': { body: { message: 'Logged out' } },
    });
    const { user, where } = renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'This invitation is for another e-mail address' })).toBeInTheDocument();
    expect(screen.getByText(/You are signed in as ann@example.com, and this e-mail address was not invited/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out and switch account' }));
    await waitFor(() => expect(where()).toBe(`/dashboard/auth?next=${NEXT}`));
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/auth/logout')).toBe(true);
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument();
  });

  it('says the app no longer exists on a 404', async () => {
    signedIn({ 'GET /api/apps/app1': { status: 404, body: { error: 'App not found. Check the link, or ask its owner for a new one.' } } });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'This app no longer exists' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/dashboard');
  });

  it('shows another failure with a way to try again', async () => {
    let attempts = 0;
    signedIn({
      'GET /api/apps/app1': () => (++attempts === 1 ? { status: 500, body: { error: 'Something broke on our side.' } } : { body: { app: salesApp } }),
    });
    const { user } = renderApp(PATH);
    expect(await screen.findByText('Something broke on our side.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Sales portal' })).toBeInTheDocument();
  });

  it('explains a link without an app', async () => {
    signedIn({});
    renderApp('/accept-invitation');
    expect(await screen.findByRole('heading', { name: 'This invitation link is incomplete' })).toBeInTheDocument();
  });
});
