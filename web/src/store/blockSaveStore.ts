import { create } from 'zustand';
import type { Block } from './blockList';

/** Where a block's last save stands when it did not simply reach the server at once. */
export type BlockSave =
  /** Queued on this device until the network is back. */
  | { state: 'waiting'; config: Record<string, unknown> }
  /**
   * A queued save reached the server: the block as stored. `created`: it was made on this device
   * as `localId` and created at `at` (a board's or page's blocks), until its editor has put it in
   * the draft's place.
   */
  | { state: 'saved'; block: Block; created?: { localId: string; at: string } }
  /** The server refused a queued save: the edit is kept with the answer. */
  | { state: 'failed'; config: Record<string, unknown>; message: string; field?: string }
  /** The block was deleted elsewhere before its queued save arrived: it leaves the editor. */
  | { state: 'gone' };

interface BlockSaveState {
  saves: Record<string, BlockSave>;
  /** Blocks made on this device that the server has created since: client id → server id. */
  created: Record<string, string>;
  set: (blockId: string, save: BlockSave) => void;
  /** A save of the block reached the server directly: nothing is pending for it any more. */
  clear: (blockId: string) => void;
  /**
   * The block made on this device as `localId` is stored as `serverId`: what is said of its save
   * (`save`, when there is something to say) goes with the server's id from now on.
   */
  createdAs: (localId: string, serverId: string, save?: BlockSave) => void;
}

/** The outbox's view for the editors: each block's pending, replayed or refused save. */
export const useBlockSaveStore = create<BlockSaveState>()((set) => ({
  saves: {},
  created: {},
  set: (blockId, save) => set((s) => ({ saves: { ...s.saves, [blockId]: save } })),
  clear: (blockId) =>
    set((s) => {
      if (!(blockId in s.saves)) return s;
      const { [blockId]: _gone, ...rest } = s.saves;
      return { saves: rest };
    }),
  createdAs: (localId, serverId, save) =>
    set((s) => {
      const { [localId]: _draft, ...rest } = s.saves;
      return { saves: save ? { ...rest, [serverId]: save } : rest, created: { ...s.created, [localId]: serverId } };
    }),
}));
