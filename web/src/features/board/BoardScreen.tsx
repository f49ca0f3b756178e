import { lazy, Suspense, useEffect } from 'react';
import type { BoardState } from '../../generated/api';
import { Loading } from '../../components/Loading';
import { toApiError } from '../../api/errors';
import { ErrorPage } from '../../pages/ErrorPage';
import { PRODUCT_TITLE, screenTitle, useDocumentTitle } from '../../platform/useDocumentTitle';
import { BoardView, useSections } from './BoardView';
import { useBoard } from './useBoard';

// The editing frames (settings, history, embed code, users) load only for people who can edit:
// a visitor's first paint never downloads them.
const BoardEditorShell = lazy(() => import('./BoardEditorShell').then((m) => ({ default: m.BoardEditorShell })));
const BoardWorkspaceShell = lazy(() => import('./BoardWorkspaceShell').then((m) => ({ default: m.BoardWorkspaceShell })));

/** Which frame a board shows in for users who can edit; 'embed' never shows one. */
export type BoardLayout = 'editor' | 'workspace' | 'embed';

/**
 * The board as visitors see it: no bars (platform §2 "plain layout"). Its blocks' first paint
 * comes in one request, except in the embed, which keeps its own reads.
 */
export function GuestBoard({ board, onSettled, embed = false }: { board: BoardState; onSettled?: () => void; embed?: boolean }) {
  const sections = useSections(board);
  return (
    <main className="board-guest">
      <BoardView board={board} sections={sections} onSettled={onSettled} firstPaint={!embed} />
    </main>
  );
}

/**
 * The browser tab's title of a board screen. A visitor's board keeps the title the server wrote
 * into its page for link previews (`server/src/link_preview.rs`: its title, else its name), so
 * the tab never changes under them; an editor's tab names the board and the product. Null while
 * it loads: the page's first title stays.
 */
export function boardScreenTitle(load: ReturnType<typeof useBoard>['load'], layout: BoardLayout): string | null {
  if (load.status === 'loading') return null;
  if (load.status === 'failed') {
    const { status } = toApiError(load.error);
    if (status === 403) return screenTitle('Access denied');
    if (status === 404) return screenTitle('Page not found');
    return screenTitle('Error');
  }
  const { board } = load;
  if (layout === 'embed' || !board.can_edit) return (board.title || '').trim() || (board.name || '').trim() || 'Tessera board';
  return screenTitle(board.name || PRODUCT_TITLE);
}

/**
 * Loads the board `slug` and shows it: Loading while it comes, the 403 and 404 screens (and the
 * error page for anything else) when it does not, the editing frame only when can_edit (§6).
 * `onShown` is called once the guest board's blocks have drawn, or the error screen shows.
 */
export function BoardScreen({ slug, layout, onShown }: { slug: string; layout: BoardLayout; onShown?: () => void }) {
  const { load, setBoard } = useBoard(slug);
  const failed = load.status === 'failed';
  useDocumentTitle(boardScreenTitle(load, layout));
  useEffect(() => {
    if (failed) onShown?.();
  }, [failed, onShown]);
  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') return <ErrorPage error={load.error} />;
  const { board } = load;
  if (layout === 'embed' || !board.can_edit) return <GuestBoard board={board} onSettled={onShown} embed={layout === 'embed'} />;
  return (
    <Suspense fallback={<Loading />}>
      {layout === 'workspace' ? <BoardWorkspaceShell board={board} setBoard={setBoard} /> : <BoardEditorShell board={board} setBoard={setBoard} />}
    </Suspense>
  );
}
