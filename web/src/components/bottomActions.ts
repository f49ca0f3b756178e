// Surfaces with their actions along the bottom (a popup's footer, the block settings panel's
// Save): while one is open the toaster moves to the top of the screen, so that a toast ("Block
// saved.") never covers the button a person reaches for next.
import { useEffect, useSyncExternalStore } from 'react';

let open = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(by: number) {
  open += by;
  listeners.forEach((listener) => listener());
}

/** Marks the calling surface's actions as along the bottom while it is mounted. */
export function useBottomActions() {
  useEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
}

/** Whether a surface with actions along the bottom is open. */
export function useBottomActionsOpen(): boolean {
  return useSyncExternalStore(subscribe, () => open > 0);
}
