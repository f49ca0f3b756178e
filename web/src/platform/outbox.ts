// Block saves that wait for the network (issue 6: "saving waits until the network is back and
// then succeeds without loss"). A save made offline, or one whose request never reached the
// server, goes into the IndexedDB outbox; the outbox is replayed in the order the saves were made
// when the browser says it is online again and when an editor opens on the next page load. An
// HTTP error on replay (the server refused the block) is kept with the edit and shown at the
// block, never dropped.
import { api } from '../api/client';
import { toApiError } from '../api/errors';
import type { Block } from '../shell/blockList';
import { useBlockSaveStore, type BlockSave } from '../store/blockSaveStore';
import { useConnectivityStore } from '../store/connectivityStore';
import { dropSaves, enqueueSave, isOffline, queuedSaves, removeSave, updateSave, type QueuedSave } from './offlineStore';

export type SaveOutcome = { stored: Block } | { queued: true };

function send(save: QueuedSave): Promise<Block> {
  return api.put<Block>(`/api/blocks/${encodeURIComponent(save.blockId)}`, save.config, { query: save.query, alert: false });
}

/** Saves and replays take turns, so an older queued save never lands after a newer one. */
let turn: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = turn.then(work);
  turn = run.catch(() => undefined);
  return run;
}

/**
 * Saves a block's settings with PUT /api/blocks/{id}, or queues them when the network is gone.
 * An HTTP error is thrown as it is (the settings editor shows a 422 at its field).
 */
export function saveBlock(blockId: string, config: Record<string, unknown>, query: Record<string, string>): Promise<SaveOutcome> {
  return inTurn(async () => {
    const save: QueuedSave = { blockId, config, query };
    if (navigator.onLine !== false) {
      try {
        const stored = await send(save);
        // This save holds every earlier edit of the block: nothing of it is pending any more.
        await dropSaves(blockId);
        useBlockSaveStore.getState().clear(blockId);
        return { stored };
      } catch (error) {
        if (!isOffline(error)) throw error;
      }
    }
    await enqueueSave(save);
    useBlockSaveStore.getState().set(blockId, { state: 'waiting', config });
    return { queued: true };
  });
}

const pending = (save: QueuedSave): BlockSave =>
  save.error ? { state: 'failed', config: save.config, message: save.error.message, field: save.error.field } : { state: 'waiting', config: save.config };

/**
 * Shows what the outbox holds (after a reload too) and, when online, sends it oldest first. A
 * save the server refuses is kept with its answer and not sent again; the others go on.
 */
export function replayOutbox(): Promise<void> {
  return inTurn(async () => {
    const store = useBlockSaveStore.getState();
    const saves = await queuedSaves();
    for (const save of saves) store.set(save.blockId, pending(save));
    if (navigator.onLine === false) return;
    for (const save of saves) {
      if (save.error) continue;
      try {
        const stored = await send(save);
        await removeSave(save.seq!);
        store.set(save.blockId, { state: 'saved', block: stored });
      } catch (thrown) {
        // Still no network: the rest keep their turn for the next 'online'.
        if (isOffline(thrown)) return;
        const error = toApiError(thrown);
        const refused = { ...save, error: { message: error.message, status: error.status, field: error.field } };
        await updateSave(refused);
        store.set(save.blockId, pending(refused));
      }
    }
  });
}

let listening = false;

/**
 * Called by every editor as it opens: follows the network's coming and going, and replays what
 * an earlier visit left queued.
 */
export function startOutbox(): void {
  if (!listening) {
    listening = true;
    const connectivity = useConnectivityStore.getState;
    window.addEventListener('offline', () => connectivity().setOnline(false));
    window.addEventListener('online', () => {
      connectivity().setOnline(true);
      void replayOutbox();
    });
  }
  void replayOutbox();
}
