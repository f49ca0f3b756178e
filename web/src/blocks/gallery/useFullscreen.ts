// The browser's own full screen (Element.requestFullscreen) for one element, when the browser
// offers it: iOS Safari on a phone does not, and then no button shows.
import { useEffect, useState, type RefObject } from 'react';

export function useFullscreen(target: RefObject<HTMLElement | null>) {
  const supported = document.fullscreenEnabled === true && typeof HTMLElement.prototype.requestFullscreen === 'function';
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(target.current !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [target]);
  // A refused request (no user gesture, a permissions policy) leaves the page as it was.
  const toggle = () => {
    const request = active ? document.exitFullscreen() : target.current?.requestFullscreen();
    request?.catch(() => undefined);
  };
  return { supported, active, toggle };
}
