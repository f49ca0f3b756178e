// 'Use this template' and binding a board to a spreadsheet. Every failure is shown inline by
// the step that asked, so none of them alerts.
import { answer, client } from '../../api/client';
import type { RebindInput } from '../../generated/api';

const quiet = false;

/**
 * The server-rendered image of a board as a guest sees it. `version` (the listing's last change)
 * is part of the address, so a listing changed since shows its fresh image rather than a cached one.
 */
export function previewImageUrl(boardId: string, version: number | string): string {
  return `/api/boards/${encodeURIComponent(boardId)}/preview.svg?v=${encodeURIComponent(String(version))}`;
}

export const loadWorkspaces = () => answer(client.GET('/api/workspaces'), quiet);

/** Copies a listed board into one of the caller's workspaces; answers the copy (private, with a copy of the sample data). */
export const copyTemplate = (boardId: string, workspaceId: string) =>
  answer(client.POST('/api/marketplace/{boardId}/copy', { params: { path: { boardId } }, body: { workspace_id: workspaceId } }), quiet);

export const loadRebindProposal = (boardId: string, spreadsheetId: string, signal?: AbortSignal) =>
  answer(client.GET('/api/boards/{boardId}/rebind', { params: { path: { boardId }, query: { spreadsheet_id: spreadsheetId } }, signal }), quiet);

export const applyRebind = (boardId: string, input: RebindInput) =>
  answer(client.POST('/api/boards/{boardId}/rebind', { params: { path: { boardId } }, body: input }), quiet);
