// platform §7, §9: when the browser is idle (at most 2000 ms after the page settles), the code of
// the screens that the page links to is fetched ahead, so a click opens them at once. Slow (2g)
// or data-saver connections skip it: their bytes are worth more than the saved wait.

export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

export interface PrefetchRoute {
  /** Whether a link to `pathname` opens this route. */
  matches: (pathname: string) => boolean;
  preload: () => void;
}

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(connection: NetworkInformation | undefined): boolean {
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g');
}

/** The same-origin paths the document links to. */
export function linkedPaths(root: ParentNode, origin: string): string[] {
  const paths = new Set<string>();
  for (const anchor of Array.from(root.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
    try {
      const url = new URL(anchor.getAttribute('href') ?? '', origin);
      if (url.origin === origin) paths.add(url.pathname);
    } catch {
      // A malformed href is the page's problem, not the prefetcher's.
    }
  }
  return [...paths];
}

/** Preloads each route that a link of `root` opens; answers how many were preloaded. */
export function prefetchLinkedRoutes(root: ParentNode, origin: string, routes: readonly PrefetchRoute[]): number {
  const wanted = new Set<PrefetchRoute>();
  for (const path of linkedPaths(root, origin)) {
    const route = routes.find((r) => r.matches(path));
    if (route) wanted.add(route);
  }
  wanted.forEach((route) => route.preload());
  return wanted.size;
}

/** Schedules one prefetch pass for the current page when the browser is idle; returns a cancel. */
export function schedulePrefetch(routes: readonly PrefetchRoute[]): () => void {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!prefetchAllowed(connection)) return () => {};
  const run = () => void prefetchLinkedRoutes(document, window.location.origin, routes);
  if ('requestIdleCallback' in window) {
    const handle = window.requestIdleCallback(run, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(run, PREFETCH_IDLE_TIMEOUT_MS);
  return () => clearTimeout(handle);
}
