// Block saves that wait for the network (issue 6: "saving waits until the network is back and
// then succeeds without loss"). A save made offline, or one whose request never reached the
// server, goes into the IndexedDB outbox; the outbox is replayed in the order the saves were made
// when the browser says it is online again and when an editor opens on the next page load. A
// block picked while offline is saved the same way, as a create (POST) that gives it the server's
// id. A delete waits the same way. An HTTP error on replay (the server refused the block) is kept
// with the edit and shown at the block, never dropped; only an edit of a block deleted elsewhere
// (404) is dropped, and said, and a delete of a block already gone is simply done.
import { toApiError } from '../api/errors';
import { isLocalId, type Block } from '../store/blockList';
import { blockTypeName } from './blockTypes';
import { sendSave, storeBlock } from './outboxApi';
import { useBlockSaveStore, type BlockSave } from '../store/blockSaveStore';
import { useConnectivityStore } from '../store/connectivityStore';
import { showToast } from '../store/toastStore';
import { dropSaves, enqueueSave, isOffline, queuedSaves, removeSave, updateSave, type QueuedSave } from './offlineStore';

/** The block as stored, or the id its queued save is waiting under. */
export type SaveOutcome = { stored: Block } | { queued: true; blockId: string };

/** The ids of `ids` as the server knows them: a block made on this device under its server id once created. */
function serverIds(ids: readonly string[]): string[] {
  const { created } = useBlockSaveStore.getState();
  return ids.map((id) => created[id] ?? id);
}

function send(save: QueuedSave): Promise<Block | undefined> {
  return sendSave(save.orderAt ? { ...save, config: { ...save.config, ids: serverIds(save.config.ids as string[]) } } : save);
}

/**
 * Every tab of the editor shares the outbox, and one tab at a time works on it (where the browser
 * has Web Locks; all current ones do), so two tabs never race the same saves.
 */
async function acrossTabs<T>(work: () => Promise<T>): Promise<T> {
  if (!navigator.locks) return work();
  // The lock is held until `work` settles, and request() answers what it resolves to.
  return navigator.locks.request('tessera-outbox', () => work());
}

/** Saves and replays take turns, so an older queued save never lands after a newer one. */
let turn: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = turn.then(() => acrossTabs(work));
  turn = run.catch(() => undefined);
  return run;
}

/**
 * Saves a block's settings with PUT /api/blocks/{id}, or queues them when the network is gone.
 * A block made on this device is created instead, by a POST to `createAt` (the editor's board or
 * page); once created, a save under its client id goes to the server's id. An HTTP error is
 * thrown as it is (the settings editor shows a 422 at its field).
 */
export function saveBlock(blockId: string, config: Record<string, unknown>, query: Record<string, string>, createAt?: string): Promise<SaveOutcome> {
  return inTurn(async () => {
    const id = useBlockSaveStore.getState().created[blockId] ?? blockId;
    const save: QueuedSave = isLocalId(id) ? { blockId: id, config, query, createAt } : { blockId: id, config, query };
    if (navigator.onLine !== false) {
      try {
        const stored = await storeBlock(save);
        // This save holds every earlier edit of the block: nothing of it is pending any more.
        await dropSaves(id);
        if (save.createAt) useBlockSaveStore.getState().createdAs(id, stored.id);
        else useBlockSaveStore.getState().clear(id);
        return { stored };
      } catch (error) {
        if (!isOffline(error)) throw error;
      }
    }
    await enqueueSave(save);
    useBlockSaveStore.getState().set(id, { state: 'waiting', config });
    return { queued: true, blockId: id };
  });
}

/**
 * Saves a new order of the blocks stored at `orderAt` (a board's or page's blocks), or queues it
 * when the network is gone or a block it names is still waiting to be created; the queue sends it
 * after those creates. Answers whether it was saved or queued; an HTTP error is thrown as it is.
 */
export function saveOrder(orderAt: string, ids: readonly string[], query: Record<string, string>): Promise<'saved' | 'queued'> {
  return inTurn(async () => {
    const save: QueuedSave = { blockId: `order:${orderAt}`, orderAt, config: { ids: [...ids] }, query };
    if (navigator.onLine !== false && !serverIds(ids).some(isLocalId)) {
      try {
        await send(save);
        await dropSaves(save.blockId);
        return 'saved';
      } catch (error) {
        if (!isOffline(error)) throw error;
      }
    }
    await enqueueSave(save);
    return 'queued';
  });
}

