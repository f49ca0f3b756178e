// Block saves that wait for the network (issue 6: "saving waits until the network is back and
// then succeeds without loss"). A save made offline, or one whose request never reached the
// server, goes into the IndexedDB outbox; the outbox is replayed in the order the saves were made
// when the browser says it is online again and when an editor opens on the next page load. An
// HTTP error on replay (the server refused the block) is kept with the edit and shown at the
// block, never dropped.
import { api } from '../api/client';
import { toApiError } from '../api/errors';
import type { Block } from '../shell/blockList';
import { useBlockSaveStore } from '../store/blockSaveStore';
import { useConnectivityStore } from '../store/connectivityStore';
import { dropSaves, enqueueSave, isOffline, queuedSaves, removeSave, updateSave, type QueuedSave } from './offlineStore';

export type SaveOutcome = { stored: Block } | { queued: true };

function send(save: QueuedSave): Promise<Block> {
  return api.put<Block>(`/api/blocks/${encodeURIComponent(save.blockId)}`, save.config, { query: save.query, alert: false });
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Saves a block's settings with PUT /api/blocks/{id}, or queues them when the network is gone.
 * An HTTP error is thrown as it is (the settings editor shows a 422 at its field).
 */
export async function saveBlock(blockId: string, config: Record<string, unknown>, query: Record<string, string>): Promise<SaveOutcome> {
  const save: QueuedSave = { blockId, config, query };
  if (navigator.onLine !== false) {
    // An older queued save of this block must not land after this one.
    if (running) await running;
    try {
      const stored = await send(save);
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
}

async function replayOnce(): Promise<void> {
  const store = useBlockSaveStore.getState();
  for (const save of await queuedSaves()) {
    if (save.error) continue;
    try {
      const stored = await send(save);
      await removeSave(save.seq!);
      store.set(save.blockId, { state: 'saved', block: stored });
    } catch (thrown) {
      // Still no network: the rest keep their turn for the next 'online'.
      if (isOffline(thrown)) return;
      const error = toApiError(thrown);
      await updateSave({ ...save, error: { message: error.message, status: error.status, field: error.field } });
      store.set(save.blockId, { state: 'failed', config: save.config, message: error.message, field: error.field });
    }
  }
}

/** Sends every queued save, oldest first; a call while a replay runs makes it go round once more. */
export function replayOutbox(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await replayOnce();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Shows what the outbox holds from an earlier visit: waiting saves, and refused ones with why. */
async function showQueued(): Promise<void> {
  const store = useBlockSaveStore.getState();
  for (const save of await queuedSaves()) {
    store.set(
      save.blockId,
      save.error ? { state: 'failed', config: save.config, message: save.error.message, field: save.error.field } : { state: 'waiting', config: save.config },
    );
  }
}

let started = false;

/** Called by every editor: follows the network's coming and going and replays what is queued. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  const connectivity = useConnectivityStore.getState;
  window.addEventListener('offline', () => connectivity().setOnline(false));
  window.addEventListener('online', () => {
    connectivity().setOnline(true);
    void replayOutbox();
  });
  void showQueued().then(() => (navigator.onLine ? replayOutbox() : undefined));
}
