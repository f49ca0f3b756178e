// The calls of the spreadsheet screens, all through the request layer. Every call here is made
// from a form or a list item that shows its own error inline, so none of them raises an alert.
import { answer, client } from '../../api/client';
import { sendTracked, type TrackedOptions } from '../../api/upload';
import type { LinkKind, NewSpreadsheet } from '../../generated/api';

const quiet = false;

/** Rows per page of the built-in grid view. */
export const GRID_PAGE_ROWS = 100;

export const listSpreadsheets = (workspaceId: string) => answer(client.GET('/api/spreadsheets', { params: { query: { workspace_id: workspaceId } } }), quiet);

// The block editor reads it too, so it lives with the editor's other spreadsheet reads.
export { getSpreadsheet } from '../../blocks/preview/tabApi';

/** Reads a linked spreadsheet's source again: for a large sheet this takes as long as connecting it. */
export const refreshSpreadsheet = (id: string, options?: TrackedOptions) =>
  sendTracked('post', '/api/spreadsheets/{spreadsheetId}/refresh', { spreadsheetId: id }, undefined, options);

export async function deleteSpreadsheet(spreadsheetId: string): Promise<void> {
  await answer(client.DELETE('/api/spreadsheets/{spreadsheetId}', { params: { path: { spreadsheetId } } }), quiet);
}

// Uploads and connects can take minutes for a large sheet, so they go out with progress (see
// useImportProgress): the bytes sent, and an import id the server reports its rows under.

export function uploadSpreadsheet(workspaceId: string, file: File, name: string, options?: TrackedOptions) {
  const form = new FormData();
  form.append('workspace_id', workspaceId);
  // The server names the spreadsheet after the file when no name is sent.
  if (name.trim()) form.append('name', name.trim());
  form.append('file', file);
  return sendTracked('post', '/api/spreadsheets/upload', {}, form, options);
}

export function replaceUploadedFile(id: string, file: File, options?: TrackedOptions) {
  const form = new FormData();
  form.append('file', file);
  return sendTracked('put', '/api/spreadsheets/{spreadsheetId}/upload', { spreadsheetId: id }, form, options);
}

export function connectLink(workspaceId: string, kind: LinkKind, url: string, name: string, options?: TrackedOptions) {
  const body: NewSpreadsheet = { workspace_id: workspaceId, kind, url: url.trim() };
  if (name.trim()) body.name = name.trim();
  return sendTracked('post', '/api/spreadsheets', {}, body, options);
}

/** How far the import sent with `importId` has got (404 until the server starts it). */
export const getImportProgress = (importId: string) => answer(client.GET('/api/imports/{importId}/progress', { params: { path: { importId } } }), quiet);

/** The server's largest grid page. */
export const GRID_MAX_ROWS = 500;

export function getGridPage(spreadsheetId: string, title: string, offset: number, limit = GRID_PAGE_ROWS, signal?: AbortSignal) {
  return answer(
    client.GET('/api/spreadsheets/{spreadsheetId}/sheets/{title}/grid', { params: { path: { spreadsheetId, title }, query: { offset, limit } }, signal }),
    quiet,
  );
}