/**
 * Deletes a block with DELETE /api/blocks/{id}, or queues the delete when the network is gone; a
 * queued edit of the block is dropped with it. A block made on this device and not created yet
 * is only forgotten (its create never goes), and a block the server no longer has counts as
 * deleted. Any other HTTP error is thrown as it is.
 */
export function saveDelete(blockId: string, query: Record<string, string>): Promise<'deleted' | 'queued'> {
  return inTurn(async () => {
    const id = useBlockSaveStore.getState().created[blockId] ?? blockId;
    if (isLocalId(id)) {
      await dropSaves(id);
      useBlockSaveStore.getState().clear(id);
      return 'deleted';
    }
    const save: QueuedSave = { blockId: id, config: {}, query, deleteBlock: true };
    if (navigator.onLine !== false) {
      try {
        await send(save);
      } catch (error) {
        if (isOffline(error)) return queueDelete(save);
        if (toApiError(error).status !== 404) throw error;
      }
      await dropSaves(id);
      useBlockSaveStore.getState().clear(id);
      return 'deleted';
    }
    return queueDelete(save);
  });
}

async function queueDelete(save: QueuedSave): Promise<'queued'> {
  await enqueueSave(save);
  // Gone from the editor until the delete lands, after a reload too (replayOutbox says so again).
  useBlockSaveStore.getState().set(save.blockId, { state: 'gone' });
  return 'queued';
}

/**
 * Forgets a block made on this device that is deleted before it reached the server: its queued
 * create is dropped, so nothing of it is ever sent.
 */
export function discardLocalBlock(blockId: string): Promise<void> {
  return inTurn(async () => {
    await dropSaves(blockId);
    useBlockSaveStore.getState().clear(blockId);
  });
}

const pending = (save: QueuedSave): BlockSave =>
  save.error ? { state: 'failed', config: save.config, message: save.error.message, field: save.error.field } : { state: 'waiting', config: save.config };

/** How a block is called in what the user is told: its title, or its type's name. */
function blockName(config: Record<string, unknown>): string {
  return typeof config.title === 'string' && config.title.trim() ? config.title : blockTypeName(String(config.type));
}

/** A replayed save reached the server: the editors show the block as stored. */
function landed(save: QueuedSave, stored: Block): void {
  const store = useBlockSaveStore.getState();
  if (save.createAt) store.createdAs(save.blockId, stored.id, { state: 'saved', block: stored, created: { localId: save.blockId, at: save.createAt } });
  else store.set(save.blockId, { state: 'saved', block: stored });
}

/**
 * Shows what the outbox holds (after a reload too) and, when online, sends it oldest first. A
 * save the server refuses is kept with its answer and not sent again; the others go on. An edit
 * of a block deleted elsewhere cannot land anywhere: it is dropped, and the user told so.
 */
export function replayOutbox(): Promise<void> {
  return inTurn(async () => {
    const store = useBlockSaveStore.getState();
    const saves = await queuedSaves();
    for (const save of saves) {
      if (save.deleteBlock) store.set(save.blockId, { state: 'gone' });
      else if (!save.orderAt) store.set(save.blockId, pending(save));
    }
    if (navigator.onLine === false) return;
    for (const save of saves) {
      if (save.error) continue;
      try {
        const stored = await send(save);
        await removeSave(save.seq!);
        if (stored) landed(save, stored);
      } catch (thrown) {
        // Still no network: the rest keep their turn for the next 'online'.
        if (isOffline(thrown)) return;
        const error = toApiError(thrown);
        // An order the board no longer matches (blocks added or deleted elsewhere) cannot be
        // mended by an edit: it is dropped, and the user told so.
        if (save.orderAt) {
          await removeSave(save.seq!);
          showToast({ kind: 'warning', text: `The block order changed while offline was not saved: ${error.message}` });
          continue;
        }
        if (save.deleteBlock) {
          await removeSave(save.seq!);
          // Already gone (404) is what the delete wanted; a refusal puts the block back after a reload.
          if (error.status !== 404) {
            store.clear(save.blockId);
            showToast({ kind: 'warning', text: `A block deleted while offline was not deleted: ${error.message}` });
          }
          continue;
        }
        if (error.status === 404 && !save.createAt) {
          await removeSave(save.seq!);
          store.set(save.blockId, { state: 'gone' });
          showToast({ kind: 'warning', text: `The block "${blockName(save.config)}" was deleted elsewhere; your change to it was not saved.` });
          continue;
        }
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
