// A restore from History on the editor's undo stack: undoing it restores the revision it
// replaced, redoing it restores the version again. Each is an ordinary restore, itself a revision.
import type { BoardState } from '../../generated/api';
import { recordUndo } from '../../shell/undo/undoStore';
import { showToast } from '../../store/toastStore';
import { loadBoard } from '../board/boardApi';
import type { SetBoard } from '../board/setBoard';
import { restoreRevision, type VersionOwner } from './historyApi';

/** A restore done from the Versions tab. */
export interface Restore {
  /** The version restored. */
  number: number;
  revisionId: string;
  /** The revision holding the state it replaced (the server's answer). */
  replaced: string;
}

/** Records `restore` on the undo stack of the board or page whose blocks are stored at `at`. */
export function recordRestore(at: string, restore: Restore): void {
  recordUndo(at, { kind: 'restore', label: `restore of version #${restore.number}`, before: restore.replaced, after: restore.revisionId });
}

/** Restores `revisionId` for an undo or a redo; blocks that no longer fit the data are named. */
export async function restoreForUndo(owner: VersionOwner, revisionId: string): Promise<void> {
  const { skipped } = await restoreRevision(owner, revisionId);
  if (skipped.length > 0) {
    const names = skipped.map((block) => block.title).join(', ');
    showToast({ kind: 'warning', text: `Restored, except for blocks that no longer fit the data: ${names}.` });
  }
}

/** Loads a restored board again into its editor; the restore is saved even when this fails. */
export function reloadBoard(board: Pick<BoardState, 'slug'>, setBoard: SetBoard): Promise<void> {
  return loadBoard(board.slug).then(
    (fresh) => setBoard(() => fresh),
    () => {
      showToast({ kind: 'warning', text: 'The restored version is saved, but the board could not be loaded again: reload the page to see it.' });
    },
  );
}
