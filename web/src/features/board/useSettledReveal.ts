// Each block loads its own code and data and draws when they arrive; drawn one by one, every
// block that grows from its spinner to its content pushes the blocks after it down the page (a
// layout shift for a reader who has started reading). So the blocks of a board or page are shown
// together: their container stays invisible, keeping its place in the page, until no block in it
// shows a spinner, or SETTLE_CAP_MS have passed (a slow block then draws on its own).
import { useEffect, useRef, useState } from 'react';

export const SETTLE_CAP_MS = 2000;

/** A ref for the blocks' container and whether they have settled (show them then). */
export function useSettledReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const container = ref.current;
    if (!container || settled) return;
    const check = () => {
      if (!container.querySelector('.loading')) setSettled(true);
    };
    const observer = new MutationObserver(check);
    observer.observe(container, { childList: true, subtree: true });
    const cap = setTimeout(() => setSettled(true), SETTLE_CAP_MS);
    check();
    return () => {
      observer.disconnect();
      clearTimeout(cap);
    };
  }, [settled]);
  return { ref, settled };
}
