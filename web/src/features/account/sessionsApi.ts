import { answer, client } from '../../api/client';
import type { SessionInfo } from '../../generated/api';

/** The signed-in user's working sessions, newest first; the one of this browser says `current`. */
export async function loadSessions(): Promise<SessionInfo[]> {
  return (await answer(client.GET('/api/account/sessions'), false)).sessions;
}

/** Ends every session but this browser's; answers how many ended. */
export async function logOutEverywhereElse(): Promise<number> {
  return (await answer(client.POST('/api/account/sessions/logout-everywhere'), false)).ended;
}

export async function endSession(id: string): Promise<void> {
  await answer(client.DELETE('/api/account/sessions/{sessionId}', { params: { path: { sessionId: id } } }), false);
}
