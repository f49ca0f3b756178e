// The clock of the event block's countdown and registration deadline: Date.now(), read again every
// `intervalMs` while the tab is visible. A hidden tab costs no timer; the clock is read at once
// when the tab shows again.
import { useEffect, useState } from 'react';
import { usePageVisible } from '../motion';

/** The current time in ms, ticking until it reaches `until` (after that nothing is left to count). */
export function useNow(intervalMs: number, until = Infinity): number {
  const [now, setNow] = useState(() => Date.now());
  const visible = usePageVisible();
  const active = now < until;
  useEffect(() => {
    if (!active || !visible) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active, visible]);
  return now;
}
