// The editing session's undo stacks, one per board or app page, keyed by where its blocks are
// stored (boardBlocksPath, pageBlocksPath): the editors' save paths record what they did under
// the address they already save to. Kept in memory only, so a reload starts afresh.
import { create } from 'zustand';
import { EMPTY_STACK, performed, recorded, renamed, type Direction, type UndoStack, type UndoStep } from './undoStack';

interface UndoState {
  stacks: Record<string, UndoStack>;
}

export const useUndoStore = create<UndoState>()(() => ({ stacks: {} }));

export function stackAt(at: string): UndoStack {
  return useUndoStore.getState().stacks[at] ?? EMPTY_STACK;
}

function change(at: string, next: (stack: UndoStack) => UndoStack): void {
  useUndoStore.setState((s) => ({ stacks: { ...s.stacks, [at]: next(s.stacks[at] ?? EMPTY_STACK) } }));
}

/** An edit saved on the board or page whose blocks are stored at `at`: it can be undone now. */
export function recordUndo(at: string, step: UndoStep): void {
  change(at, (stack) => recorded(stack, step));
}

/** The next step in `direction` was performed, and stands as `step`; `blockRenamed`: a block it re-created has a new id. */
export function settleUndo(at: string, direction: Direction, step: UndoStep, blockRenamed?: { from: string; to: string }): void {
  change(at, (stack) => {
    const moved = performed(stack, direction, step);
    return blockRenamed ? renamed(moved, blockRenamed.from, blockRenamed.to) : moved;
  });
}
