// 'Use this template' and binding a board to a spreadsheet. Every failure is shown inline by
// the step that asked, so none of them alerts.
import { api } from '../../api/client';
import type { BoardState, RebindInput, RebindProposal, Rebound, Workspace } from '../../generated/api';

const quiet = { alert: false } as const;
const boardPath = (boardId: string) => `/api/boards/${encodeURIComponent(boardId)}`;

/**
 * The server-rendered image of a board as a guest sees it. `version` (the listing's last change)
 * is part of the address, so a listing changed since shows its fresh image rather than a cached one.
 */
export function previewImageUrl(boardId: string, version: number | string): string {
  return `${boardPath(boardId)}/preview.svg?v=${encodeURIComponent(String(version))}`;
}

export const loadWorkspaces = () => api.get<Workspace[]>('/api/workspaces', quiet);

/** Copies a listed board into one of the caller's workspaces; answers the copy (private, with a copy of the sample data). */
export const copyTemplate = (boardId: string, workspaceId: string) =>
  api.post<BoardState>(`/api/marketplace/${encodeURIComponent(boardId)}/copy`, { workspace_id: workspaceId }, quiet);

export const loadRebindProposal = (boardId: string, spreadsheetId: string, signal?: AbortSignal) =>
  api.get<RebindProposal>(`${boardPath(boardId)}/rebind`, { ...quiet, query: { spreadsheet_id: spreadsheetId }, signal });

export const applyRebind = (boardId: string, input: RebindInput) => api.post<Rebound>(`${boardPath(boardId)}/rebind`, input, quiet);
