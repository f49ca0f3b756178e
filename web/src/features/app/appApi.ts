// The app and page calls of platform §7 and the editing calls behind the app editor, typed once.
// Every call here but fetchApp shows its own errors (screens, inline messages), so those never alert.
import { answer, client } from '../../api/client';
import type { AppPage, AppRecord, PageAnswer, PageSettings, PageState } from '../../generated/api';
import type { Block } from '../../store/blockList';

const quiet = false;
const enc = encodeURIComponent;

/** How a page call names its app: by id once known, else by sub-domain. */
export type AppRef = { appId: string } | { appName: string };

function locator(ref: AppRef): { app_id: string } | { app: string } {
  return 'appId' in ref ? { app_id: ref.appId } : { app: ref.appName };
}

/**
 * The app of sub-domain `appName`. The page state has already let the caller in, so an answer
 * refusing it is unexpected and goes through the request layer's alert; without a network the
 * editor serves the copy it kept instead.
 */
export async function fetchApp(appName: string): Promise<AppRecord> {
  return (await answer(client.POST('/api/app/app-info', { body: { appName } }), 'unless offline')).app;
}

/** The page state of the page at `path` (the browser path without its leading slash). */
export function fetchPageState(ref: AppRef, path: string): Promise<PageState> {
  return answer(client.POST('/api/page/update-metadata', { params: { query: { board: path, ...locator(ref) } } }), quiet);
}

export interface AppChange {
  name?: string;
  subdomain?: string;
  spreadsheet_url?: string;
  public?: boolean;
  /** A spreadsheet of the app's workspace, or null to disconnect it. */
  spreadsheetId?: string | null;
  /** Merged into the app's settings; null removes a setting. */
  settings?: Record<string, unknown>;
}

export async function updateApp(appId: string, change: AppChange): Promise<AppRecord> {
  return (await answer(client.PUT('/api/apps/{appId}', { params: { path: { appId } }, body: change }), quiet)).app;
}

export async function createPage(appId: string, pageName: string, pageSlug: string): Promise<AppPage> {
  const body = pageSlug ? { page_name: pageName, page_slug: pageSlug } : { page_name: pageName };
  return (await answer(client.POST('/api/apps/{appId}/pages', { params: { path: { appId } }, body }), quiet)).page;
}

export type PageChange = Partial<
  Pick<AppPage, 'page_name' | 'page_slug'> & Pick<PageSettings, 'page_background' | 'block_border' | 'block_shadow' | 'filters'>
>;

export function updatePage(appId: string, pageId: string, change: PageChange): Promise<PageAnswer> {
  return answer(client.PUT('/api/apps/{appId}/pages/{pageId}', { params: { path: { appId, pageId } }, body: change }), quiet);
}

export async function reorderPages(appId: string, ids: string[]): Promise<AppPage[]> {
  return (await answer(client.PUT('/api/apps/{appId}/pages/order', { params: { path: { appId } }, body: { ids } }), quiet)).pages;
}

export async function deletePage(appId: string, pageId: string): Promise<void> {
  await answer(client.DELETE('/api/apps/{appId}/pages/{pageId}', { params: { path: { appId, pageId } } }), quiet);
}

/**
 * Where a page's new blocks are stored (POST), before its last block. It names the place in the
 * editor's undo and offline stores; the outbox (platform/outboxApi.ts) reads it back into a typed call.
 */
export const pageBlocksPath = (appId: string, pageId: string) => `/api/apps/${enc(appId)}/pages/${enc(pageId)}/blocks`;

/** Stores a new block on a page; the server puts it before the page's last block, as addToPage does. */
export async function addPageBlock(appId: string, pageId: string, block: Block): Promise<Block> {
  // The document leaves a block's settings open (Record<string, unknown>); Block is the narrowest type of a stored block.
  const stored = await answer(client.POST('/api/apps/{appId}/pages/{pageId}/blocks', { params: { path: { appId, pageId } }, body: { ...block } }), quiet);
  return stored as Block;
}

/** Deletes a block of a page (a draft cancelled in the settings panel). */
export async function deletePageBlock(blockId: string): Promise<void> {
  await answer(client.DELETE('/api/blocks/{blockId}', { params: { path: { blockId } } }), quiet);
}
