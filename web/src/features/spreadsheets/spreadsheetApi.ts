// The calls of the spreadsheet screens, all through the request layer. Every call here is made
// from a form or a list item that shows its own error inline, so none of them raises an alert.
import { api } from '../../api/client';
import { sendTracked, type TrackedOptions } from '../../api/upload';
import type { GridPage, ImportProgress, LinkKind, SpreadsheetView, Uploaded } from '../../generated/api';

const quiet = { alert: false } as const;

/** Rows per page of the built-in grid view. */
export const GRID_PAGE_ROWS = 100;

export const listSpreadsheets = (workspaceId: string) => api.get<SpreadsheetView[]>('/api/spreadsheets', { ...quiet, query: { workspace_id: workspaceId } });

// The block editor reads it too, so it lives with the editor's other spreadsheet reads.
export { getSpreadsheet } from '../../blocks/preview/tabApi';

/** Reads a linked spreadsheet's source again: for a large sheet this takes as long as connecting it. */
export const refreshSpreadsheet = (id: string, options?: TrackedOptions) =>
  sendTracked<SpreadsheetView>('POST', `/api/spreadsheets/${encodeURIComponent(id)}/refresh`, undefined, options);

export const deleteSpreadsheet = (id: string) => api.delete<void>(`/api/spreadsheets/${encodeURIComponent(id)}`, undefined, quiet);

// Uploads and connects can take minutes for a large sheet, so they go out with progress (see
// useImportProgress): the bytes sent, and an import id the server reports its rows under.

export function uploadSpreadsheet(workspaceId: string, file: File, name: string, options?: TrackedOptions) {
  const form = new FormData();
  form.append('workspace_id', workspaceId);
  // The server names the spreadsheet after the file when no name is sent.
  if (name.trim()) form.append('name', name.trim());
  form.append('file', file);
  return sendTracked<Uploaded>('POST', '/api/spreadsheets/upload', form, options);
}

export function replaceUploadedFile(id: string, file: File, options?: TrackedOptions) {
  const form = new FormData();
  form.append('file', file);
  return sendTracked<Uploaded>('PUT', `/api/spreadsheets/${encodeURIComponent(id)}/upload`, form, options);
}

export function connectLink(workspaceId: string, kind: LinkKind, url: string, name: string, options?: TrackedOptions) {
  const body: Record<string, string> = { workspace_id: workspaceId, kind, url: url.trim() };
  if (name.trim()) body.name = name.trim();
  return sendTracked<SpreadsheetView>('POST', '/api/spreadsheets', body, options);
}

/** How far the import sent with `importId` has got (404 until the server starts it). */
export const getImportProgress = (importId: string) => api.get<ImportProgress>(`/api/imports/${encodeURIComponent(importId)}/progress`, quiet);

/** The server's largest grid page. */
export const GRID_MAX_ROWS = 500;

export function getGridPage(id: string, title: string, offset: number, limit = GRID_PAGE_ROWS, signal?: AbortSignal) {
  return api.get<GridPage>(`/api/spreadsheets/${encodeURIComponent(id)}/sheets/${encodeURIComponent(title)}/grid`, {
    ...quiet,
    query: { offset: String(offset), limit: String(limit) },
    signal,
  });
}
