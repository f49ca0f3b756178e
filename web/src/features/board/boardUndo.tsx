// Undo and redo on a board (issue 30): the toolbar's buttons over the board's stack, and how a
// Board Settings save is recorded on it. Block edits, adds, deletes, duplicates and moves are
// recorded where they are saved.
import { useCallback, useMemo } from 'react';
import type { BoardBlock, BoardState } from '../../generated/api';
import type { Block } from '../../store/blockList';
import type { UndoPlace } from '../../shell/undo/performStep';
import { UndoRedoButtons } from '../../shell/undo/UndoRedoButtons';
import { recordUndo } from '../../shell/undo/undoStore';
import { restoreForUndo, reloadBoard } from '../history/restoreUndo';
import { boardBlocksPath, updateBoard, type BoardChange } from './boardApi';
import type { SetBoard } from './setBoard';
import { changesOf, formOf } from './boardSettingsForm';

/**
 * Records a Board Settings save that turned `before` into `after`: each side is the request body
 * that puts the other back, written as the form writes it, so an undo is one more such save.
 */
export function recordBoardSettings(before: BoardState, after: BoardState): void {
  const undo = changesOf(formOf(after), formOf(before));
  const redo = changesOf(formOf(before), formOf(after));
  if (Object.keys(redo).length === 0) return;
  recordUndo(boardBlocksPath(after.id), { kind: 'settings', label: 'board settings', before: undo, after: redo });
}

/** Undo and Redo of the board editor's top bar. */
export function BoardUndoRedo({ board, setBoard }: { board: BoardState; setBoard: SetBoard }) {
  const { id, slug } = board;
  const setBlocks = useCallback(
    (change: (blocks: readonly Block[]) => Block[]) => setBoard((current) => ({ ...current, blocks: change(current.blocks) as BoardBlock[] })),
    [setBoard],
  );
  const saveSettings = useCallback(
    async (change: Record<string, unknown>) => {
      const saved = await updateBoard(slug, id, change as BoardChange);
      setBoard(() => saved);
    },
    [slug, id, setBoard],
  );
  const restoreVersion = useCallback(
    async (revisionId: string) => {
      await restoreForUndo({ kind: 'boards', id }, revisionId);
      await reloadBoard({ slug }, setBoard);
    },
    [id, slug, setBoard],
  );
  const place = useMemo(
    (): UndoPlace => ({ at: boardBlocksPath(id), query: { board: slug }, blocks: board.blocks, setBlocks, saveSettings, restoreVersion }),
    [id, slug, board.blocks, setBlocks, saveSettings, restoreVersion],
  );
  return <UndoRedoButtons place={place} />;
}
