// The loading bar of platform §9: it appears only for work that lasts longer than the throttle
// (200 ms), creeps towards the end over the duration (5000 ms) while anything is in flight,
// finishes when the last piece of work ends, and turns red when one of them failed.
import { create } from 'zustand';

export const BAR_THROTTLE_MS = 200;
export const BAR_DURATION_MS = 5000;
/** How long a finished bar stays full before it fades away. */
const BAR_FINISH_MS = 300;

export type BarPhase = 'hidden' | 'running' | 'finishing';

interface LoadingBarState {
  phase: BarPhase;
  /** Whether any work since the bar appeared failed (the bar is red). */
  failed: boolean;
  /** Pieces of work in flight (requests, route chunks). */
  active: number;
}

export const useLoadingBar = create<LoadingBarState>()(() => ({ phase: 'hidden', failed: false, active: 0 }));

let showTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** Marks the start of a piece of work; call the returned function once with whether it succeeded. */
export function trackLoading(): (ok: boolean) => void {
  const { active, phase } = useLoadingBar.getState();
  useLoadingBar.setState({ active: active + 1 });
  if (active === 0 && phase !== 'running') {
    clearTimeout(hideTimer);
    if (phase === 'hidden') useLoadingBar.setState({ failed: false });
    clearTimeout(showTimer);
    showTimer = setTimeout(() => {
      if (useLoadingBar.getState().active > 0) useLoadingBar.setState({ phase: 'running' });
    }, BAR_THROTTLE_MS);
  }
  let ended = false;
  return (ok) => {
    if (ended) return;
    ended = true;
    const state = useLoadingBar.getState();
    const left = state.active - 1;
    useLoadingBar.setState({ active: left, failed: state.failed || !ok });
    if (left > 0) return;
    clearTimeout(showTimer);
    if (useLoadingBar.getState().phase !== 'running') {
      // Fast work never showed the bar; a failure still shows, briefly, in red.
      if (ok && !state.failed) return useLoadingBar.setState({ phase: 'hidden', failed: false });
    }
    useLoadingBar.setState({ phase: 'finishing' });
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => useLoadingBar.setState({ phase: 'hidden', failed: false }), BAR_FINISH_MS);
  };
}

/** Runs `work` under the bar. */
export async function withLoadingBar<T>(work: () => Promise<T>): Promise<T> {
  const end = trackLoading();
  try {
    const value = await work();
    end(true);
    return value;
  } catch (error) {
    end(false);
    throw error;
  }
}
