// What the editors show of offline editing (issue 6): the 'Offline' notice, each block's save
// state, and the queued edits laid over the blocks the server answered.
import { useEffect } from 'react';
import { startOutbox } from '../platform/outbox';
import { useBlockSaveStore } from '../store/blockSaveStore';
import { useConnectivityStore } from '../store/connectivityStore';
import type { Block } from './blockList';
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
  if (!save) return null;
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

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Starts the outbox for an editor and keeps `blocks` in step with it: a queued or refused edit
 * stays on screen over the server's older copy (after a reload too), and a replayed save puts
 * the block as stored in its place.
 */
export function useOutboxBlocks(blocks: readonly Block[], replace: (block: Block) => void): void {
  const saves = useBlockSaveStore((s) => s.saves);
  useEffect(startOutbox, []);
  useEffect(() => {
    for (const block of blocks) {
      const save = saves[block.id];
      if (!save) continue;
      const wanted = save.state === 'saved' ? save.block : { ...save.config, id: block.id, type: block.type };
      if (!same(block, wanted)) replace(wanted as Block);
    }
  }, [blocks, saves, replace]);
}
