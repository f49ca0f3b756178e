import { create } from 'zustand';
import type { Block } from '../shell/blockList';

/** Where a block's last save stands when it did not simply reach the server at once. */
export type BlockSave =
  /** Queued on this device until the network is back. */
  | { state: 'waiting'; config: Record<string, unknown> }
  /** A queued save reached the server: the block as stored. */
  | { state: 'saved'; block: Block }
  /** The server refused a queued save: the edit is kept with the answer. */
  | { state: 'failed'; config: Record<string, unknown>; message: string; field?: string };

interface BlockSaveState {
  saves: Record<string, BlockSave>;
  set: (blockId: string, save: BlockSave) => void;
  /** A save of the block reached the server directly: nothing is pending for it any more. */
  clear: (blockId: string) => void;
}

/** The outbox's view for the editors: each block's pending, replayed or refused save. */
export const useBlockSaveStore = create<BlockSaveState>()((set) => ({
  saves: {},
  set: (blockId, save) => set((s) => ({ saves: { ...s.saves, [blockId]: save } })),
  clear: (blockId) =>
    set((s) => {
      if (!(blockId in s.saves)) return s;
      const { [blockId]: _gone, ...rest } = s.saves;
      return { saves: rest };
    }),
}));
