// The calls of the administration screens: the owner's own workspaces, boards, apps and app
// users (the calls the dashboard and the users dialog make), and the platform's
// (server/src/api/admin.rs, plus the owner-or-admin deletes of boards and apps). Every screen
// shows its errors inline, so none of them alerts.
import { answer, client } from '../../api/client';
import type { AdminApp, AdminBoard, AdminCode, AdminUser, AdminWorkspace, AppUser, Plan, Workspace } from '../../generated/api';

/** Every screen here shows its errors inline: no alert. */
const quiet = false;

/** One page of a listing: the server's `limit` (1 to 200) and `offset`, and `q` where it searches. */
export interface PageRequest {
  limit: number;
  offset: number;
  q: string;
}

/** A page of rows and how many rows there are over all pages. */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * One page of a list the server answers whole (the owner's own records, which are few), so the
 * owner's tabs page and show the same way as the platform's.
 */
export function pageOf<T>(items: readonly T[], { limit, offset }: PageRequest): Page<T> {
  return { items: items.slice(offset, offset + limit), total: items.length };
}

export const listOwnWorkspaces = (): Promise<Workspace[]> => answer(client.GET('/api/workspaces'), quiet);
export const listOwnBoards = () => answer(client.GET('/api/boards'), quiet);
export const listOwnApps = async () => (await answer(client.GET('/api/apps'), quiet)).apps;
/** The owner's own delete (the platform tab deletes through the admin API instead). */
export const deleteOwnWorkspace = (workspaceId: string) => answer(client.DELETE('/api/workspaces/{workspaceId}', { params: { path: { workspaceId } } }), quiet);
export const duplicateBoard = (boardId: string) => answer(client.POST('/api/boards/{boardId}/duplicate', { params: { path: { boardId } } }), quiet);
/** The people invited to one app (platform §7 GET /api/mutipageapp_users/{appId}). */
export const listAppUsers = async (appId: string): Promise<AppUser[]> =>
  (await answer(client.GET('/api/mutipageapp_users/{appId}', { params: { path: { appId } } }), quiet))?.app_users ?? [];

/** The paging query of a listing, and its search where the server searches. */
function pageQuery({ limit, offset, q }: PageRequest, searches: boolean): { limit: number; offset: number; q?: string } {
  return searches && q.trim() ? { limit, offset, q: q.trim() } : { limit, offset };
}

export async function listUsers(page: PageRequest): Promise<Page<AdminUser>> {
  const { users, total } = await answer(client.GET('/api/admin/users', { params: { query: pageQuery(page, true) } }), quiet);
  return { items: users, total };
}

/** The fields an administrator may change; the server keeps the ones left out. */
export interface UserChange {
  name?: string;
  plan_id?: string;
  email_verified?: boolean;
}

export const updateUser = (userId: string, change: UserChange): Promise<AdminUser> =>
  answer(client.PUT('/api/admin/users/{userId}', { params: { path: { userId } }, body: change }), quiet);
export const deleteUser = (userId: string) => answer(client.DELETE('/api/admin/users/{userId}', { params: { path: { userId } } }), quiet);

export async function listWorkspaces(page: PageRequest): Promise<Page<AdminWorkspace>> {
  const { workspaces, total } = await answer(client.GET('/api/admin/workspaces', { params: { query: pageQuery(page, false) } }), quiet);
  return { items: workspaces, total };
}

export const deleteWorkspace = (id: string) => answer(client.DELETE('/api/admin/workspaces/{id}', { params: { path: { id } } }), quiet);

export async function listBoards(page: PageRequest): Promise<Page<AdminBoard>> {
  const { boards, total } = await answer(client.GET('/api/admin/boards', { params: { query: pageQuery(page, false) } }), quiet);
  return { items: boards, total };
}

/** The board API lets owners and administrators delete a board; the admin API has no call of its own. */
export const deleteBoard = (boardId: string) => answer(client.DELETE('/api/boards/{boardId}', { params: { path: { boardId } } }), quiet);

export async function listApps(page: PageRequest): Promise<Page<AdminApp>> {
  const { apps, total } = await answer(client.GET('/api/admin/apps', { params: { query: pageQuery(page, false) } }), quiet);
  return { items: apps, total };
}

/** Like boards, apps are deleted through the app API, which admits their owner and administrators. */
export const deleteApp = (appId: string) => answer(client.DELETE('/api/apps/{appId}', { params: { path: { appId } } }), quiet);

export async function listPlans(): Promise<Plan[]> {
  return (await answer(client.GET('/api/admin/plans'), quiet)).plans;
}

/** Only a plan's wording can change: what it unlocks is fixed by its id on the server. */
export interface PlanChange {
  name: string;
  description: string;
}

export const updatePlan = (planId: string, change: PlanChange): Promise<Plan> =>
  answer(client.PUT('/api/admin/plans/{planId}', { params: { path: { planId } }, body: change }), quiet);

export async function listCodes(page: PageRequest): Promise<Page<AdminCode>> {
  const { codes, total } = await answer(client.GET('/api/admin/redemption-codes', { params: { query: pageQuery(page, false) } }), quiet);
  return { items: codes, total };
}

export interface NewCodes {
  count: number;
  plan_id: string;
  prefix?: string;
}

export async function createCodes(request: NewCodes): Promise<string[]> {
  return (await answer(client.POST('/api/admin/redemption-codes', { body: request }), quiet)).codes;
}

export const deleteCode = (code: string) => answer(client.DELETE('/api/admin/redemption-codes/{code}', { params: { path: { code } } }), quiet);

/** The server's limit on codes per request (plans::MAX_CODES_PER_REQUEST). */
export const MAX_CODES_PER_REQUEST = 500;
