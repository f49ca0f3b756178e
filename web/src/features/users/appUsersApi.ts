// platform §7 /api/mutipageapp_users: the one read of an app's invited users, behind the Users
// dialog's table and the Share dialog's "Who has access", and the dialog's add, change and
// delete. None alerts: the dialog says each failure as platform §8 asks.
import { answer, client } from '../../api/client';
import type { AppUser } from '../../generated/api';
import { sortUsers } from './usersDialogState';

/**
 * The app's users, oldest first (platform §3). It never alerts: each caller says a failure in its
 * own words (the Users dialog with the spec's alert, the Share dialog inline).
 */
export async function fetchAppUsers(appId: string, signal?: AbortSignal): Promise<AppUser[]> {
  const list = await answer(client.GET('/api/mutipageapp_users/{appId}', { params: { path: { appId } }, signal }), false);
  return sortUsers(list?.app_users ?? []);
}

/** What the Users dialog sends for a user: the name, e-mail and permission typed. */
export interface SentUser {
  name: string;
  email: string;
  permissions: string;
}

export const addAppUser = (appId: string, user: SentUser) => answer(client.POST('/api/mutipageapp_users', { body: { appId, ...user } }), false);

export const updateAppUser = (appId: string, userId: string, user: SentUser) =>
  answer(client.PUT('/api/mutipageapp_users', { body: { appId, userId, ...user } }), false);

export const deleteAppUser = (appId: string, userId: string) => answer(client.DELETE('/api/mutipageapp_users', { body: { appId, userId } }), false);
