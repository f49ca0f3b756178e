// The clock of the event block's countdown and registration deadline: Date.now(), read again every
// `intervalMs` while the tab is visible. A hidden tab costs no timer (contract: timers stop when the
// tab is hidden and on unmount); the clock is read at once when the tab shows again.
import { useEffect, useState } from 'react';

/** The current time in ms, ticking until it reaches `until` (after that nothing is left to count). */
export function useNow(intervalMs: number, until = Infinity): number {
  const [now, setNow] = useState(() => Date.now());
  const active = now < until;
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    const tick = () => setNow(Date.now());
    const start = () => {
      if (timer === undefined && document.visibilityState !== 'hidden') timer = setInterval(tick, intervalMs);
    };
    const stop = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') return stop();
      tick();
      start();
    };
    start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [intervalMs, active]);
  return now;
}
