import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { BoardState } from '../../generated/api';
import { openedBlock } from '../../shell/settings/EditedBlockPanel';
import { docsUrlFor } from '../../shell/docsLink';
import { OfflineNotice } from '../../shell/offlineEditing';
import { BoardPopups, useEditorBlocks } from './BoardPopups';
import type { SetBoard } from './setBoard';
import { BoardView } from './BoardView';
import { MobilePreview } from './MobilePreview';
import { BoardHistory } from '../history/BoardHistory';
import { ShareButton } from '../share/SharePanel';
import { SharePopup } from './SharePopup';
import { useBoardEditor } from './useBoardEditor';
import { BoardUndoRedo } from './boardUndo';

export interface EditorShellProps {
  board: BoardState;
  setBoard: SetBoard;
}

/** The icon of New Block: a plus that turns into a cross while its popup is open (platform §4). */
export function NewBlockIcon({ rotated }: { rotated: boolean }) {
  return (
    <span className={rotated ? 'new-block-icon rotated' : 'new-block-icon'} aria-hidden="true">
      +
    </span>
  );
}

/**
 * The top bar both layouts open with: the Admin link and the board's name, then their own actions.
 * Admin leads to the workspace's boards (the dashboard), where an editor goes from a board; the
 * dashboard's own 'Administration' entry leads on to /admin.
 */
export function BoardTopbar({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="board-topbar">
      <Link className="board-topbar-link" to="/dashboard">
        Admin
      </Link>
      <span className="board-topbar-title">{title}</span>
      <OfflineNotice />
      {children}
    </header>
  );
}

/**
 * platform §2 "Board editor shell", for users who can edit: the top bar, the 70 px sidebar and
 * the popups of the mode machine around the board as visitors see it.
 */
export function BoardEditorShell({ board, setBoard }: EditorShellProps) {
  const { editor, sections, spreadsheet, mode, dispatch, adding, toggleAdd, blocks } = useBoardEditor(board);
  const [mobile, setMobile] = useState(false);
  const [sharing, setSharing] = useState(false);
  // Rows restored or reverted from History: the board's blocks load them again.
  const [rowsVersion, setRowsVersion] = useState(0);
  const frames = useEditorBlocks(board, setBoard, blocks);

  return (
    <div className="board-editor">
      <BoardTopbar title={board.title || board.name}>
        <div className="board-topbar-actions">
          <BoardUndoRedo board={board} setBoard={setBoard} />
          {/* The board's access stays in sight: private by default (platform §3), one click to share. */}
          <ShareButton isPublic={board.public} expanded={sharing} onClick={() => setSharing(true)} />
          <BoardHistory board={board} setBoard={setBoard} onRowsChanged={() => setRowsVersion((n) => n + 1)} />
          <button type="button" className="button" onClick={editor.openTutorials}>
            Tutorials
          </button>
          <button type="button" className="button" aria-pressed={mobile} onClick={() => setMobile((on) => !on)}>
            Mobile preview
          </button>
          <button type="button" className="button" onClick={async () => dispatch({ type: 'spreadsheet', url: await spreadsheet() })}>
            Spreadsheet
          </button>
          <button type="button" className="button" aria-pressed={mode === 'publish'} onClick={() => dispatch({ type: 'publish' })}>
            Publish to Marketplace
          </button>
        </div>
      </BoardTopbar>
      <nav className="board-sidebar" aria-label="Board editor">
        <button type="button" className="sidebar-item" aria-expanded={adding} onClick={toggleAdd}>
          <NewBlockIcon rotated={adding} />
          New Block
        </button>
        <button type="button" className="sidebar-item" onClick={() => dispatch({ type: 'open', popup: 'settings' })}>
          <span className="sidebar-icon" aria-hidden="true">
            ⚙
          </span>
          Settings
        </button>
        <button
          type="button"
          className="sidebar-item"
          onClick={() => dispatch({ type: 'docs', url: docsUrlFor(openedBlock(board.blocks, blocks.target, mode)?.type) })}
        >
          <span className="sidebar-icon" aria-hidden="true">
            ?
          </span>
          Docs
        </button>
        {/* The board's Embed popup answers the free plan itself (platform §6 'Upgrade Now'), so the
            toggle never takes the app shell's free-plan toast path. */}
        <button type="button" className="sidebar-item" aria-pressed={mode === 'embed'} onClick={() => dispatch({ type: 'embed', isFreePlan: false })}>
          <span className="sidebar-icon" aria-hidden="true">
            &lt;/&gt;
          </span>
          Embed
        </button>
      </nav>
      <main className="board-editor-main">
        {mobile ? (
          <MobilePreview slug={board.slug} name={board.title || board.name} />
        ) : (
          <BoardView board={board} sections={sections} editing dataVersion={rowsVersion} {...frames} />
        )}
      </main>
      <BoardPopups board={board} setBoard={setBoard} editor={editor} activeSection={sections.active} blocks={blocks} />
      {sharing && <SharePopup board={board} onSaved={(saved) => setBoard(() => saved)} onClose={() => setSharing(false)} />}
    </div>
  );
}
