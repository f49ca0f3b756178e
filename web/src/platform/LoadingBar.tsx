import { BAR_DURATION_MS, useLoadingBar } from './loadingBar';
import './loadingBar.css';

/** The 2 px teal bar at the top of the window (red after a failure); see loadingBar.ts. */
export function LoadingBar() {
  const { phase, failed } = useLoadingBar();
  if (phase === 'hidden') return null;
  return (
    <div
      className={`loading-bar ${phase}${failed ? ' failed' : ''}`}
      role="progressbar"
      aria-label="Loading"
      aria-busy={phase === 'running'}
      style={{ ['--bar-duration' as string]: `${BAR_DURATION_MS}ms` }}
    />
  );
}
