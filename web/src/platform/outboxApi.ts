// The one request of a queued block save (`outbox.ts`): a block's settings, a new block, a
// delete, or a new order. None alerts: the outbox keeps a refused save and shows it at its block.
import { answer, client, specQuery } from '../api/client';
import { ApiError } from '../api/errors';
import type { Block } from '../store/blockList';
import type { QueuedSave } from './offlineStore';

const quiet = false;

/**
 * Where a save's blocks are stored: the blocks path it was queued with (boardBlocksPath,
 * pageBlocksPath), kept on the device and so read back here into the document's parameters.
 */
type Place = { boardId: string } | { appId: string; pageId: string };

const BOARD_BLOCKS = /^\/api\/boards\/([^/]+)\/blocks$/;
const PAGE_BLOCKS = /^\/api\/apps\/([^/]+)\/pages\/([^/]+)\/blocks$/;

function placeOf(at: string): Place {
  const board = BOARD_BLOCKS.exec(at);
  if (board) return { boardId: decodeURIComponent(board[1]) };
  const page = PAGE_BLOCKS.exec(at);
  if (page) return { appId: decodeURIComponent(page[1]), pageId: decodeURIComponent(page[2]) };
  throw new ApiError(`No blocks are stored at ${at}.`, 400);
}

/** The new block or new settings of a queued save; the answer is the block as stored. */
export async function storeBlock(save: QueuedSave): Promise<Block> {
  const named = specQuery(save.query);
  // The document leaves a block's settings open (Record<string, unknown>): Block is the narrowest
  // type of what the server stores and answers.
  let stored: Record<string, unknown>;
  if (save.createAt) {
    // The client id makes the create idempotent on the server: if the answer to a create that was
    // stored is lost, sending it again answers the same block instead of making a second one.
    const query = { client_key: save.blockId };
    const place = placeOf(save.createAt);
    stored =
      'boardId' in place
        ? await answer(client.POST('/api/boards/{boardId}/blocks', { params: { path: place, query }, body: save.config, querySerializer: named }), quiet)
        : await answer(
            client.POST('/api/apps/{appId}/pages/{pageId}/blocks', { params: { path: place, query }, body: save.config, querySerializer: named }),
            quiet,
          );
  } else {
    const path = { blockId: save.blockId };
    stored = await answer(client.PUT('/api/blocks/{blockId}', { params: { path }, body: save.config, querySerializer: named }), quiet);
  }
  return stored as Block;
}

/** Sends a queued save: the stored block for a block's save, nothing for a delete or an order. */
export async function sendSave(save: QueuedSave): Promise<Block | undefined> {
  const named = specQuery(save.query);
  if (save.orderAt) {
    const body = { ids: save.config.ids as string[] };
    const place = placeOf(save.orderAt);
    if ('boardId' in place) await answer(client.PUT('/api/boards/{boardId}/blocks/order', { params: { path: place }, body, querySerializer: named }), quiet);
    else await answer(client.PUT('/api/apps/{appId}/pages/{pageId}/blocks/order', { params: { path: place }, body, querySerializer: named }), quiet);
    return undefined;
  }
  if (save.deleteBlock) {
    await answer(client.DELETE('/api/blocks/{blockId}', { params: { path: { blockId: save.blockId } }, querySerializer: named }), quiet);
    return undefined;
  }
  return storeBlock(save);
}
