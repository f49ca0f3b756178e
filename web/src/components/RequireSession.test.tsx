import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { mockFetch } from '../test/fetchMock';
import { loginPathFor, RequireSession } from './RequireSession';

function LoginProbe() {
  const location = useLocation();
  return <p>login {location.search}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/dashboard/auth" element={<LoginProbe />} />
        <Route
          path="/dashboard/account"
          element={
            <RequireSession>
              <p>account</p>
            </RequireSession>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RequireSession', () => {
  it('shows Loading... while the session is checked, then the page for a signed-in user', async () => {
    mockFetch({ 'GET /api/auth': { body: { id: 'u1', email: 'a@b.co', name: 'A', plan: { isFreePlan: true } } } });
    renderAt('/dashboard/account');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('account')).toBeInTheDocument();
  });

  it('sends a guest to /dashboard/auth with the page to come back to', async () => {
    mockFetch({ 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } } });
    renderAt('/dashboard/account?tab=password');
    expect(await screen.findByText(/login/)).toHaveTextContent(`login ?next=${encodeURIComponent('/dashboard/account?tab=password')}`);
  });

  it('builds the log-in address with a next parameter', () => {
    expect(loginPathFor('/dashboard')).toBe('/dashboard/auth?next=%2Fdashboard');
  });
});
