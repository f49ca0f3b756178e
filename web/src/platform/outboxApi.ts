// The one request of a queued block save (`outbox.ts`): a block's settings, a new block, a
// delete, or a new order. None alerts: the outbox keeps a refused save and shows it at its block.
import { api } from '../api/client';
import type { Block } from '../store/blockList';
import type { QueuedSave } from './offlineStore';

export function sendSave(save: QueuedSave): Promise<Block> {
  const options = { query: save.query, alert: false } as const;
  if (save.orderAt) return api.put<Block>(`${save.orderAt}/order`, { ids: save.config.ids }, options);
  if (save.deleteBlock) return api.delete<Block>(`/api/blocks/${encodeURIComponent(save.blockId)}`, undefined, options);
  // The client id makes the create idempotent on the server: if the answer to a create that was
  // stored is lost, sending it again answers the same block instead of making a second one.
  if (save.createAt) return api.post<Block>(save.createAt, save.config, { ...options, query: { ...save.query, client_key: save.blockId } });
  return api.put<Block>(`/api/blocks/${encodeURIComponent(save.blockId)}`, save.config, options);
}
