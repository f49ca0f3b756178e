// The board calls of platform §7 as the viewer and both editor layouts make them. Every call
// names the board with the `board` query override: /boardWorkspace and /embed carry the slug in
// their query, not in the path the spec parameter is taken from.
import { answer, client, specQuery } from '../../api/client';
import type { BoardBlock, BoardSettings, BoardState, EmbedSecret, MintedEmbedToken } from '../../generated/api';

/** The `board` override, for the calls whose document declares no query of their own. */
const named = (slug: string) => specQuery({ board: slug });

/** The board state; errors are the caller's to show (403 and 404 have their own screens). */
export function loadBoard(slug: string, signal?: AbortSignal): Promise<BoardState> {
  return answer(client.POST('/api/board/update-metadata', { params: { query: { board: slug } }, signal }), false);
}

/**
 * Where a board's new blocks are stored (POST), at its end; `${path}/order` puts them in a new
 * order (PUT). It names the place in the editor's undo and offline stores; the outbox
 * (platform/outboxApi.ts) reads it back into a typed call.
 */
export const boardBlocksPath = (boardId: string) => `/api/boards/${encodeURIComponent(boardId)}/blocks`;

/**
 * Stores a block picked in 'Choose Your Block' at the end of the board; the answer has its real
 * id. Without a network the picker keeps a draft on the device instead, so only the server's
 * refusals alert.
 */
export async function saveNewBlock(slug: string, boardId: string, block: BoardBlock): Promise<BoardBlock> {
  // The document leaves a block's settings open (Record<string, unknown>); BoardBlock is the narrowest type of a stored block.
  const stored = await answer(
    client.POST('/api/boards/{boardId}/blocks', { params: { path: { boardId } }, body: block, querySerializer: named(slug) }),
    'unless offline',
  );
  return stored as BoardBlock;
}

/** Copies a block on the server, which puts the copy right after it; answers the copy. */
export async function duplicateBlock(slug: string, blockId: string): Promise<BoardBlock> {
  // An open object in the document, as for saveNewBlock.
  const copy = await answer(client.POST('/api/blocks/{blockId}/duplicate', { params: { path: { blockId } }, querySerializer: named(slug) }), false);
  return copy as BoardBlock;
}

export async function deleteBlock(slug: string, blockId: string): Promise<void> {
  await answer(client.DELETE('/api/blocks/{blockId}', { params: { path: { blockId } }, querySerializer: named(slug) }));
}

export type BoardChange = Partial<BoardSettings> & { name?: string; public?: boolean };

/** PUT /api/boards/{id}; 422 answers name the field, which the settings form shows inline. */
export function updateBoard(slug: string, boardId: string, change: BoardChange): Promise<BoardState> {
  return answer(client.PUT('/api/boards/{boardId}', { params: { path: { boardId } }, body: change, querySerializer: named(slug) }), false);
}

/** Where the spreadsheet button goes: the source spreadsheet, or the built-in grid of an upload. */
export async function spreadsheetUrl(slug: string, spreadsheetId: string): Promise<string> {
  const view = await answer(client.GET('/api/spreadsheets/{spreadsheetId}', { params: { path: { spreadsheetId } }, querySerializer: named(slug) }));
  return view.open_url;
}

/** A signed embed link locking `filters` (stored filter name → value); errors are the caller's to show. */
export function mintEmbedToken(slug: string, boardId: string, filters: Record<string, string>, expiresInMinutes: number): Promise<MintedEmbedToken> {
  const body = { filters, expires_in_minutes: expiresInMinutes };
  return answer(client.POST('/api/boards/{boardId}/embed-token', { params: { path: { boardId } }, body, querySerializer: named(slug) }), false);
}

/** The workspace's embed secret (made on first need); for its owner and admins. */
export function loadEmbedSecret(slug: string, workspaceId: string, signal?: AbortSignal): Promise<EmbedSecret> {
  return answer(client.GET('/api/workspaces/{workspaceId}/embed-secret', { params: { path: { workspaceId } }, signal, querySerializer: named(slug) }), false);
}

/** A new embed secret: every signed link made with the old one stops working. */
export function rotateEmbedSecret(slug: string, workspaceId: string): Promise<EmbedSecret> {
  return answer(client.POST('/api/workspaces/{workspaceId}/embed-secret/rotate', { params: { path: { workspaceId } }, querySerializer: named(slug) }), false);
}
