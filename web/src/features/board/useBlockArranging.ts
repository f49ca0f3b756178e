// How the board editor arranges blocks (issue 26, Layout): their order, saved with the server's
// reorder call (PUT /api/boards/{id}/blocks/order), and each block's width (`full_width`), saved
// as a block edit. Both go through the outbox, so offline they wait on this device like any block
// edit; both show at once and are put back, with a toast saying why, when the server refuses them.
import { useCallback, useMemo, useRef } from 'react';
import { toApiError } from '../../api/errors';
import type { BoardBlock, BoardState } from '../../api/types';
import { saveBlock, saveOrder } from '../../platform/outbox';
import { arrangeBlocks, replaceBlock, type Block } from '../../shell/blockList';
import { blockTypeName } from '../../shell/blockTypes';
import { showToast } from '../../store/toastStore';
import { boardBlocksPath } from './boardApi';
import type { SetBoard } from './BoardPopups';

export interface BlockArranging {
  /** Puts the blocks `order` names (the section showing) in that order and saves the board's order. */
  move: (order: readonly string[]) => Promise<void>;
  /** Switches a block between half and full width and saves it. */
  toggleWidth: (block: BoardBlock) => Promise<void>;
}

function blockName(block: Block): string {
  return typeof block.title === 'string' && block.title.trim() ? block.title : blockTypeName(block.type);
}

export function useBlockArranging(board: BoardState, setBoard: SetBoard): BlockArranging {
  const { id, slug } = board;
  // The blocks as last rendered, read when a move starts, without making the callbacks change.
  const latest = useRef(board.blocks);
  latest.current = board.blocks;

  const setBlocks = useCallback(
    (change: (blocks: BoardBlock[]) => BoardBlock[]) => setBoard((current) => ({ ...current, blocks: change(current.blocks) })),
    [setBoard],
  );

  const move = useCallback(
    async (order: readonly string[]) => {
      const before = latest.current.map((b) => b.id);
      const next = arrangeBlocks(latest.current, order).map((b) => b.id);
      if (next.every((blockId, i) => blockId === before[i])) return;
      setBlocks((blocks) => arrangeBlocks(blocks, next));
      try {
        // Offline, or naming a block made offline and not created yet, it waits in the outbox.
        await saveOrder(boardBlocksPath(id), next, { board: slug });
      } catch (error) {
        setBlocks((blocks) => arrangeBlocks(blocks, before));
        showToast({ kind: 'error', text: `The new order was not saved: ${toApiError(error).message}` });
      }
    },
    [id, slug, setBlocks],
  );

  const toggleWidth = useCallback(
    async (block: BoardBlock) => {
      const changed: BoardBlock = { ...block, full_width: !block.full_width };
      setBlocks((blocks) => replaceBlock(blocks, changed) as BoardBlock[]);
      const { id: blockId, temp_block: _draft, ...config } = changed;
      try {
        // A block edit like any other: offline it waits in the outbox and shows as waiting.
        const outcome = await saveBlock(blockId, config, { board: slug }, boardBlocksPath(id));
        if ('stored' in outcome) setBlocks((blocks) => replaceBlock(blocks, outcome.stored, blockId) as BoardBlock[]);
      } catch (error) {
        setBlocks((blocks) => replaceBlock(blocks, { ...changed, full_width: block.full_width }) as BoardBlock[]);
        showToast({ kind: 'error', text: `The width of "${blockName(block)}" was not saved: ${toApiError(error).message}` });
      }
    },
    [id, slug, setBlocks],
  );

  return useMemo(() => ({ move, toggleWidth }), [move, toggleWidth]);
}
