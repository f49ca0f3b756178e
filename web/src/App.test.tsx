import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from './App';

vi.mock('./features/preview/PreviewPage', () => ({ PreviewPage: () => <h1>Preview</h1> }));

describe('routes', () => {
  it('shows the preview at the root', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Preview' })).toBeInTheDocument();
  });

  it('shows the not-found page for an unmatched route', () => {
    render(
      <MemoryRouter initialEntries={['/no/such/page']}>
        <AppRoutes />
      </MemoryRouter>,
    );
    expect(screen.getByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });
});
