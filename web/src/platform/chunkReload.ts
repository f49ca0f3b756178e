// platform §8 "Chunk load fails": after a deploy, an open tab may ask for a chunk file that no
// longer exists. One reload fetches the new index.html and its new chunk names; the guard (60 s,
// kept in sessionStorage so it survives that reload) stops a loop when the chunk is truly broken.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
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

/** `React.lazy` for a route: the chunk load shows the loading bar and a failed one reloads once. */
export function lazyRoute<T extends ComponentType<object>>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> & { preload: () => void } {
  let pending: Promise<{ default: T }> | null = null;
  const start = () => {
    if (!pending) {
      const end = trackLoading();
      pending = load().then(
        (module) => {
          end(true);
          return module;
        },
        (error: unknown) => {
          end(false);
          pending = null;
          // While the reload happens the route suspends instead of flashing the error page.
          if (isChunkLoadError(error) && reloadForChunkFailure()) return new Promise<never>(() => {});
          throw error;
        },
      );
    }
    return pending;
  };
  return Object.assign(lazy(start), { preload: () => void start().catch(() => {}) });
}

/** Vite's own preload failures (CSS and imported chunks of a chunk) raise this event. */
export function listenForPreloadErrors(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkFailure()) event.preventDefault();
  });
}
