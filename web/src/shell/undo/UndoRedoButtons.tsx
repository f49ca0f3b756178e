import { useUndoRedo } from './useUndoRedo';
import type { UndoPlace } from './performStep';

/**
 * Undo and Redo for an editor's toolbar: each says what it would undo or redo in its title, and
 * is disabled when there is nothing to, or while one is being saved. Ctrl/Cmd-Z and
 * Ctrl/Cmd-Shift-Z (or Ctrl-Y) press them from the keyboard.
 */
export function UndoRedoButtons({ place }: { place: UndoPlace }) {
  const { undoLabel, redoLabel, busy, undo, redo } = useUndoRedo(place);
  return (
    <>
      <button
        type="button"
        className="button"
        disabled={busy || !undoLabel}
        title={undoLabel ? `Undo: ${undoLabel}` : 'Nothing to undo'}
        aria-keyshortcuts="Control+Z Meta+Z"
        onClick={() => void undo()}
      >
        Undo
      </button>
      <button
        type="button"
        className="button"
        disabled={busy || !redoLabel}
        title={redoLabel ? `Redo: ${redoLabel}` : 'Nothing to redo'}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        onClick={() => void redo()}
      >
        Redo
      </button>
    </>
  );
}
