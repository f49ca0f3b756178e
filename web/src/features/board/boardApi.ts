// The board calls of platform §7 as the viewer and both editor layouts make them. Every call
// names the board with the `board` query override: /boardWorkspace and /embed carry the slug in
// their query, not in the path the spec parameter is taken from.
import { api } from '../../api/client';
import type { BoardBlock, BoardSettings, BoardState, EmbedSecret, MintedEmbedToken, SpreadsheetView } from '../../generated/api';

const named = (slug: string) => ({ board: slug });

/** The board state; errors are the caller's to show (403 and 404 have their own screens). */
export function loadBoard(slug: string, signal?: AbortSignal): Promise<BoardState> {
  return api.post<BoardState>('/api/board/update-metadata', undefined, { query: named(slug), alert: false, signal });
}

/** Where a board's new blocks are stored (POST), at its end; `${path}/order` puts them in a new order (PUT). */
export const boardBlocksPath = (boardId: string) => `/api/boards/${encodeURIComponent(boardId)}/blocks`;

/**
 * Stores a block picked in 'Choose Your Block' at the end of the board; the answer has its real
 * id. Without a network the picker keeps a draft on the device instead, so only the server's
 * refusals alert.
 */
export function saveNewBlock(slug: string, boardId: string, block: BoardBlock): Promise<BoardBlock> {
  return api.post<BoardBlock>(boardBlocksPath(boardId), block, { query: named(slug), alert: 'unless offline' });
}

/** Copies a block on the server, which puts the copy right after it; answers the copy. */
export function duplicateBlock(slug: string, blockId: string): Promise<BoardBlock> {
  return api.post<BoardBlock>(`/api/blocks/${encodeURIComponent(blockId)}/duplicate`, undefined, { query: named(slug), alert: false });
}

export function deleteBlock(slug: string, blockId: string): Promise<void> {
  return api.delete<void>(`/api/blocks/${encodeURIComponent(blockId)}`, undefined, { query: named(slug) });
}

export type BoardChange = Partial<BoardSettings> & { name?: string; public?: boolean };

/** PUT /api/boards/{id}; 422 answers name the field, which the settings form shows inline. */
export function updateBoard(slug: string, boardId: string, change: BoardChange): Promise<BoardState> {
  return api.put<BoardState>(`/api/boards/${encodeURIComponent(boardId)}`, change, { query: named(slug), alert: false });
}

/** Where the spreadsheet button goes: the source spreadsheet, or the built-in grid of an upload. */
export async function spreadsheetUrl(slug: string, spreadsheetId: string): Promise<string> {
  const view = await api.get<SpreadsheetView>(`/api/spreadsheets/${encodeURIComponent(spreadsheetId)}`, { query: named(slug) });
  return view.open_url;
}

/** A signed embed link locking `filters` (stored filter name → value); errors are the caller's to show. */
export function mintEmbedToken(slug: string, boardId: string, filters: Record<string, string>, expiresInMinutes: number): Promise<MintedEmbedToken> {
  const body = { filters, expires_in_minutes: expiresInMinutes };
  return api.post<MintedEmbedToken>(`/api/boards/${encodeURIComponent(boardId)}/embed-token`, body, { query: named(slug), alert: false });
}

const secretPath = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}/embed-secret`;

/** The workspace's embed secret (made on first need); for its owner and admins. */
export function loadEmbedSecret(slug: string, workspaceId: string, signal?: AbortSignal): Promise<EmbedSecret> {
  return api.get<EmbedSecret>(secretPath(workspaceId), { query: named(slug), alert: false, signal });
}

/** A new embed secret: every signed link made with the old one stops working. */
export function rotateEmbedSecret(slug: string, workspaceId: string): Promise<EmbedSecret> {
  return api.post<EmbedSecret>(`${secretPath(workspaceId)}/rotate`, undefined, { query: named(slug), alert: false });
}
