// The block data calls of a board or an app page (its rows, views and first paint) and the
// writes and actions that address a block alone. None alerts: each block says its own error.
import { api } from '../../api/client';
import type { BoardBlock, FirstPaint } from '../../generated/api';
import type { ActionResult, BlockRows, BlockView, RowValues } from './types';

const enc = encodeURIComponent;

/** The viewer's offset from UTC in minutes, east positive, as the server's `tz_offset` reads it. */
export const tzOffset = () => String(-new Date().getTimezoneOffset());

export const getFirstPaint = (path: string, query: Record<string, string>) => api.get<FirstPaint>(path, { query, alert: false });

export const getRows = (path: string, query: Record<string, string>, signal?: AbortSignal) => api.get<BlockRows>(path, { query, alert: false, signal });

export const getView = (path: string, query: Record<string, string>, signal?: AbortSignal) => api.get<BlockView>(path, { query, alert: false, signal });

/** The writes and actions, which address the block alone: the server finds its board or page. */
export function blockCalls(scope: Record<string, string>) {
  const opts = { query: scope, alert: false as const };
  return {
    // The viewer's offset, so a form's hidden [(today)] gets the date the viewer sees (the server resolves it).
    appendRow: (block: BoardBlock, values: RowValues) =>
      api.post<{ record_id: string; message: string }>(
        `/api/blocks/${enc(block.id)}/rows`,
        { values },
        { ...opts, query: { ...scope, tz_offset: tzOffset() } },
      ),
    editRow: async (block: BoardBlock, recordId: string, values: RowValues) => {
      await api.put(`/api/blocks/${enc(block.id)}/rows/${enc(recordId)}`, { values }, opts);
    },
    deleteRow: async (block: BoardBlock, recordId: string) => {
      await api.delete(`/api/blocks/${enc(block.id)}/rows/${enc(recordId)}`, undefined, opts);
    },
    duplicateRow: async (block: BoardBlock, recordId: string) => {
      await api.post(`/api/blocks/${enc(block.id)}/rows/${enc(recordId)}/duplicate`, undefined, opts);
    },
    runAction: (block: BoardBlock, index: number, recordId: string) =>
      api.post<ActionResult>(`/api/blocks/${enc(block.id)}/actions/${index}`, { record_id: recordId }, opts),
    upload: async (block: BoardBlock, file: File, column?: string) => {
      const form = new FormData();
      form.append('file', file);
      const query = column ? { ...scope, column } : scope;
      return (await api.post<{ url: string }>(`/api/blocks/${enc(block.id)}/uploads`, form, { ...opts, query })).url;
    },
  };
}
