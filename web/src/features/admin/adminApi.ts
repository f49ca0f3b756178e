// The calls of the administration screens: the owner's own workspaces, boards, apps and app
// users (the calls the dashboard and the users dialog make), and the platform's
// (server/src/api/admin.rs, plus the owner-or-admin deletes of boards and apps). Every screen
// shows its errors inline, so none of them alerts.
import { api } from '../../api/client';
import type {
  AdminApp,
  AdminBoard,
  AdminCode,
  AdminUser,
  AdminWorkspace,
  AppRecord,
  AppUser,
  AppUserList,
  BoardSummary,
  Plan,
  Workspace,
} from '../../generated/api';

const quiet = { alert: false } as const;
const at = (path: string, id: string) => `${path}/${encodeURIComponent(id)}`;

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

export const listOwnWorkspaces = () => api.get<Workspace[]>('/api/workspaces', quiet);
export const listOwnBoards = () => api.get<BoardSummary[]>('/api/boards', quiet);
export const listOwnApps = async () => (await api.get<{ apps: AppRecord[] }>('/api/apps', quiet)).apps;
/** The owner's own delete (the platform tab deletes through the admin API instead). */
export const deleteOwnWorkspace = (id: string) => api.delete<unknown>(at('/api/workspaces', id), undefined, quiet);
export const duplicateBoard = (id: string) => api.post<unknown>(`${at('/api/boards', id)}/duplicate`, undefined, quiet);
/** The people invited to one app (platform §7 GET /api/mutipageapp_users/{appId}). */
export const listAppUsers = async (appId: string): Promise<AppUser[]> =>
  (await api.get<AppUserList>(at('/api/mutipageapp_users', appId), quiet))?.app_users ?? [];

function pageQuery({ limit, offset, q }: PageRequest, searches: boolean): Record<string, string> {
  const query: Record<string, string> = { limit: String(limit), offset: String(offset) };
  if (searches && q.trim()) query.q = q.trim();
  return query;
}

export async function listUsers(page: PageRequest): Promise<Page<AdminUser>> {
  const { users, total } = await api.get<{ users: AdminUser[]; total: number }>('/api/admin/users', { ...quiet, query: pageQuery(page, true) });
  return { items: users, total };
}

/** The fields an administrator may change; the server keeps the ones left out. */
export interface UserChange {
  name?: string;
  plan_id?: string;
  email_verified?: boolean;
}

export const updateUser = (id: string, change: UserChange) => api.put<AdminUser>(at('/api/admin/users', id), change, quiet);
export const deleteUser = (id: string) => api.delete<unknown>(at('/api/admin/users', id), undefined, quiet);

export async function listWorkspaces(page: PageRequest): Promise<Page<AdminWorkspace>> {
  const answer = await api.get<{ workspaces: AdminWorkspace[]; total: number }>('/api/admin/workspaces', { ...quiet, query: pageQuery(page, false) });
  return { items: answer.workspaces, total: answer.total };
}

export const deleteWorkspace = (id: string) => api.delete<unknown>(at('/api/admin/workspaces', id), undefined, quiet);

export async function listBoards(page: PageRequest): Promise<Page<AdminBoard>> {
  const { boards, total } = await api.get<{ boards: AdminBoard[]; total: number }>('/api/admin/boards', { ...quiet, query: pageQuery(page, false) });
  return { items: boards, total };
}

/** The board API lets owners and administrators delete a board; the admin API has no call of its own. */
export const deleteBoard = (id: string) => api.delete<unknown>(at('/api/boards', id), undefined, quiet);

export async function listApps(page: PageRequest): Promise<Page<AdminApp>> {
  const { apps, total } = await api.get<{ apps: AdminApp[]; total: number }>('/api/admin/apps', { ...quiet, query: pageQuery(page, false) });
  return { items: apps, total };
}

/** Like boards, apps are deleted through the app API, which admits their owner and administrators. */
export const deleteApp = (id: string) => api.delete<unknown>(at('/api/apps', id), undefined, quiet);

export async function listPlans(): Promise<Plan[]> {
  return (await api.get<{ plans: Plan[] }>('/api/admin/plans', quiet)).plans;
}

/** Only a plan's wording can change: what it unlocks is fixed by its id on the server. */
export interface PlanChange {
  name: string;
  description: string;
}

export const updatePlan = (id: string, change: PlanChange) => api.put<Plan>(at('/api/admin/plans', id), change, quiet);

export async function listCodes(page: PageRequest): Promise<Page<AdminCode>> {
  const { codes, total } = await api.get<{ codes: AdminCode[]; total: number }>('/api/admin/redemption-codes', { ...quiet, query: pageQuery(page, false) });
  return { items: codes, total };
}

export interface NewCodes {
  count: number;
  plan_id: string;
  prefix?: string;
}

export async function createCodes(request: NewCodes): Promise<string[]> {
  return (await api.post<{ codes: string[] }>('/api/admin/redemption-codes', request, quiet)).codes;
}

export const deleteCode = (code: string) => api.delete<unknown>(at('/api/admin/redemption-codes', code), undefined, quiet);

/** The server's limit on codes per request (plans::MAX_CODES_PER_REQUEST). */
export const MAX_CODES_PER_REQUEST = 500;
