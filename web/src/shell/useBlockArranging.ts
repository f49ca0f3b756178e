// How an editor arranges the blocks of a board or an app page (issue 26, Layout; issue 47): their
// order, saved with the server's reorder call (PUT {blocks path}/order), and each block's width
// in the grid (`width`, with `full_width` on exactly when it is the whole row), saved as a block edit. Both go through the outbox, so offline they wait on this
// device like any block edit; both show at once and are put back, with a toast saying why, when
// the server refuses them. Both are recorded for Undo once saved or queued.
import { useCallback, useMemo, useRef } from 'react';
import { toApiError } from '../api/errors';
import { saveBlock, saveOrder } from '../platform/outbox';
import { showToast } from '../store/toastStore';
import { arrangeBlocks, replaceBlock, type Block } from '../store/blockList';
import type { Width } from '../blocks/layout';
import { frameTitle } from './blockFrame';
import { blockLabel } from './undo/undoStack';
import { recordUndo } from './undo/undoStore';

export interface BlockArranging<B extends Block> {
  /** Puts the blocks `order` names (the section showing) in that order and saves the whole order. */
  move: (order: readonly string[]) => Promise<void>;
  /** Gives a block a width in the grid and saves it. */
  resize: (block: B, width: Width) => Promise<void>;
}

/** Where a list of blocks is stored: its blocks path (boardBlocksPath, pageBlocksPath) and the query its calls name it by. */
export interface BlockPlace {
  at: string;
  query: Record<string, string>;
}

export function useBlockArranging<B extends Block>(
  blocks: readonly B[],
  setBlocks: (change: (blocks: readonly B[]) => B[]) => void,
  place: BlockPlace,
): BlockArranging<B> {
  // The blocks as last rendered, read when a move starts, without making the callbacks change.
  const latest = useRef(blocks);
  latest.current = blocks;
  const { at, query } = place;

  const move = useCallback(
    async (order: readonly string[]) => {
      const before = latest.current.map((b) => b.id);
      const next = arrangeBlocks(latest.current, order).map((b) => b.id);
      if (next.every((blockId, i) => blockId === before[i])) return;
      setBlocks((current) => arrangeBlocks(current, next));
      try {
        // Offline, or naming a block made offline and not created yet, it waits in the outbox.
        await saveOrder(at, next, query);
        recordUndo(at, { kind: 'order', label: 'block move', before, after: next });
      } catch (error) {
        setBlocks((current) => arrangeBlocks(current, before));
        showToast({ kind: 'error', text: `The new order was not saved: ${toApiError(error).message}` });
      }
    },
    [at, query, setBlocks],
  );

  const resize = useCallback(
    async (block: B, width: Width) => {
      // full_width (blocks §3.1) means the whole row, so it follows the width both ways.
      const changed: B = { ...block, width, full_width: width === 'Full' };
      setBlocks((current) => replaceBlock(current, changed) as B[]);
      const { id: blockId, temp_block: _draft, ...config } = changed;
      try {
        // A block edit like any other: offline it waits in the outbox and shows as waiting.
        const outcome = await saveBlock(blockId, config, query, at);
        if ('stored' in outcome) setBlocks((current) => replaceBlock(current, outcome.stored, blockId) as B[]);
        const blockNow = 'stored' in outcome ? outcome.stored.id : outcome.blockId;
        recordUndo(at, {
          kind: 'edit',
          label: `width of ${blockLabel(config)}`,
          blockId: blockNow,
          before: { ...config, width: block.width, full_width: block.full_width },
          after: config,
        });
      } catch (error) {
        setBlocks((current) => replaceBlock(current, { ...changed, width: block.width, full_width: block.full_width }) as B[]);
        showToast({ kind: 'error', text: `The width of "${frameTitle(block)}" was not saved: ${toApiError(error).message}` });
      }
    },
    [at, query, setBlocks],
  );

  return useMemo(() => ({ move, resize }), [move, resize]);
}
