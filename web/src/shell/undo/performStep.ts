// How an undo or a redo is carried out: as the ordinary save of one side of the step, through the
// outbox like every block save, so one made offline waits on this device and is replayed in turn.
// A block that comes back after a delete is created anew (a new client id, its old settings) and
// put back in its place; the caller then renames it on the stacks.
import { toApiError } from '../../api/errors';
import { saveBlock, saveDelete, saveOrder } from '../../platform/outbox';
import { useBlockSaveStore } from '../../store/blockSaveStore';
import { showToast } from '../../store/toastStore';
import { arrangeBlocks, moveId, newLocalId, replaceBlock, type Block } from '../../store/blockList';
import type { Direction, Settings, UndoStep } from './undoStack';

/** The board or app page an undo acts on, as its editor holds it. */
export interface UndoPlace {
  /** Where its blocks are stored (boardBlocksPath, pageBlocksPath): its stack, where blocks are re-created and ordered. */
  at: string;
  /** Query parameters its block saves carry (the board a block is on). */
  query: Record<string, string>;
  blocks: readonly Block[];
  setBlocks: (change: (blocks: readonly Block[]) => Block[]) => void;
  /** Saves board or page settings (a request body) and shows them. */
  saveSettings: (settings: Settings) => Promise<void>;
  /** Restores a version of the board or app (a revision id) and shows it. */
  restoreVersion: (revisionId: string) => Promise<void>;
}

export interface Performed {
  /** The step as it stands now (an added block's place, read as it was undone). */
  step: UndoStep;
  /** A block the step re-created, under its new id. */
  renamed?: { from: string; to: string };
}

/** The id a block has now: one made on this device may have been created on the server since. */
const live = (blockId: string) => useBlockSaveStore.getState().created[blockId] ?? blockId;

async function saveSettingsOf(place: UndoPlace, blockId: string, config: Settings): Promise<void> {
  const outcome = await saveBlock(blockId, config, place.query, place.at);
  const block = 'stored' in outcome ? outcome.stored : ({ ...config, id: outcome.blockId } as Block);
  place.setBlocks((blocks) => replaceBlock(blocks, block, blockId));
}

async function remove(place: UndoPlace, blockId: string): Promise<void> {
  await saveDelete(blockId, place.query);
  const now = live(blockId);
  place.setBlocks((blocks) => blocks.filter((b) => b.id !== blockId && b.id !== now));
}

/** Creates the block of `step` again and puts it back at its place; answers its new id. */
async function recreate(place: UndoPlace, step: Extract<UndoStep, { kind: 'add' | 'delete' }>): Promise<string> {
  const outcome = await saveBlock(newLocalId(), step.config, place.query, place.at);
  const block = 'stored' in outcome ? outcome.stored : ({ ...step.config, id: outcome.blockId } as Block);
  const others = place.blocks.map((b) => b.id).filter((id) => id !== block.id);
  const order = moveId([...others, block.id], block.id, step.index ?? others.length);
  place.setBlocks((blocks) => arrangeBlocks([...blocks.filter((b) => b.id !== block.id), block], order));
  try {
    // The server adds a block at its own place (a board's end, before a page's last block).
    await saveOrder(place.at, order, place.query);
  } catch (error) {
    // The block is back, so the step is done; only its place was not kept.
    showToast({ kind: 'warning', text: `The block came back, but its place was not saved: ${toApiError(error).message}` });
  }
  return block.id;
}

async function reorder(place: UndoPlace, ids: readonly string[]): Promise<void> {
  const present = new Set(place.blocks.map((b) => b.id));
  const wanted = ids.map((id) => (present.has(id) ? id : live(id)));
  const before = place.blocks.map((b) => b.id);
  const next = arrangeBlocks(place.blocks, wanted).map((b) => b.id);
  place.setBlocks((blocks) => arrangeBlocks(blocks, next));
  try {
    await saveOrder(place.at, next, place.query);
  } catch (error) {
    place.setBlocks((blocks) => arrangeBlocks(blocks, before));
    throw error;
  }
}

/**
 * Performs `step` in `direction`. An HTTP refusal is thrown as it is, and the step stays where it
 * is on the stacks, so nothing is lost and the user may try again.
 */
export async function performStep(step: UndoStep, direction: Direction, place: UndoPlace): Promise<Performed> {
  const undo = direction === 'undo';
  switch (step.kind) {
    case 'edit':
      await saveSettingsOf(place, step.blockId, undo ? step.before : step.after);
      return { step };
    case 'settings':
      await place.saveSettings(undo ? step.before : step.after);
      return { step };
    case 'restore':
      // Not through the outbox: a restore is the server's, in one transaction, and needs it online.
      await place.restoreVersion(undo ? step.before : step.after);
      return { step };
    case 'order':
      await reorder(place, undo ? step.before : step.after);
      return { step };
    case 'add':
    case 'delete': {
      // An add undone, or a delete redone, takes the block away; the other two bring it back.
      if (undo === (step.kind === 'add')) {
        const now = live(step.blockId);
        const index = place.blocks.findIndex((b) => b.id === step.blockId || b.id === now);
        await remove(place, step.blockId);
        return { step: index < 0 ? step : { ...step, index } };
      }
      const to = await recreate(place, step);
      return { step, renamed: { from: step.blockId, to } };
    }
  }
}
