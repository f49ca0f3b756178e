// What the editors keep on this device so that editing and previewing go on without a network
// (issue 6): the last board and page states and app records an editor loaded, the spreadsheet's
// tabs and columns, the rows the block preview read, and the outbox of block saves (and of blocks
// made offline, to be created, and of deletes) waiting for the network. One IndexedDB database through `idb`;
// without IndexedDB (private modes of some browsers) nothing is kept and every call behaves as if
// the copy were missing.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { NetworkError } from '../api/errors';
import { useConnectivityStore } from '../store/connectivityStore';

const DB_NAME = 'tessera-offline';
const DB_VERSION = 1;

/** A block save that has not reached the server yet, in the order it was made. */
export interface QueuedSave {
  /** The outbox key: ascending in the order the saves were made. */
  seq?: number;
  blockId: string;
  /** The request body: the block's settings without id and temp_block. */
  config: Record<string, unknown>;
  /** Query parameters the request carries besides the spec ones (the board a block is on). */
  query: Record<string, string>;
  /**
   * A block made on this device (`blockId` is its client id) is created by a POST here (its
   * board's or page's blocks) rather than replaced by a PUT.
   */
  createAt?: string;
  /**
   * A new order of the blocks stored at this address (a board's or page's blocks, PUT
   * `${orderAt}/order`); `config.ids` lists them and `blockId` is `order:` and the address, so a
   * newer order replaces a waiting one.
   */
  orderAt?: string;
  /**
   * The block is to be deleted (DELETE /api/blocks/{id}); `config` is empty. Queued under the
   * block's id, it replaces the block's waiting edits, which a delete makes pointless.
   */
  deleteBlock?: true;
  /** The server refused it (an HTTP error on replay): kept with the answer, not sent again. */
  error?: { message: string; status: number; field?: string };
}

interface Copy {
  key: string;
  value: unknown;
  savedAt: number;
}

interface OfflineSchema extends DBSchema {
  copies: { key: string; value: Copy };
  outbox: { key: number; value: QueuedSave; indexes: { blockId: string } };
}

let opened: { factory: IDBFactory; db: Promise<IDBPDatabase<OfflineSchema>> } | null = null;

/** The database, opened once per IndexedDB factory (tests swap in a fresh one per test). */
function database(): Promise<IDBPDatabase<OfflineSchema>> | null {
  const factory = globalThis.indexedDB;
  if (!factory) return null;
  if (opened?.factory !== factory) {
    const db = openDB<OfflineSchema>(DB_NAME, DB_VERSION, {
      upgrade(upgrading) {
        upgrading.createObjectStore('copies', { keyPath: 'key' });
        upgrading.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex('blockId', 'blockId');
      },
    });
    opened = { factory, db };
  }
  return opened.db;
}

/** Keys of the copies: one namespace per kind of thing kept. */
export const copyKey = {
  board: (slug: string) => `board:${slug}`,
  page: (appName: string, path: string) => `page:${appName}/${path}`,
  app: (appName: string) => `app:${appName}`,
  spreadsheet: (id: string) => `spreadsheet:${id}`,
  rows: (spreadsheetId: string, tab: string) => `rows:${spreadsheetId}/${tab}`,
};

/** Keeps `value` under `key`. A device that cannot store it only loses the offline copy. */
export async function keepCopy(key: string, value: unknown): Promise<void> {
  const db = database();
  if (!db) return;
  try {
    await (await db).put('copies', { key, value, savedAt: Date.now() });
  } catch {
    // Quota or a closed database: the app works on, only without this offline copy.
  }
}

export async function readCopy<T>(key: string): Promise<T | undefined> {
  const db = database();
  if (!db) return undefined;
  try {
    return (await (await db).get('copies', key))?.value as T | undefined;
  } catch {
    return undefined;
  }
}

/** A failure that says the network is gone rather than that the server answered. */
export function isOffline(error: unknown): boolean {
  return error instanceof NetworkError || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

/**
 * Loads with `load` and keeps the answer (unless `keep` says no); when the network is gone, answers
 * the copy kept last time instead and marks the page as served from this device, which the
 * 'Offline' notice says. Without a copy, or on an HTTP error, the failure is the caller's.
 */
export async function loadWithCopy<T>(key: string, load: () => Promise<T>, keep = true): Promise<T> {
  try {
    const value = await load();
    if (keep) void keepCopy(key, value);
    return value;
  } catch (error) {
    if (!isOffline(error)) throw error;
    const copy = await readCopy<T>(key);
    if (copy === undefined) throw error;
    useConnectivityStore.getState().servedFromCopy();
    return copy;
  }
}

// ---- the outbox ----

/** Every queued save, oldest first. */
export async function queuedSaves(): Promise<QueuedSave[]> {
  const db = database();
  if (!db) return [];
  return (await db).getAll('outbox');
}

/**
 * Queues `save`, replacing any save of the same block still waiting: a save sends the whole
 * block, so the newest one holds every earlier edit, and it goes to the end of the line. A block
 * still to be created keeps its create's place instead, so that blocks made offline reach the
 * server, which appends each new one, in the order they were made.
 */
export async function enqueueSave(save: QueuedSave): Promise<QueuedSave> {
  const db = database();
  if (!db) throw new Error('This browser cannot keep edits while offline; save again when the network is back.');
  const tx = (await db).transaction('outbox', 'readwrite');
  const earlier = await tx.store.index('blockId').getAll(save.blockId);
  for (const old of earlier) await tx.store.delete(old.seq!);
  const { seq: _old, ...fresh } = save;
  // Only the place and address of a waiting create carry over; a refusal of it does not, as this
  // save is a new attempt.
  const create = earlier.find((old) => old.createAt);
  const queued: QueuedSave = create ? { ...fresh, seq: create.seq, createAt: create.createAt } : fresh;
  const seq = await tx.store.put(queued);
  await tx.done;
  return { ...queued, seq };
}

/** Drops every queued save of `blockId` (a newer save of it reached the server). */
export async function dropSaves(blockId: string): Promise<void> {
  const db = database();
  if (!db) return;
  const tx = (await db).transaction('outbox', 'readwrite');
  for (const key of await tx.store.index('blockId').getAllKeys(blockId)) await tx.store.delete(key);
  await tx.done;
}

export async function updateSave(save: QueuedSave): Promise<void> {
  const db = database();
  if (db && save.seq !== undefined) await (await db).put('outbox', save);
}

export async function removeSave(seq: number): Promise<void> {
  const db = database();
  if (db) await (await db).delete('outbox', seq);
}
