import { useCallback, useState } from 'react';
import { addBoardBlock, connectBoard, createBoard } from '../dashboard/dashboardApi';
import { ApiError, toApiError } from '../../api/errors';
import type { BoardState } from '../../generated/api';
import { BLOCK_LABELS, type BlockConfig } from './templates';

const quiet = { alert: false } as const;

/** What to create: the board, the spreadsheet it reads (if any) and the blocks in order. */
export interface BoardPlan {
  workspaceId: string;
  name: string;
  spreadsheetId: string | null;
  blocks: BlockConfig[];
}

/** A board that exists on the server, and how far its plan got. */
export interface PartialBoard {
  plan: BoardPlan;
  board: BoardState;
  connected: boolean;
  blocksAdded: number;
}

/**
 * Creates a board in the three calls the server offers (POST /api/boards, PUT it with its
 * spreadsheet, POST each block) and answers its slug. The steps are not one transaction, so a
 * failure after the board exists keeps `partial`: trying again finishes that board instead of
 * creating a second one, and `startOver` forgets it.
 */
export function useBoardCreation() {
  const [busy, setBusy] = useState(false);
  const [step, setStep] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [partial, setPartial] = useState<PartialBoard | null>(null);

  const create = useCallback(
    async (fresh: BoardPlan): Promise<string | null> => {
      setBusy(true);
      setError(null);
      let progress = partial;
      try {
        if (!progress) {
          setStep('Creating the board...');
          const board = await createBoard(fresh.workspaceId, fresh.name, quiet);
          progress = { plan: fresh, board, connected: false, blocksAdded: 0 };
        }
        const { plan, board } = progress;
        const spreadsheetId = plan.spreadsheetId;
        if (spreadsheetId && !progress.connected) {
          setStep('Connecting the spreadsheet...');
          await failingAs('connecting the spreadsheet', () => connectBoard(board.id, spreadsheetId, quiet));
          progress = { ...progress, connected: true };
        }
        for (let i = progress.blocksAdded; i < plan.blocks.length; i += 1) {
          const block = plan.blocks[i];
          const what = `block ${i + 1} of ${plan.blocks.length} (${BLOCK_LABELS[block.type] ?? block.type})`;
          setStep(`Adding ${what}...`);
          await failingAs(`adding ${what}`, () => addBoardBlock(board.id, block, quiet));
          progress = { ...progress, blocksAdded: i + 1 };
        }
        setPartial(null);
        return board.slug;
      } catch (thrown) {
        setPartial(progress);
        setError(toApiError(thrown).message);
        return null;
      } finally {
        setBusy(false);
        setStep(null);
      }
    },
    [partial],
  );

  const startOver = useCallback(() => {
    setPartial(null);
    setError(null);
  }, []);

  return { create, busy, step, error, partial, startOver };
}

/** Runs a step after the board exists; its failure message says which step failed. */
async function failingAs(what: string, call: () => Promise<unknown>): Promise<void> {
  try {
    await call();
  } catch (thrown) {
    const failure = toApiError(thrown);
    throw new ApiError(`The board was created, but ${what} failed: ${failure.message}`, failure.status, failure.field);
  }
}
