// platform §8 "Chunk load fails": after a deploy, an open tab may ask for a chunk file that no
// longer exists. One reload fetches the new index.html and its new chunk names; the guard (60 s,
// kept in sessionStorage so it survives that reload) stops a loop when the chunk is truly broken.
import { createElement, useEffect, useState, type ComponentType } from 'react';
import { Loading } from '../components/Loading';
import { trackLoading } from './loadingBar';

export const CHUNK_RELOAD_GUARD_MS = 60_000;
const LAST_RELOAD_KEY = 'tessera:chunk-reload-at';

function lastReload(): number {
  try {
    return Number(sessionStorage.getItem(LAST_RELOAD_KEY) ?? 0) || 0;
  } catch {
    return 0;
  }
}

/**
 * Reloads the page unless it already did so within the guard, or the browser is offline; answers
 * whether it reloaded. Without storage (sandboxed frames) it never reloads, because it could not
 * tell a loop.
 */
export function reloadForChunkFailure(now = Date.now(), reload: () => void = () => window.location.reload()): boolean {
  // Offline, a reload cannot fetch anything either: it would only swap the page for the
  // browser's offline screen and lose what the user was doing.
  if (!navigator.onLine) return false;
  if (now - lastReload() < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** A failed dynamic import: browsers word it differently, Vite's preload helper adds its own. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /dynamically imported module|module script failed|Importing a module script failed|error loading dynamically|Failed to fetch dynamically|ChunkLoadError|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * A route's screen, its code downloaded the first time it shows (or `preload`s): the download
 * shows the loading bar and a failed one reloads the page once. Not `React.lazy`: React reveals
 * suspended content at most every 300 ms after a fallback showed, which held a visitor's board
 * back by up to that long after its code had arrived (issue 31). A screen whose code is here
 * renders at once; one still coming shows Loading, then itself.
 */
export function lazyRoute<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> & { preload: () => void } {
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  let loaded: ComponentType<P> | undefined;
  const start = () => {
    if (!pending) {
      const end = trackLoading();
      pending = load().then(
        (module) => {
          end(true);
          loaded = module.default;
          return module;
        },
        (error: unknown) => {
          end(false);
          pending = null;
          // While the reload happens the route keeps loading instead of flashing the error page.
          if (isChunkLoadError(error) && reloadForChunkFailure()) return new Promise<never>(() => {});
          throw error;
        },
      );
    }
    return pending;
  };
  function RouteScreen(props: P) {
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const [, arrived] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      start().then(
        () => live && arrived(true),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, []);
    // The route's error boundary shows a failed download, as it shows a screen that broke.
    if (failure) throw failure.error;
    return loaded ? createElement(loaded, props) : createElement(Loading);
  }
  return Object.assign(RouteScreen, { preload: () => void start().catch(() => {}) });
}

/** Vite's own preload failures (CSS and imported chunks of a chunk) raise this event. */
export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkFailure()) event.preventDefault();
  });
}
