// The board the server drew into /embed (server/src/embed): shown from the first byte, while
// the app loads beside it out of sight, and removed once the app's own board has drawn (or has
// failed to), so the reader never sees a blank page or blocks jumping into place.

/** The ids the server gives its markup and its inlined styles. */
export const SERVER_RENDERED_ID = 'ssr-embed';
export const SERVER_RENDERED_STYLE_ID = 'ssr-embed-style';

/** Hands the page over to the app: the server's board and its styles go. */
export function removeServerRendered(): void {
  document.getElementById(SERVER_RENDERED_ID)?.remove();
  document.getElementById(SERVER_RENDERED_STYLE_ID)?.remove();
}
