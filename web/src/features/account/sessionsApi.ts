import { api } from '../../api/client';
import type { SessionInfo, SessionList, SessionsEnded } from '../../generated/api';

export const SESSIONS_PATH = '/api/account/sessions';

/** The signed-in user's working sessions, newest first; the one of this browser says `current`. */
export async function loadSessions(): Promise<SessionInfo[]> {
  return (await api.get<SessionList>(SESSIONS_PATH, { alert: false })).sessions;
}

/** Ends every session but this browser's; answers how many ended. */
export async function logOutEverywhereElse(): Promise<number> {
  return (await api.post<SessionsEnded>(`${SESSIONS_PATH}/logout-everywhere`, {}, { alert: false })).ended;
}

export async function endSession(id: string): Promise<void> {
  await api.delete(`${SESSIONS_PATH}/${encodeURIComponent(id)}`, undefined, { alert: false });
}
