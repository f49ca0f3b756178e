import { Link } from 'react-router';
import { runtimeConfig } from '../../config/runtime';
import { newBlockIconRotated } from '../../shell/modes';
import { NewBlockIcon, type EditorShellProps } from './BoardEditorShell';
import { BoardPopups, DeleteBlockButton, useSpreadsheetUrl } from './BoardPopups';
import { BoardView, useSections } from './BoardView';
import { useEditorMode } from '../../shell/useEditorMode';

/**
 * platform §2 "Older board layout" (/boardWorkspace): a top bar with the Admin link and the board
 * name, a left nav (new block, board settings, embed, docs) and a right nav (spreadsheet,
 * Publish), over the same board and the same popups as the editor shell.
 */
export function BoardWorkspaceShell({ board, setBoard }: EditorShellProps) {
  const editor = useEditorMode();
  const sections = useSections(board);
  const spreadsheet = useSpreadsheetUrl(board);
  const { mode, dispatch } = editor;
  const adding = newBlockIconRotated(mode);

  return (
    <div className="board-workspace">
      <header className="board-topbar">
        <Link className="board-topbar-link" to="/admin">
          Admin
        </Link>
        <span className="board-topbar-title">{board.name}</span>
      </header>
      <div className="board-workspace-body">
        <nav className="workspace-nav" aria-label="Board tools">
          <button type="button" className="workspace-nav-item" aria-expanded={adding} onClick={() => dispatch(adding ? { type: 'close' } : { type: 'open', popup: 'add' })}>
            <NewBlockIcon rotated={adding} />
            New Block
          </button>
          <button type="button" className="workspace-nav-item" onClick={() => dispatch({ type: 'open', popup: 'settings' })}>
            Board Settings
          </button>
          <button type="button" className="workspace-nav-item" aria-pressed={mode === 'embed'} onClick={() => dispatch({ type: 'embed', isFreePlan: false })}>
            Embed
          </button>
          <button type="button" className="workspace-nav-item" onClick={() => dispatch({ type: 'docs', url: runtimeConfig().docsUrl })}>
            Docs
          </button>
        </nav>
        <main className="board-workspace-main">
          <BoardView board={board} sections={sections} blockActions={(block) => <DeleteBlockButton block={block} board={board} setBoard={setBoard} />} />
        </main>
        <nav className="workspace-nav" aria-label="Board publishing">
          <button type="button" className="workspace-nav-item" onClick={async () => dispatch({ type: 'spreadsheet', url: await spreadsheet() })}>
            Spreadsheet
          </button>
          <button type="button" className="workspace-nav-item" aria-pressed={mode === 'publish'} onClick={() => dispatch({ type: 'publish' })}>
            Publish
          </button>
        </nav>
      </div>
      <BoardPopups board={board} setBoard={setBoard} editor={editor} activeSection={sections.active} />
    </div>
  );
}
