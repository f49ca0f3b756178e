/**
 * The `<meta name>` the server writes into the page of a board address that no board has, with the
 * slug as its content (server/src/web.rs, MISSING_BOARD_META).
 */
export const MISSING_BOARD_META = 'tessera-missing-board';

/**
 * True when the page the browser loaded says that no board has the address `slug`, so the board
 * route can show its 404 at once instead of asking POST /api/board/update-metadata for a board
 * that is not there (a 404 in every visitor's console). Only the entry the page was loaded at
 * counts (react-router's location key 'default'): a later visit within the app asks the server,
 * which may have a board there by then.
 */
export function isKnownMissingBoard(slug: string, locationKey: string): boolean {
  if (locationKey !== 'default' || !slug) return false;
  const content = document.querySelector(`meta[name="${MISSING_BOARD_META}"]`)?.getAttribute('content');
  return content === slug.toLowerCase();
}
