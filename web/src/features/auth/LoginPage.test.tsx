import { screen, waitFor } from '@testing-library/react';
import { SESSION_HINT_KEY, useSessionStore } from '../../store/sessionStore';
import { mockFetch } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

const guest = { 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } } };

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('/dashboard/auth', () => {
  it('logs in and goes to the page it was sent from', async () => {
    const { calls } = mockFetch({ ...guest, 'POST /api/auth/login': { body: { token: 't', user: ann } } });
    const { user, where } = renderApp('/dashboard/auth?next=%2Fdashboard%2Faccount');
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(where()).toBe('/dashboard/account'));
    expect(calls.find((c) => c.url.pathname === '/api/auth/login')?.body).toEqual({ email: 'ann@example.com', password: 'secret-pw' });
    expect(useSessionStore.getState().user).toEqual(ann);
  });

  it('shows a wrong password inline, not in an alert', async () => {
    mockFetch({ ...guest, 'POST /api/auth/login': { status: 401, body: { error: 'Incorrect password. Please try again, or reset your password.' } } });
    const { user, where } = renderApp('/dashboard/auth');
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password. Please try again, or reset your password.');
    expect(window.alert).not.toHaveBeenCalled();
    expect(where()).toBe('/dashboard/auth');
  });

  it('shows the unknown-account text inline with the way to sign up', async () => {
    mockFetch({ ...guest, 'POST /api/auth/login': { status: 404, body: { error: 'Account Not Found. Please Sign Up to Create an Account.' } } });
    const { user } = renderApp('/dashboard/auth');
    await user.type(await screen.findByLabelText('E-mail'), 'who@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account Not Found. Please Sign Up to Create an Account.');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/dashboard/signup');
  });

  it('sends an unverified account to enter the code that was just e-mailed', async () => {
    mockFetch({ ...guest, 'POST /api/auth/login': { status: 403, body: { error: 'Please verify your e-mail first.' } } });
    const { user, where } = renderApp('/dashboard/auth');
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(where()).toBe('/dashboard/emailVerify?email=ann%40example.com'));
  });

  it('exchanges the token of an e-mailed link once, then goes to /dashboard', async () => {
    const { calls } = mockFetch({
      'POST /api/auth': { body: { token: 's', user: ann } },
      'GET /api/workspaces': { body: [] },
      'GET /api/boards': { body: [] },
      'GET /api/apps': { body: { apps: [] } },
    });
    const { where } = renderApp('/dashboard/auth?token=link-token');
    await waitFor(() => expect(where()).toBe('/dashboard'));
    const exchanges = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/auth');
    expect(exchanges.map((c) => c.body)).toEqual([{ token: 'link-token' }]);
    expect(await screen.findByText('Create your first workspace')).toBeInTheDocument();
  });

  it('shows why a used or expired link did not log in, with the form to try otherwise', async () => {
    mockFetch({ 'POST /api/auth': { status: 400, body: { error: 'This log-in link is no longer valid.' } } });
    renderApp('/dashboard/auth?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent('This log-in link is no longer valid.');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('e-mails a log-in link on request', async () => {
    const { calls } = mockFetch({ ...guest, 'POST /api/auth/login-link': { body: { email: 'ann@example.com', message: 'sent' } } });
    const { user } = renderApp('/dashboard/auth');
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a log-in link' }));
    expect(await screen.findByText(/We sent a log-in link to ann@example.com/)).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({ email: 'ann@example.com' });
  });

  it('asks for the e-mail before sending a link', async () => {
    mockFetch(guest);
    const { user } = renderApp('/dashboard/auth');
    await user.click(await screen.findByRole('button', { name: 'Send me a log-in link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your e-mail address first');
  });

  it('sends someone already signed in straight on', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1');
    mockFetch({
      'GET /api/auth': { body: ann },
      'GET /api/account': { body: { ...ann, plan_id: 'free', email_verified: true, created_at: 1 } },
    });
    const { where } = renderApp('/dashboard/auth?next=%2Fdashboard%2Faccount');
    await waitFor(() => expect(where()).toBe('/dashboard/account'));
  });

  it('never follows a next parameter off the site', async () => {
    mockFetch({
      ...guest,
      'POST /api/auth/login': { body: { token: 't', user: ann } },
      'GET /api/workspaces': { body: [] },
      'GET /api/boards': { body: [] },
      'GET /api/apps': { body: { apps: [] } },
    });
    const { user, where } = renderApp('/dashboard/auth?next=%2F%2Fevil.example');
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(where()).toBe('/dashboard'));
  });
});
