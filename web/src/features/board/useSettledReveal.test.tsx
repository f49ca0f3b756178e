import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Loading } from '../../components/Loading';
import { SETTLE_CAP_MS, useSettledReveal } from './useSettledReveal';

function Blocks({ loading }: { loading: number }) {
  const reveal = useSettledReveal<HTMLDivElement>();
  return (
    <div data-testid="blocks" ref={reveal.ref} data-settling={reveal.settled ? undefined : ''}>
      {Array.from({ length: loading }, (_, i) => (
        <Loading key={i} />
      ))}
      <p>Ready block</p>
    </div>
  );
}

function Board() {
  const [loading, setLoading] = useState(2);
  return (
    <>
      <button onClick={() => setLoading((n) => n - 1)}>one arrives</button>
      <Blocks loading={loading} />
    </>
  );
}

describe('blocks shown together', () => {
  it('keeps the blocks invisible until the last spinner is gone, then shows them for good', async () => {
    render(<Board />);
    const blocks = screen.getByTestId('blocks');
    expect(blocks).toHaveAttribute('data-settling');
    await act(async () => screen.getByText('one arrives').click());
    expect(blocks).toHaveAttribute('data-settling');
    await act(async () => screen.getByText('one arrives').click());
    expect(blocks).not.toHaveAttribute('data-settling');
  });

  it('shows blocks with nothing to load at once', () => {
    render(<Blocks loading={0} />);
    expect(screen.getByTestId('blocks')).not.toHaveAttribute('data-settling');
  });

  it('shows slow blocks after the cap rather than never', () => {
    vi.useFakeTimers();
    try {
      render(<Blocks loading={1} />);
      act(() => vi.advanceTimersByTime(SETTLE_CAP_MS - 1));
      expect(screen.getByTestId('blocks')).toHaveAttribute('data-settling');
      act(() => vi.advanceTimersByTime(1));
      expect(screen.getByTestId('blocks')).not.toHaveAttribute('data-settling');
    } finally {
      vi.useRealTimers();
    }
  });
});
