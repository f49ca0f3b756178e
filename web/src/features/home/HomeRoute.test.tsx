import { screen } from '@testing-library/react';
import { mockFetch } from '../../test/fetchMock';
import { renderApp } from '../../test/renderApp';
import { styled } from '../../test/appStyles';

// The sample board is not what this tests; its bar (dark, white text) is kept as the real one.
vi.mock('../preview/PreviewPage', () => ({
  PreviewPage: ({ actions }: { actions?: React.ReactNode }) => (
    <header className="topbar">
      <span className="brand">Tessera</span>
      {actions}
    </header>
  ),
}));

beforeAll(() => import('./HomeRoute'));
afterEach(() => vi.unstubAllGlobals());

describe('the home page for a visitor', () => {
  it("shows Log in in the theme's ink on its white button, not white on white", async () => {
    document.title = 'Dashboard · Tessera';
    mockFetch({ 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } } });
    renderApp('/');
    const logIn = await screen.findByRole('link', { name: 'Log in' });
    expect(logIn).toHaveAttribute('href', '/dashboard/auth');
    // The bar around it is dark with white text, which a link button must not inherit.
    expect(styled(logIn.closest('.topbar')!, 'color')).toBe('rgb(255, 255, 255)');
    const background = styled(logIn, 'background-color');
    expect(background).toBe('rgb(255, 255, 255)');
    expect(styled(logIn, 'color')).not.toBe(background);
    expect(styled(logIn, 'color')).toBe('rgb(67, 70, 77)');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/dashboard/signup');
    expect(document.title).toBe('Tessera');
  });
});
