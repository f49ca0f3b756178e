import { showToast, useToastStore } from './toastStore';

const denied = { kind: 'error', title: 'Access Denied', text: 'This application is private and you do not have permission to access it.' } as const;

afterEach(() => {
  vi.useRealTimers();
  useToastStore.setState({ toasts: [] });
});

describe('toastStore', () => {
  it('shows a toast once while the same one is showing, as when two requests are refused together', () => {
    const first = showToast(denied);
    expect(showToast(denied)).toBe(first);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    // A different text is news: it shows beside the first.
    showToast({ ...denied, text: 'Something else' });
    expect(useToastStore.getState().toasts).toHaveLength(2);
  });

  it('shows the same toast again once the first has gone', () => {
    vi.useFakeTimers();
    showToast({ ...denied, durationMs: 1000 });
    vi.advanceTimersByTime(1000);
    expect(useToastStore.getState().toasts).toHaveLength(0);
    showToast(denied);
    expect(useToastStore.getState().toasts).toHaveLength(1);
  });
});
