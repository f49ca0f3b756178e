// The dashboard's calls: workspaces, and making, copying and deleting boards and apps from a
// workspace's card, the start page and the new-app page. Each takes the request layer's alert
// policy from its caller (a form that shows its errors inline passes `{ alert: false }`).
import { api, type RequestOptions } from '../../api/client';
import type { AppAnswer, AppRecord, BoardState, BoardSummary, Workspace } from '../../generated/api';

type Options = Omit<RequestOptions, 'body'>;
const enc = encodeURIComponent;

export const listWorkspaces = (options?: Options) => api.get<Workspace[]>('/api/workspaces', options);

export const createWorkspace = (name: string, subdomain: string, options?: Options) => api.post<Workspace>('/api/workspaces', { name, subdomain }, options);

export const listBoards = (options?: Options) => api.get<BoardSummary[]>('/api/boards', options);

export const listApps = (options?: Options) => api.get<{ apps: AppRecord[] }>('/api/apps', options);

export const createBoard = (workspaceId: string, name: string, options?: Options) =>
  api.post<BoardState>('/api/boards', { workspace_id: workspaceId, name }, options);

/** Connects the board to one of its workspace's spreadsheets. */
export const connectBoard = (boardId: string, spreadsheetId: string, options?: Options) =>
  api.put<BoardState>(`/api/boards/${enc(boardId)}`, { spreadsheetId }, options);

export const addBoardBlock = (boardId: string, block: unknown, options?: Options) => api.post(`/api/boards/${enc(boardId)}/blocks`, block, options);

export const duplicateBoard = (boardId: string) => api.post(`/api/boards/${enc(boardId)}/duplicate`);

export const deleteBoard = (boardId: string) => api.delete(`/api/boards/${enc(boardId)}`);

export const deleteApp = (appId: string) => api.delete(`/api/apps/${enc(appId)}`);

/** What a new app is made of (platform §7 POST /api/apps). */
export interface NewApp {
  workspace_id: string;
  name: string;
  subdomain: string;
  spreadsheet_url?: string;
}

export const createApp = async (app: NewApp, options?: Options): Promise<AppRecord> => (await api.post<AppAnswer>('/api/apps', app, options)).app;

/** The app `appId` as the signed-in caller may see it. */
export const getApp = async (appId: string, options?: Options): Promise<AppRecord> => (await api.get<AppAnswer>(`/api/apps/${enc(appId)}`, options)).app;
