import { screen } from '@testing-library/react';
import { ACCESS_DENIED_TEXT } from '../api/messages';
import { SESSION_HINT_KEY, useSessionStore } from '../store/sessionStore';
import { mockFetch } from '../test/fetchMock';
import { ann, renderApp } from '../test/renderApp';
import { AccessDenied } from './AccessDenied';

beforeAll(() => import('../features/board/BoardViewerRoute'));
beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const refused = { status: 403, body: { error: `Access denied: ${ACCESS_DENIED_TEXT}` } };

describe('the 403 screen of a private board', () => {
  it("offers a guest 'Log in', which comes back to the board afterwards", async () => {
    mockFetch({
      'POST /api/board/update-metadata': refused,
      'GET /api/auth': { status: 401, body: { error: 'Not logged in' } },
    });
    const { user, where } = renderApp('/sales?filters=x');
    expect(await screen.findByRole('heading', { name: '403' })).toBeInTheDocument();
    expect(screen.getByText(ACCESS_DENIED_TEXT, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    const logIn = await screen.findByRole('link', { name: 'Log in' });
    expect(logIn).toHaveAttribute('href', `/dashboard/auth?${new URLSearchParams({ next: '/sales?filters=x' })}`);

    await user.click(logIn);
    expect(where()).toBe('/dashboard/auth?next=%2Fsales%3Ffilters%3Dx');
  });

  it('offers nothing more to a signed-in user the board was not shared with', async () => {
    localStorage.setItem(SESSION_HINT_KEY, '1');
    mockFetch({
      'POST /api/board/update-metadata': refused,
      'GET /api/auth': { body: ann },
    });
    renderApp('/sales');
    expect(await screen.findByRole('heading', { name: '403' })).toBeInTheDocument();
    await vi.waitFor(() => expect(useSessionStore.getState().status).toBe('user'));
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
  });

  it('keeps a stated reason (an expired signed link) without a log-in', async () => {
    useSessionStore.setState({ status: 'guest' });
    renderApp('/embed', <AccessDenied reason="This signed link has expired." />);
    expect(screen.getByText('This signed link has expired.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  });
});
