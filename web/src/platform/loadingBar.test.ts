import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BAR_THROTTLE_MS, trackLoading, useLoadingBar } from './loadingBar';

describe('loading bar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useLoadingBar.setState({ phase: 'hidden', failed: false, active: 0 });
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('stays hidden for work that ends within the throttle', () => {
    const end = trackLoading();
    vi.advanceTimersByTime(BAR_THROTTLE_MS - 1);
    end(true);
    vi.advanceTimersByTime(1000);
    expect(useLoadingBar.getState().phase).toBe('hidden');
  });

  it('shows after the throttle and finishes only when the last piece of work ends', () => {
    const first = trackLoading();
    const second = trackLoading();
    vi.advanceTimersByTime(BAR_THROTTLE_MS);
    expect(useLoadingBar.getState().phase).toBe('running');
    first(true);
    expect(useLoadingBar.getState().phase).toBe('running');
    second(true);
    expect(useLoadingBar.getState().phase).toBe('finishing');
    vi.advanceTimersByTime(1000);
    expect(useLoadingBar.getState().phase).toBe('hidden');
  });

  it('turns red when a piece of work failed, even a fast one', () => {
    const end = trackLoading();
    end(false);
    expect(useLoadingBar.getState()).toMatchObject({ phase: 'finishing', failed: true });
    vi.advanceTimersByTime(1000);
    expect(useLoadingBar.getState()).toMatchObject({ phase: 'hidden', failed: false });
  });

  it('counts each piece of work once however often it is ended', () => {
    const end = trackLoading();
    const other = trackLoading();
    end(true);
    end(true);
    expect(useLoadingBar.getState().active).toBe(1);
    other(true);
  });
});
