// platform §7 /api/mutipageapp_users: the one read of an app's invited users, behind the Users
// dialog's table and the Share dialog's "Who has access", and the dialog's add, change and
// delete. None alerts: the dialog says each failure as platform §8 asks.
import { api } from '../../api/client';
import type { AppUser, AppUserAdded, AppUserList, AppUserUpdated } from '../../generated/api';
import { sortUsers } from './usersDialogState';

export const APP_USERS_PATH = '/api/mutipageapp_users';

/**
 * The app's users, oldest first (platform §3). It never alerts: each caller says a failure in its
 * own words (the Users dialog with the spec's alert, the Share dialog inline).
 */
export async function fetchAppUsers(appId: string, signal?: AbortSignal): Promise<AppUser[]> {
  const answer = await api.get<AppUserList>(`${APP_USERS_PATH}/${encodeURIComponent(appId)}`, { alert: false, signal });
  return sortUsers(answer?.app_users ?? []);
}

/** What the Users dialog sends for a user: the name, e-mail and permission typed. */
export interface SentUser {
  name: string;
  email: string;
  permissions: string;
}

export const addAppUser = (appId: string, user: SentUser) => api.post<AppUserAdded>(APP_USERS_PATH, { appId, ...user }, { alert: false });

export const updateAppUser = (appId: string, userId: string, user: SentUser) =>
  api.put<AppUserUpdated>(APP_USERS_PATH, { appId, userId, ...user }, { alert: false });

export const deleteAppUser = (appId: string, userId: string) => api.delete(APP_USERS_PATH, { appId, userId }, { alert: false });
