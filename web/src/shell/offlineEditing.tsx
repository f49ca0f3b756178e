// What the editors show of offline editing (issue 6): the 'Offline' notice, each block's save
// state, and the queued edits laid over the blocks the server answered.
import { useEffect } from 'react';
import { startOutbox } from '../platform/outbox';
import { useBlockSaveStore } from '../store/blockSaveStore';
import { useConnectivityStore } from '../store/connectivityStore';
import type { Block } from '../store/blockList';
import { offerEditorCore } from '../blocks/data/editorCore';
import './offlineEditing.css';

export const OFFLINE_TEXT = 'Offline: edits are kept on this device and saved when the network is back.';

/** Shown while the browser is offline or the page came from this device's copy. */
export function OfflineNotice() {
  const offline = useConnectivityStore((s) => !s.online || s.fromCopy);
  if (!offline) return null;
  return (
    <p className="offline-notice" role="status">
      {OFFLINE_TEXT}
    </p>
  );
}

/** A block's save that did not simply go through: waiting, saved after waiting, or refused. */
export function BlockSaveBadge({ blockId }: { blockId: string }) {
  const save = useBlockSaveStore((s) => s.saves[blockId]);
  if (!save || save.state === 'gone') return null;
  if (save.state === 'failed') {
    return (
      <span className="block-save failed" role="alert">
        {`Not saved: ${save.message}`}
      </span>
    );
  }
  return (
    <span className={`block-save ${save.state}`} role="status">
      {save.state === 'waiting' ? 'Waiting for the network to save' : 'Saved'}
    </span>
  );
}

/** How an editor changes the blocks of its board or page, for the outbox and the settings panel. */
export interface BlockListEditing {
  /** Where this board or page stores a new block (POST /api/boards/{id}/blocks or a page's). */
  createAt: string;
  /** Query parameters its block saves carry (the board a block is on). */
  query: Record<string, string>;
  /** Puts `block` where the block with its id, or with `formerId` (a local draft), is. */
  replace: (block: Block, formerId?: string) => void;
  /** Places a block just created where the server put it (a board's end, before a page's last). */
  add: (block: Block) => void;
  remove: (id: string) => void;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Starts the outbox for an editor and keeps `blocks` in step with it: a queued or refused edit
 * stays on screen over the server's older copy (after a reload too), a replayed save puts the
 * block as stored in its place, a block made offline takes its server id once created (and
 * shows up if this visit never had its draft), and a block deleted elsewhere leaves.
 */
export function useOutboxBlocks(blocks: readonly Block[], editing: BlockListEditing): void {
  const saves = useBlockSaveStore((s) => s.saves);
  const { createAt, replace, add, remove } = editing;
  useEffect(startOutbox, []);
  // A queued edit is laid over the blocks as the editor sent it, not as the server answers
  // blocks: the WASM core normalises it for its view (BlockBody's viewBlock).
  const laidOver = Object.values(saves).some((save) => save.state !== 'gone');
  useEffect(() => {
    if (!laidOver) return;
    import('../core/wasm').then(({ loadCore }) => loadCore()).then(offerEditorCore, () => undefined);
  }, [laidOver]);
  useEffect(() => {
    for (const [id, save] of Object.entries(saves)) {
      if (save.state !== 'saved' || save.created?.at !== createAt) continue;
      const { localId } = save.created;
      if (blocks.some((block) => block.id === localId || block.id === id)) replace(save.block, localId);
      else add(save.block);
      // Placed once: a later delete of the block must not bring it back.
      useBlockSaveStore.getState().set(id, { state: 'saved', block: save.block });
    }
    for (const block of blocks) {
      const save = saves[block.id];
      if (!save) continue;
      if (save.state === 'gone') {
        remove(block.id);
        continue;
      }
      const wanted = save.state === 'saved' ? save.block : { ...save.config, id: block.id, type: block.type };
      if (!same(block, wanted)) replace(wanted as Block);
    }
  }, [blocks, saves, createAt, replace, add, remove]);
}
