// One image at a time (carousel and full-screen view): which one, moving by buttons, dots,
// thumbnails and arrow keys, and the optional auto-scroll. Auto-scroll waits while the viewer
// points at or focuses the slideshow (or has an image open), and never runs under reduced motion
// or in a hidden tab. Each move restarts the wait, so a slide picked by hand gets its full time.
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import type { AutoScroll } from './galleryLook';
import { usePageVisible, usePrefersReducedMotion } from '../motion';

export interface Slideshow {
  index: number;
  show: (index: number) => void;
  next: () => void;
  prev: () => void;
  /** True while auto-scroll may move the slides (screen readers are then not told each move). */
  playing: boolean;
  /** For the slideshow's element: pause on hover and focus, arrows move. */
  handlers: {
    onMouseEnter: () => void;
    onMouseLeave: () => void;
    onFocus: () => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  };
}

export function useSlideshow(count: number, auto: AutoScroll, held: boolean): Slideshow {
  const [current, setCurrent] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const reduced = usePrefersReducedMotion();
  const visible = usePageVisible();
  // Rows may shrink under the index (a new search): stay on a slide that exists.
  const index = count > 0 ? Math.min(current, count - 1) : 0;
  const show = (to: number) => setCurrent(count > 0 ? ((to % count) + count) % count : 0);
  const next = () => show(index + 1);
  const prev = () => show(index - 1);
  const playing = auto.enabled && count > 1 && !reduced && visible && !hovered && !focused && !held;

  const nextRef = useRef(next);
  nextRef.current = next;
  useEffect(() => {
    if (!playing) return;
    const timer = window.setTimeout(() => nextRef.current(), auto.interval);
    return () => window.clearTimeout(timer);
  }, [playing, auto.interval, index]);

  return {
    index,
    show,
    next,
    prev,
    playing,
    handlers: {
      onMouseEnter: () => setHovered(true),
      onMouseLeave: () => setHovered(false),
      onFocus: () => setFocused(true),
      onBlur: (event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      },
      onKeyDown: (event) => {
        if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          event.preventDefault();
          if (event.key === 'ArrowRight') next();
          else prev();
        }
      },
    },
  };
}
