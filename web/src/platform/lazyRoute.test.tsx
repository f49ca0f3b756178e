import { render, screen } from '@testing-library/react';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { lazyRoute } from './chunkReload';

function Board() {
  return <h1>Sales board</h1>;
}

describe('a route screen downloaded on first show', () => {
  it('shows Loading while its code comes, then the screen; once here, it renders at once', async () => {
    let arrive: (module: { default: typeof Board }) => void = () => {};
    const Screen = lazyRoute(() => new Promise<{ default: typeof Board }>((resolve) => (arrive = resolve)));
    const first = render(<Screen />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    arrive({ default: Board });
    expect(await screen.findByRole('heading', { name: 'Sales board' })).toBeInTheDocument();
    first.unmount();

    // No suspended first render (which React reveals in 300 ms batches): the screen itself.
    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Sales board' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders at once when preloaded before it shows', async () => {
    const Screen = lazyRoute(() => Promise.resolve({ default: Board }));
    Screen.preload();
    await Promise.resolve();
    await Promise.resolve();
    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Sales board' })).toBeInTheDocument();
  });

  it('hands a failed download that is not a lost chunk to the error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Screen = lazyRoute<object>(() => Promise.reject(new Error('The screen broke.')));
    render(
      <ErrorBoundary fallback={(error) => <p>{`Failed: ${(error as Error).message}`}</p>}>
        <Screen />
      </ErrorBoundary>,
    );
    expect(await screen.findByText('Failed: The screen broke.')).toBeInTheDocument();
  });
});
