import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { ApiError } from './api/errors';
import { AccessDenied } from './pages/AccessDenied';
import { ErrorPage, ErrorPageFailed } from './pages/ErrorPage';
import { PageNotFound } from './pages/PageNotFound';

vi.mock('./features/preview/PreviewPage', () => ({
  PreviewPage: ({ actions }: { actions?: React.ReactNode }) => (
    <>
      <h1>Preview</h1>
      {actions}
    </>
  ),
}));

const inRouter = (ui: React.ReactNode, path = '/') => render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

describe('routes', () => {
  it('shows a visitor the bundled-sample preview at / with the way in', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"Please login to do this!"}', { status: 401 })),
    );
    inRouter(<App />, '/');
    expect(await screen.findByRole('heading', { name: 'Preview' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('shows the not-found page for an unmatched route', () => {
    inRouter(<App />, '/no/such/page');
    expect(screen.getByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });

  it('loads a lazy screen behind the generic Loading... indicator', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"Please login to do this!"}', { status: 401 })),
    );
    inRouter(<App />, '/dashboard/signup');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});

describe('error screens', () => {
  it('404: Page not found with Go to Homepage', () => {
    inRouter(<PageNotFound />);
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });

  it('403: Access Denied, the private-app text and Refresh Page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    inRouter(<AccessDenied />);
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText('This application is private and you do not have permission to access it.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }));
    expect(reload).toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('an error page picks the screen by status, 500 by default', () => {
    const { unmount } = inRouter(<ErrorPage error={new ApiError('Access denied', 403)} />);
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    unmount();
    inRouter(<ErrorPage error={new Error('Unknown middleware auth')} />);
    expect(screen.getByRole('heading', { name: '500' })).toBeInTheDocument();
    expect(screen.getByText('Unknown middleware auth')).toBeInTheDocument();
  });

  it('a failing error page shows the last-resort text with a link home', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    inRouter(
      <ErrorBoundary fallback={() => <ErrorPageFailed />}>
        <ErrorBoundary fallback={() => <Thrower error={new Error('error page broke')} />}>
          <Thrower error={new Error('page broke')} />
        </ErrorBoundary>
      </ErrorBoundary>,
    );
    expect(screen.getByText('An error occurred while showing the error page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });

  it('a boundary shows the error page and clears when the address changes', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const ui = (key: string, broken: boolean) => (
      <MemoryRouter>
        <ErrorBoundary resetKey={key} fallback={(error) => <ErrorPage error={error} />}>
          {broken ? <Thrower error={new ApiError('gone', 404)} /> : <p>fine</p>}
        </ErrorBoundary>
      </MemoryRouter>
    );
    const { rerender } = render(ui('/a', true));
    expect(screen.getByText('Page not found')).toBeInTheDocument();
    rerender(ui('/b', false));
    expect(screen.getByText('fine')).toBeInTheDocument();
  });
});
