import { useMemo } from 'react';
import type { BoardState, RevisionDetail } from '../../generated/api';
import { boardBlocksPath } from '../board/boardApi';
import type { SetBoard } from '../board/setBoard';
import { BoardView, useSections } from '../board/BoardView';
import { HistoryButton, HistoryPanel } from './HistoryPanel';
import { boardSnapshot } from './snapshots';
import { VersionsTab } from './VersionsTab';
import { CoreState, useCore, useSnapshotSource } from './useSnapshotSource';
import { recordRestore, reloadBoard, type Restore } from './restoreUndo';
import type { Core } from '../../core/wasm';

/** The board as the version stored it (name, settings, blocks), drawn as visitors see it, over today's rows. */
function SnapshotBoard({ board, detail }: { board: BoardState; detail: RevisionDetail }) {
  const core = useCore();
  if (!core || 'error' in core) return <CoreState core={core} />;
  return <DrawnSnapshot core={core} board={board} detail={detail} />;
}

function DrawnSnapshot({ core, board, detail }: { core: Core; board: BoardState; detail: RevisionDetail }) {
  const stored = useMemo(() => {
    const { name, settings, blocks } = boardSnapshot(detail.snapshot);
    return { ...board, ...settings, name: name || board.name, blocks } as BoardState;
  }, [board, detail]);
  const { source, blocks } = useSnapshotSource(core, board.spreadsheetId, stored.filters ?? undefined, stored.blocks);
  const shown = useMemo(() => ({ ...stored, blocks }), [stored, blocks]);
  const sections = useSections(shown);
  return (
    <div className="history-preview" inert>
      <BoardView board={shown} sections={sections} source={source} />
    </div>
  );
}

/**
 * The board editor's History button and panel: versions and the rows written through the board;
 * `onRowsChanged` after a row came back or was reverted, so the board's blocks show it.
 */
export function BoardHistory({ board, setBoard, onRowsChanged }: { board: BoardState; setBoard: SetBoard; onRowsChanged?: () => void }) {
  const owner = { kind: 'boards', id: board.id } as const;
  // A restore rewrote the stored board: the editor shows it as stored now, and Undo takes it back.
  const restored = (restore: Restore) => {
    recordRestore(boardBlocksPath(board.id), restore);
    void reloadBoard(board, setBoard);
  };
  return (
    <HistoryButton
      panel={(close) => (
        <HistoryPanel
          onClose={close}
          activity={owner}
          onActivityChanged={onRowsChanged}
          versions={<VersionsTab owner={owner} preview={(detail) => <SnapshotBoard board={board} detail={detail} />} onRestored={restored} />}
        />
      )}
    />
  );
}
