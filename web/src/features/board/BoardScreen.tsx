import type { BoardState } from '../../api/types';
import { Loading } from '../../components/Loading';
import { ErrorPage } from '../../pages/ErrorPage';
import { BoardEditorShell } from './BoardEditorShell';
import { BoardView, useSections } from './BoardView';
import { BoardWorkspaceShell } from './BoardWorkspaceShell';
import { useBoard } from './useBoard';

/** Which frame a board shows in for users who can edit; 'embed' never shows one. */
export type BoardLayout = 'editor' | 'workspace' | 'embed';

/** The board as visitors see it: no bars (platform §2 "plain layout"). */
export function GuestBoard({ board }: { board: BoardState }) {
  const sections = useSections(board);
  return (
    <main className="board-guest">
      <BoardView board={board} sections={sections} />
    </main>
  );
}

/**
 * Loads the board `slug` and shows it: Loading while it comes, the 403 and 404 screens (and the
 * error page for anything else) when it does not, the editing frame only when can_edit (§6).
 */
export function BoardScreen({ slug, layout }: { slug: string; layout: BoardLayout }) {
  const { load, setBoard } = useBoard(slug);
  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') return <ErrorPage error={load.error} />;
  const { board } = load;
  if (layout === 'embed' || !board.can_edit) return <GuestBoard board={board} />;
  if (layout === 'workspace') return <BoardWorkspaceShell board={board} setBoard={setBoard} />;
  return <BoardEditorShell board={board} setBoard={setBoard} />;
}
