/**
 * The `<meta name>` the server writes into the page of a board address that no board has, with the
 * slug as its content (server/src/web.rs, MISSING_BOARD_META).
 */
export const MISSING_BOARD_META = 'tessera-missing-board';

/**
 * The `<meta name>` the server writes into the page of a private board asked for without a
 * session (server/src/web.rs, PRIVATE_BOARD_META): that visitor is refused for certain.
 */
export const PRIVATE_BOARD_META = 'tessera-private-board';

/** What the page the browser loaded already says of a board address. */
export type KnownRefusal = 'missing' | 'private';

/**
 * 'missing' when the page the browser loaded says that no board has the address `slug`, 'private'
 * when it says the board is private and the visitor has no session, else null. The board route
 * then shows its 404 or 403 at once instead of asking POST /api/board/update-metadata for it (a
 * 404 or 403 in every such visitor's console). Only the entry the page was loaded at counts
 * (react-router's location key 'default'): a later visit within the app asks the server, which
 * may have a board there, or a session, by then.
 */
export function knownRefusal(slug: string, locationKey: string): KnownRefusal | null {
  if (locationKey !== 'default' || !slug) return null;
  const says = (name: string) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content') === slug.toLowerCase();
  if (says(MISSING_BOARD_META)) return 'missing';
  if (says(PRIVATE_BOARD_META)) return 'private';
  return null;
}
