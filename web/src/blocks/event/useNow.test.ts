import { act, renderHook } from '@testing-library/react';
import { useNow } from './useNow';

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('useNow', () => {
  const START = new Date(2030, 0, 1, 12, 0, 0).getTime();

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
  });

  afterEach(() => {
    act(() => setVisibility('visible'));
    vi.useRealTimers();
  });

  it('reads the clock again every interval', () => {
    const { result } = renderHook(() => useNow(1000));
    expect(result.current).toBe(START);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(START + 1000);
    act(() => vi.advanceTimersByTime(3000));
    expect(result.current).toBe(START + 4000);
  });

  it('stops while the tab is hidden and reads the clock at once when it shows again', () => {
    const { result } = renderHook(() => useNow(1000));
    act(() => setVisibility('hidden'));
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(START);
    act(() => setVisibility('visible'));
    expect(result.current).toBe(START + 5000);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toBe(START + 6000);
  });

  it('starts no timer in a tab that is hidden from the start', () => {
    setVisibility('hidden');
    renderHook(() => useNow(1000));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops on unmount', () => {
    const { unmount } = renderHook(() => useNow(1000));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops once the clock reaches `until`', () => {
    const { result } = renderHook(() => useNow(1000, START + 2000));
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(START + 2000);
    expect(vi.getTimerCount()).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current).toBe(START + 2000);
  });

  it('never ticks for an instant already past', () => {
    renderHook(() => useNow(1000, START - 1));
    expect(vi.getTimerCount()).toBe(0);
  });
});
