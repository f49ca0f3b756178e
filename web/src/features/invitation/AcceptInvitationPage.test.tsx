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

  it('greets a guest with the inviter and the app, and offers Create account with the invited e-mail prefilled', async () => {
    const TOKEN_PATH = '/accept-invitation?app=app1&token=t0k3n';
    const { calls } = guest({
      'GET /api/invitations/t0k3n': {
        body: { app_id: 'app1', app_name: 'Sales portal', inviter: 'Ada Lovelace', email: 'zoe@example.com', has_account: false },
      },
    });
    const { user } = renderApp(TOKEN_PATH);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace invited you to Sales portal' })).toBeInTheDocument();
    expect(screen.getByText(/The invitation is for zoe@example.com/)).toBeInTheDocument();
    const create = screen.getByRole('link', { name: 'Create account' });
    expect(create).toHaveClass('primary');
    expect(screen.getByRole('link', { name: 'Log in' })).not.toHaveClass('primary');
    expect(calls.some((c) => c.url.pathname.startsWith('/api/apps'))).toBe(false);

    await user.click(create);
    expect(await screen.findByLabelText('E-mail')).toHaveValue('zoe@example.com');
  });

  it('leads with Log in when the invited e-mail has an account', async () => {
    guest({
      'GET /api/invitations/t0k3n': { body: { app_id: 'app1', app_name: 'Sales portal', inviter: 'Ada', email: 'ann@example.com', has_account: true } },
    });
    renderApp('/accept-invitation?app=app1&token=t0k3n');
    expect(await screen.findByRole('heading', { name: 'Ada invited you to Sales portal' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveClass('primary');
    expect(screen.queryByRole('link', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('says a withdrawn invitation link is no longer valid and still offers to log in or sign up', async () => {
    guest({ 'GET /api/invitations/old': { status: 404, body: { error: "This invitation link is no longer valid: ask the app's owner to send a new one." } } });
    renderApp('/accept-invitation?app=app1&token=old');
    expect(await screen.findByRole('heading', { name: 'You are invited to an app' })).toBeInTheDocument();
    expect(screen.getByText(/This invitation link is no longer valid/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
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
