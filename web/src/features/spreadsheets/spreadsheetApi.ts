// The calls of the spreadsheet screens, all through the request layer. Every call here is made
// from a form or a list item that shows its own error inline, so none of them raises an alert.
import { api } from '../../api/client';
import type { GridPage, LinkKind, SpreadsheetView, Uploaded } from '../../generated/api';

const quiet = { alert: false } as const;

/** Rows per page of the built-in grid view. */
export const GRID_PAGE_ROWS = 100;

export const listSpreadsheets = (workspaceId: string) => api.get<SpreadsheetView[]>('/api/spreadsheets', { ...quiet, query: { workspace_id: workspaceId } });

export const getSpreadsheet = (id: string) => api.get<SpreadsheetView>(`/api/spreadsheets/${encodeURIComponent(id)}`, quiet);

export const refreshSpreadsheet = (id: string) => api.post<SpreadsheetView>(`/api/spreadsheets/${encodeURIComponent(id)}/refresh`, undefined, quiet);

export const deleteSpreadsheet = (id: string) => api.delete<void>(`/api/spreadsheets/${encodeURIComponent(id)}`, undefined, quiet);

export function uploadSpreadsheet(workspaceId: string, file: File, name: string) {
  const form = new FormData();
  form.append('workspace_id', workspaceId);
  // The server names the spreadsheet after the file when no name is sent.
  if (name.trim()) form.append('name', name.trim());
  form.append('file', file);
  return api.post<Uploaded>('/api/spreadsheets/upload', form, quiet);
}

export function replaceUploadedFile(id: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.put<Uploaded>(`/api/spreadsheets/${encodeURIComponent(id)}/upload`, form, quiet);
}

export function connectLink(workspaceId: string, kind: LinkKind, url: string, name: string) {
  const body: Record<string, string> = { workspace_id: workspaceId, kind, url: url.trim() };
  if (name.trim()) body.name = name.trim();
  return api.post<SpreadsheetView>('/api/spreadsheets', body, quiet);
}

/** The server's largest grid page. */
export const GRID_MAX_ROWS = 500;

export function getGridPage(id: string, title: string, offset: number, limit = GRID_PAGE_ROWS, signal?: AbortSignal) {
  return api.get<GridPage>(`/api/spreadsheets/${encodeURIComponent(id)}/sheets/${encodeURIComponent(title)}/grid`, {
    ...quiet,
    query: { offset: String(offset), limit: String(limit) },
    signal,
  });
}
