// Sizes a table is drawn at, kept up to date as they change (a board's column resized, a phone
// turned): the block's width for a table that fits its columns, and whether a table's columns
// run past either edge of its scroll box, for the cue that more columns are there.
import { useCallback, useRef, useState, type UIEvent } from 'react';

/** Calls `measure` with the element now and whenever it or its first child is resized. */
function useObserved<T extends HTMLElement>(measure: (element: T) => void): (element: T | null) => void {
  const observer = useRef<ResizeObserver | null>(null);
  return useCallback(
    (element: T | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!element) return;
      measure(element);
      observer.current = new ResizeObserver(() => measure(element));
      observer.current.observe(element);
      if (element.firstElementChild) observer.current.observe(element.firstElementChild);
    },
    // `measure` only sets state: the element is observed once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
    [],
  );
}

/**
 * A ref for the element to measure and its width in pixels (`clientWidth`, inside its border);
 * undefined until it is drawn with a width (never in a page without layout). A change of its
 * height alone (a table turning into cards) changes nothing.
 */
export function useWidth<T extends HTMLElement>(): [(element: T | null) => void, number | undefined] {
  const [width, setWidth] = useState<number | undefined>();
  const ref = useObserved<T>((element) => setWidth(element.clientWidth > 0 ? element.clientWidth : undefined));
  return [ref, width];
}

/** Whether a scroll box's content runs past its left and right edges. */
export interface ScrollEdges {
  left: boolean;
  right: boolean;
}

const edgesOf = (element: HTMLElement): ScrollEdges => ({
  left: element.scrollLeft > 0,
  // A pixel of rounding is not more content.
  right: element.scrollLeft + element.clientWidth < element.scrollWidth - 1,
});

/** A ref and a scroll handler for a scroll box, and which of its edges hide content. */
export function useScrollEdges<T extends HTMLElement>(): { ref: (element: T | null) => void; onScroll: (event: UIEvent<T>) => void; edges: ScrollEdges } {
  const [edges, setEdges] = useState<ScrollEdges>({ left: false, right: false });
  const update = (element: T) =>
    setEdges((now) => {
      const next = edgesOf(element);
      return next.left === now.left && next.right === now.right ? now : next;
    });
  const ref = useObserved<T>(update);
  return { ref, onScroll: (event) => update(event.currentTarget), edges };
}
