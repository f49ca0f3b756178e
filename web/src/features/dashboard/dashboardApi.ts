// The dashboard's calls: workspaces, and making, copying and deleting boards and apps from a
// workspace's card, the start page and the new-app page. Each takes the request layer's alert
// policy from its caller (a form that shows its errors inline passes `{ alert: false }`).
import { answer, client, type AlertPolicy } from '../../api/client';
import type { AppRecord, BoardState, NewApp } from '../../generated/api';

/** The caller's alert policy, and a signal to drop a read the screen no longer needs. */
export interface Options {
  alert?: AlertPolicy;
  signal?: AbortSignal;
}

export const listWorkspaces = ({ alert, signal }: Options = {}) => answer(client.GET('/api/workspaces', { signal }), alert);

export const createWorkspace = (name: string, subdomain: string, { alert, signal }: Options = {}) =>
  answer(client.POST('/api/workspaces', { body: { name, subdomain }, signal }), alert);

export const listBoards = ({ alert, signal }: Options = {}) => answer(client.GET('/api/boards', { signal }), alert);

export const listApps = ({ alert, signal }: Options = {}) => answer(client.GET('/api/apps', { signal }), alert);

export const createBoard = (workspaceId: string, name: string, { alert, signal }: Options = {}): Promise<BoardState> =>
  answer(client.POST('/api/boards', { body: { workspace_id: workspaceId, name }, signal }), alert);

/** Connects the board to one of its workspace's spreadsheets. */
export const connectBoard = (boardId: string, spreadsheetId: string, { alert, signal }: Options = {}): Promise<BoardState> =>
  answer(client.PUT('/api/boards/{boardId}', { params: { path: { boardId } }, body: { spreadsheetId }, signal }), alert);

/** Adds a block at the end of the board; the document leaves a block's settings open (an object of any keys). */
export const addBoardBlock = (boardId: string, block: Record<string, unknown>, { alert, signal }: Options = {}) =>
  answer(client.POST('/api/boards/{boardId}/blocks', { params: { path: { boardId } }, body: block, signal }), alert);

export const duplicateBoard = (boardId: string) => answer(client.POST('/api/boards/{boardId}/duplicate', { params: { path: { boardId } } }));

export const deleteBoard = (boardId: string) => answer(client.DELETE('/api/boards/{boardId}', { params: { path: { boardId } } }));

export const deleteApp = (appId: string) => answer(client.DELETE('/api/apps/{appId}', { params: { path: { appId } } }));

/** What a new app is made of (platform §7 POST /api/apps). */
export type { NewApp };

export const createApp = async (app: NewApp, { alert, signal }: Options = {}): Promise<AppRecord> =>
  (await answer(client.POST('/api/apps', { body: app, signal }), alert)).app;

/** The app `appId` as the signed-in caller may see it. */
export const getApp = async (appId: string, { alert, signal }: Options = {}): Promise<AppRecord> =>
  (await answer(client.GET('/api/apps/{appId}', { params: { path: { appId } }, signal }), alert)).app;
