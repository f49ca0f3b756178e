// platform §7 GET /api/mutipageapp_users/{appId}: the one read of an app's invited users, behind
// the Users dialog's table and the Share dialog's "Who has access".
import { api } from '../../api/client';
import type { AppUser, AppUserList } from '../../generated/api';
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
