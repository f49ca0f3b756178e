import { screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '../../store/sessionStore';
import { mockFetch } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

const dashboardData = {
  'GET /api/workspaces': { body: [] },
  'GET /api/boards': { body: [] },
  'GET /api/apps': { body: { apps: [] } },
};

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe.each(['/dashboard/signup', '/dashboard/signupbackup'])('%s', (path) => {
  it('creates the account and asks for the e-mailed code', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/signup': { status: 201, body: { email: 'ann@example.com', verification: 'sent' } } });
    const { user, where } = renderApp(path);
    await user.type(await screen.findByLabelText('Name'), ' Ann Lee ');
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(where()).toBe('/dashboard/emailVerify?email=ann%40example.com'));
    expect(calls[0].body).toEqual({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret-pw' });
    expect(await screen.findByText('We sent a verification code to ann@example.com. Enter it below to finish.')).toBeInTheDocument();
  });

  it('shows a refused sign-up inline', async () => {
    mockFetch({ 'POST /api/auth/signup': { status: 409, body: { error: 'An account with this e-mail already exists.' } } });
    const { user } = renderApp(path);
    await user.type(await screen.findByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists.');
    expect(window.alert).not.toHaveBeenCalled();
  });
});

describe('/dashboard/emailVerify', () => {
  it('verifies the code, starts the session and opens the dashboard', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/verify-email': { body: { token: 't', user: ann } }, ...dashboardData });
    const { user, where } = renderApp('/dashboard/emailVerify?email=ann%40example.com');
    await user.type(await screen.findByLabelText('Verification code'), ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    await waitFor(() => expect(where()).toBe('/dashboard'));
    expect(calls[0].body).toEqual({ email: 'ann@example.com', code: '123456' });
    expect(useSessionStore.getState().user).toEqual(ann);
  });

  it('goes back to the page that sent the visitor to sign up (an invitation)', async () => {
    mockFetch({ 'POST /api/auth/signup': { status: 201, body: { email: 'ann@example.com', verification: 'sent' } } });
    const { user, where } = renderApp('/dashboard/signup?next=%2Faccept-invitation%3Fapp%3Da1');
    await user.type(await screen.findByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(where()).toBe('/dashboard/emailVerify?email=ann%40example.com&next=%2Faccept-invitation%3Fapp%3Da1'));
    mockFetch({ 'POST /api/auth/verify-email': { body: { token: 't', user: ann } }, 'GET /api/apps/a1': { status: 404, body: { error: 'gone' } } });
    await user.type(await screen.findByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    await waitFor(() => expect(where()).toBe('/accept-invitation?app=a1'));
  });

  it('shows a wrong code inline', async () => {
    mockFetch({ 'POST /api/auth/verify-email': { status: 400, body: { error: 'Invalid OTP, please enter the valid OTP' } } });
    const { user } = renderApp('/dashboard/emailVerify?email=ann%40example.com');
    await user.type(await screen.findByLabelText('Verification code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid OTP, please enter the valid OTP');
  });

  it('sends a new code', async () => {
    const { calls } = mockFetch({ 'POST /api/auth/resend-code': { body: { email: 'ann@example.com', message: 'sent' } } });
    const { user } = renderApp('/dashboard/emailVerify?email=ann%40example.com');
    await user.click(await screen.findByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(/A new code is on its way to ann@example.com/)).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: 'ann@example.com' });
  });

  it('asks for the e-mail when it was not given', async () => {
    mockFetch({});
    renderApp('/dashboard/emailVerify');
    expect(await screen.findByLabelText('E-mail')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  });
});

describe('/dashboard/forgetPassword', () => {
  it('e-mails a code, then sets the new password with it', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/forgot-password': { body: { email: 'ann@example.com', message: 'sent' } },
      'POST /api/auth/reset-password': { body: { message: 'Password changed' } },
    });
    const { user } = renderApp('/dashboard/forgetPassword');
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('We e-mailed a code to ann@example.com. Enter it with your new password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code'), '654321');
    await user.type(screen.getByLabelText(/New password/), 'new-secret-pw');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeInTheDocument();
    expect(calls[1].body).toEqual({ email: 'ann@example.com', code: '654321', password: 'new-secret-pw' });
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/dashboard/auth');
  });

  it('shows an expired code inline', async () => {
    mockFetch({
      'POST /api/auth/forgot-password': { body: { email: 'ann@example.com', message: 'sent' } },
      'POST /api/auth/reset-password': { status: 400, body: { error: 'OTP has expired' } },
    });
    const { user } = renderApp('/dashboard/forgetPassword');
    await user.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    await user.type(await screen.findByLabelText('Code'), '1');
    await user.type(screen.getByLabelText(/New password/), 'new-secret-pw');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('OTP has expired');
  });
});
