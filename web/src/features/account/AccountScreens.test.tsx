import { screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from '../../store/sessionStore';
import { mockFetch, type Routes } from '../../test/fetchMock';
import { ann, renderApp } from '../../test/renderApp';

vi.mock('../preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

const profile = { ...ann, plan_id: 'free', email_verified: true, has_password: true, created_at: 1 };
const NOW = Math.floor(Date.now() / 1000);
const laptop = {
  id: 's1',
  created_at: NOW - 7200,
  last_used_at: NOW - 60,
  expires_at: NOW + 3600,
  user_agent: 'Laptop browser',
  ip: '203.0.113.7',
  current: true,
};
const phone = { id: 's2', created_at: NOW - 86_400, last_used_at: null, expires_at: NOW + 3600, user_agent: 'Phone browser', ip: null, current: false };
const plans = {
  plans: [
    { id: 'free', name: 'Free', embedding: false, description: 'Boards, apps and users; no embedding.' },
    { id: 'paid', name: 'Paid', embedding: true, description: 'Everything in Free, plus embedding boards in other sites.' },
  ],
  mine: 'free',
};

const signedIn = (more: Routes) =>
  mockFetch({ 'GET /api/auth': { body: ann }, 'GET /api/account': { body: profile }, 'GET /api/account/sessions': { body: { sessions: [laptop] } }, ...more });

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => vi.unstubAllGlobals());

describe('/dashboard/account', () => {
  it('renames the account', async () => {
    const { calls } = signedIn({ 'PUT /api/account': { body: { ...profile, name: 'Ann B' } } });
    const { user } = renderApp('/dashboard/account');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Ann Lee');
    await user.clear(name);
    await user.type(name, 'Ann B');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name has been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Ann B' });
    expect(useSessionStore.getState().user?.name).toBe('Ann B');
  });

  it('changes the password and shows a wrong current password inline', async () => {
    let attempts = 0;
    signedIn({
      'PUT /api/account/password': () =>
        ++attempts === 1 ? { status: 400, body: { error: 'The current password is wrong.' } } : { body: { token: 't2', user: ann } },
    });
    const { user } = renderApp('/dashboard/account');
    await user.type(await screen.findByLabelText('Current password'), 'bad');
    await user.type(screen.getByLabelText('New password'), 'new-secret-pw');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The current password is wrong.');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed. Other sessions were logged out.')).toBeInTheDocument();
  });

  it('sets a first password without asking for a current one', async () => {
    const { calls } = signedIn({
      'GET /api/account': { body: { ...profile, has_password: false } },
      'PUT /api/account/password': { body: { token: 't2', user: ann } },
    });
    const { user } = renderApp('/dashboard/account');
    await user.type(await screen.findByLabelText('New password'), 'new-secret-pw');
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password, to confirm')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Your password has been changed. Other sessions were logged out.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ new_password: 'new-secret-pw' });
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('lists the sessions, marks this one, and logs out one or everywhere else', async () => {
    let sessions = [laptop, phone, { ...phone, id: 's3', user_agent: 'Tablet browser' }];
    const { calls } = signedIn({
      'GET /api/account/sessions': () => ({ body: { sessions } }),
      'DELETE /api/account/sessions/s2': () => {
        sessions = sessions.filter((session) => session.id !== 's2');
        return { body: { message: 'The session has ended.' } };
      },
      'POST /api/account/sessions/logout-everywhere': () => {
        sessions = [laptop];
        return { body: { ended: 1 } };
      },
    });
    const { user } = renderApp('/dashboard/account');
    const card = within(await screen.findByRole('region', { name: 'Sessions' }));
    const current = (await card.findByText('Laptop browser')).closest('li')!;
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(current).toHaveTextContent('203.0.113.7');
    expect(within(current).queryByRole('button', { name: /Log out/ })).not.toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Log out Phone browser' }));
    expect(await card.findByText('Logged out of Phone browser.')).toBeInTheDocument();
    expect(card.queryByText('Phone browser')).not.toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Log out everywhere' }));
    expect(await card.findByText('Logged out of 1 other session.')).toBeInTheDocument();
    expect(card.queryByText('Tablet browser')).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Log out everywhere' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual(['/api/account/sessions/logout-everywhere']);
  });

  it('deletes the account after confirmation and ends the session', async () => {
    const { calls } = signedIn({
      'DELETE /api/account': { body: { message: 'Account deleted' } },
      'POST /api/auth/logout': { body: { message: 'Logged out' } },
    });
    const { user, where } = renderApp('/dashboard/account');
    await user.type(await screen.findByLabelText('Password, to confirm'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const question = screen.getByRole('alertdialog', { name: 'Delete account' });
    expect(question).toHaveAccessibleDescription('Delete your account with all its workspaces, boards and apps? This cannot be undone.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(where()).toBe('/dashboard/signup'));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ password: 'secret-pw' });
    expect(useSessionStore.getState().status).toBe('guest');
  });
});

describe('/dashboard/accountbilling', () => {
  it('shows the free plan, why to upgrade and where to redeem a code', async () => {
    signedIn({ 'GET /api/plans': { body: plans } });
    renderApp('/dashboard/accountbilling');
    expect(await screen.findByRole('heading', { name: 'Free' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Upgrade' })).toBeInTheDocument();
    expect(screen.getByText(/Embedding boards in other sites needs a paid plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Redeem a code' })).toHaveAttribute('href', '/dashboard/redeemappsumocodes');
  });

  it('shows no upgrade on the paid plan', async () => {
    signedIn({ 'GET /api/plans': { body: { ...plans, mine: 'paid' } } });
    renderApp('/dashboard/accountbilling');
    expect(await screen.findByRole('heading', { name: 'Paid' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Upgrade' })).not.toBeInTheDocument();
  });
});

describe('/dashboard/redeemappsumocodes', () => {
  it('redeems a code and refreshes the session plan', async () => {
    let paid = false;
    const { calls } = mockFetch({
      'GET /api/auth': () => ({ body: { ...ann, plan: { isFreePlan: !paid } } }),
      'POST /api/plans/redeem': () => {
        paid = true;
        return { body: { plan: { id: 'paid', isFreePlan: false } } };
      },
    });
    const { user } = renderApp('/dashboard/redeemappsumocodes');
    await user.type(await screen.findByLabelText('Code'), ' ABCD-1234 ');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText('Code redeemed. Your account is now on the paid plan.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ code: 'ABCD-1234' });
    await waitFor(() => expect(useSessionStore.getState().user?.plan.isFreePlan).toBe(false));
  });

  it('shows an unknown code inline', async () => {
    mockFetch({
      'GET /api/auth': { body: ann },
      'POST /api/plans/redeem': { status: 404, body: { error: 'This code does not exist. Please check it and try again.' } },
    });
    const { user } = renderApp('/dashboard/redeemappsumocodes');
    await user.type(await screen.findByLabelText('Code'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code does not exist. Please check it and try again.');
    expect(window.alert).not.toHaveBeenCalled();
  });
});

describe('payment outcome', () => {
  it.each(['/payment_success', '/payment_fail'])('%s shows the recorded success', async (path) => {
    mockFetch({ 'GET /api/auth': { body: ann }, 'GET /api/payments/latest': { body: { status: 'succeeded', plan: 'paid', received_at: 1_700_000_000 } } });
    renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Payment received' })).toBeInTheDocument();
    expect(screen.getByText(/your account is on the paid plan/)).toBeInTheDocument();
  });

  it('shows a recorded failure', async () => {
    mockFetch({ 'GET /api/auth': { body: ann }, 'GET /api/payments/latest': { body: { status: 'failed', received_at: 1_700_000_000 } } });
    renderApp('/payment_fail');
    expect(await screen.findByRole('heading', { name: 'Payment failed' })).toBeInTheDocument();
    expect(screen.getByText(/did not go through, and your plan has not changed/)).toBeInTheDocument();
  });

  it('says so when no payment was received yet', async () => {
    mockFetch({
      'GET /api/auth': { body: ann },
      'GET /api/payments/latest': { status: 404, body: { error: 'No payment has been received for your account yet.' } },
    });
    renderApp('/payment_success');
    expect(await screen.findByRole('heading', { name: 'No payment found' })).toBeInTheDocument();
    expect(screen.getByText('No payment has been received for your account yet.')).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
  });
});
