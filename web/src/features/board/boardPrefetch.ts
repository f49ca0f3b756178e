// A visitor's board asks for itself as the page starts (issue 31), beside the download of the
// board screen's code, instead of once that code has arrived and rendered: main.tsx starts it
// through `startScreen`, and the board screen's first load takes the answer.
import type { BoardState } from '../../generated/api';
import { canonicalBoardUrl, runtimeConfig } from '../../config/runtime';
import { startedRequest } from '../../platform/startedRequest';
import { loadBoard } from './boardApi';
import { knownRefusal } from './missingBoard';

const board = startedRequest<BoardState>();

/**
 * Asks for the board `slug` the page was loaded at, unless its screen will not ask: the page
 * moves to the canonical board host, or it already says the board is missing or private.
 */
export function prefetchBoard(slug: string): void {
  if (!slug || canonicalBoardUrl(window.location, runtimeConfig().boardBaseUrl)) return;
  // The page's own entry, as the board route reads it when it first shows.
  if (knownRefusal(slug, 'default')) return;
  board.start(slug, () => loadBoard(slug));
}

/** The board asked for as the page started, if it is `slug`'s; only once, later loads ask afresh. */
export function takePrefetchedBoard(slug: string): Promise<BoardState> | undefined {
  return board.take(slug);
}
