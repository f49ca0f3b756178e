// Work that must not compete with the page's first paint (issue 5's budget: nothing large is
// requested before the first contentful paint) but should start as soon as it is over.

const FCP = 'first-contentful-paint';

/**
 * Runs `task` once the page has had its first contentful paint: at once when it has, else when
 * the browser reports it. A frame after the next one (then a task) where paint timing is not
 * reported: the screen's first frame may still be fading in from transparent, which is no
 * contentful paint yet.
 */
export function afterFirstContentfulPaint(task: () => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    if (typeof requestAnimationFrame === 'undefined') return void setTimeout(task, 0);
    return void requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(task, 0)));
  }
  if (performance.getEntriesByName(FCP).length > 0) return task();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName(FCP).length === 0) return;
    observer.disconnect();
    task();
  });
  observer.observe({ type: 'paint', buffered: true });
}
