import { runtimeConfig } from '../../config/runtime';
import { BoardTopbar, NewBlockIcon, type EditorShellProps } from './BoardEditorShell';
import { BoardPopups, useEditorBlocks } from './BoardPopups';
import { BoardView } from './BoardView';
import { useBoardEditor } from './useBoardEditor';

/**
 * platform §2 "Older board layout" (/boardWorkspace): a top bar with the Admin link and the board
 * name, a left nav (new block, board settings, embed, docs) and a right nav (spreadsheet,
 * Publish), over the same board and the same popups as the editor shell.
 */
export function BoardWorkspaceShell({ board, setBoard }: EditorShellProps) {
  const { editor, sections, spreadsheet, mode, dispatch, adding, toggleAdd, blocks } = useBoardEditor(board);
  const frames = useEditorBlocks(board, setBoard, blocks);

  return (
    <div className="board-workspace">
      <BoardTopbar title={board.name} />
      <div className="board-workspace-body">
        <nav className="workspace-nav" aria-label="Board tools">
          <button type="button" className="workspace-nav-item" aria-expanded={adding} onClick={toggleAdd}>
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
          <BoardView board={board} sections={sections} editing {...frames} />
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
      <BoardPopups board={board} setBoard={setBoard} editor={editor} activeSection={sections.active} blocks={blocks} />
    </div>
  );
}
