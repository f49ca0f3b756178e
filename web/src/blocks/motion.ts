// What the page allows a timer to do: nothing moves by itself for a viewer who asked for reduced
// motion, and nothing runs while the tab is hidden (no one is looking; it only spends battery).
import { useSyncExternalStore } from 'react';

const REDUCE = '(prefers-reduced-motion: reduce)';

// jsdom and some old browsers have no matchMedia: no stated preference then.
const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(REDUCE) : null);

function subscribeMotion(onChange: () => void) {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeMotion, () => query()?.matches ?? false);
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => document.visibilityState !== 'hidden');
}
