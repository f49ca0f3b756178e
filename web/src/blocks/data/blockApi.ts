// The block data calls of a board or an app page (its rows, views and first paint) and the
// writes and actions that address a block alone. None alerts: each block says its own error.
import { answer, client, multipart } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { BoardBlock, FileUploadForm, FirstPaint } from '../../generated/api';
import type { ActionResult, BlockRows, BlockView, RowValues } from './types';

/** The viewer's offset from UTC in minutes, east positive, as the server's `tz_offset` reads it. */
export const tzOffset = () => String(-new Date().getTimezoneOffset());

const quiet = false;

// The reads below take the address sources.ts builds (a board's `/api/board/{spreadsheetId}/...`
// or an app page's `/v3/api/page/...`) and read it back into the document's path and parameters.
const at = (path: string, pattern: RegExp): string[] | undefined => pattern.exec(path)?.slice(1).map(decodeURIComponent);
const unknownAddress = (path: string) => new ApiError(`No block data is read from ${path}.`, 400);

export function getFirstPaint(path: string, query: Record<string, string>): Promise<FirstPaint> {
  const board = at(path, /^\/api\/board\/([^/]+)\/first-paint$/);
  if (board) return answer(client.GET('/api/board/{spreadsheetId}/first-paint', { params: { path: { spreadsheetId: board[0] }, query } }), quiet);
  if (path === '/v3/api/page/first-paint') return answer(client.GET('/v3/api/page/first-paint', { params: { query } }), quiet);
  return Promise.reject(unknownAddress(path));
}

// The rows and views are read as the block views type them (types.ts): the same shapes with the
// cells and the view's kinds narrowed where the document leaves them open.
export async function getRows(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<BlockRows> {
  const board = at(path, /^\/api\/board\/([^/]+)\/sheet\/([^/]+)$/);
  const page = at(path, /^\/v3\/api\/page\/sheet\/([^/]+)$/);
  if (board) {
    const [spreadsheetId, sheet_title] = board;
    return (await answer(
      client.GET('/api/board/{spreadsheetId}/sheet/{sheet_title}', { params: { path: { spreadsheetId, sheet_title }, query }, signal }),
      quiet,
    )) as BlockRows;
  }
  if (page)
    return (await answer(client.GET('/v3/api/page/sheet/{sheet_title}', { params: { path: { sheet_title: page[0] }, query }, signal }), quiet)) as BlockRows;
  throw unknownAddress(path);
}

export async function getView(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<BlockView> {
  const board = at(path, /^\/api\/board\/([^/]+)\/view\/([^/]+)$/);
  const page = at(path, /^\/v3\/api\/page\/view\/([^/]+)$/);
  if (board) {
    const [spreadsheetId, blockId] = board;
    return (await answer(
      client.GET('/api/board/{spreadsheetId}/view/{blockId}', { params: { path: { spreadsheetId, blockId }, query }, signal }),
      quiet,
    )) as BlockView;
  }
  if (page) return (await answer(client.GET('/v3/api/page/view/{blockId}', { params: { path: { blockId: page[0] }, query }, signal }), quiet)) as BlockView;
  throw unknownAddress(path);
}

/** The writes and actions, which address the block alone: the server finds its board or page. */
export function blockCalls(query: Record<string, string>) {
  return {
    // The viewer's offset, so a form's hidden [(today)] gets the date the viewer sees (the server resolves it).
    appendRow: (block: BoardBlock, values: RowValues) =>
      answer(
        client.POST('/api/blocks/{blockId}/rows', { params: { path: { blockId: block.id }, query: { ...query, tz_offset: tzOffset() } }, body: { values } }),
        quiet,
      ),
    editRow: async (block: BoardBlock, recordId: string, values: RowValues) => {
      await answer(client.PUT('/api/blocks/{blockId}/rows/{recordId}', { params: { path: { blockId: block.id, recordId }, query }, body: { values } }), quiet);
    },
    deleteRow: async (block: BoardBlock, recordId: string) => {
      await answer(client.DELETE('/api/blocks/{blockId}/rows/{recordId}', { params: { path: { blockId: block.id, recordId }, query } }), quiet);
    },
    duplicateRow: async (block: BoardBlock, recordId: string) => {
      await answer(client.POST('/api/blocks/{blockId}/rows/{recordId}/duplicate', { params: { path: { blockId: block.id, recordId }, query } }), quiet);
    },
    runAction: async (block: BoardBlock, index: number, recordId: string): Promise<ActionResult> => {
      const done = await answer(
        client.POST('/api/blocks/{blockId}/actions/{index}', { params: { path: { blockId: block.id, index }, query }, body: { record_id: recordId } }),
        quiet,
      );
      return { ...done, text: done.text ?? undefined };
    },
    upload: async (block: BoardBlock, file: File, column?: string) => {
      const form = new FormData();
      form.append('file', file);
      const params = { path: { blockId: block.id }, query: column ? { ...query, column } : query };
      return (await answer(client.POST('/api/blocks/{blockId}/uploads', { params, body: multipart<FileUploadForm>(form) }), quiet)).url;
    },
  };
}
