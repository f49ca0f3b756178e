import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { ErrorPage } from '../pages/ErrorPage';
import { Guarded } from './routeGuards';

function showGuarded(names: readonly string[]) {
  render(
    <MemoryRouter>
      <ErrorBoundary fallback={(error) => <ErrorPage error={error} />}>
        <Guarded names={names}>
          <p>The screen</p>
        </Guarded>
      </ErrorBoundary>
    </MemoryRouter>,
  );
}

describe('route guards (platform §8 middleware)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the screen when a route names no guard', () => {
    showGuarded([]);
    expect(screen.getByText('The screen')).toBeInTheDocument();
  });

  it("answers a guard nobody defined with the 500 screen 'Unknown middleware {name}', never the screen", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    showGuarded(['session', 'editorr']);
    expect(screen.getByRole('heading', { name: '500' })).toBeInTheDocument();
    expect(screen.getByText('Unknown middleware editorr')).toBeInTheDocument();
    expect(screen.queryByText('The screen')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });
});
