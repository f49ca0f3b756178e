// The session calls of platform §7 behind the session store: who is signed in, the password
// log-in, the log-in link's token, log-out, and the workspace plan check. Only log-out alerts on
// failure (the store signs the browser out either way); the others' callers say their errors.
import { answer, client } from '../api/client';
import type { operations } from '../generated/api';

export const currentUser = () => answer(client.GET('/api/auth'), false);

export const logInWithPassword = (email: string, password: string, appId?: string) =>
  answer(client.POST('/api/auth/login', { body: appId ? { email, password, app_id: appId } : { email, password } }), false);

/** Signs in with an e-mailed log-in link's token. */
export const exchangeToken = (token: string) => answer(client.POST('/api/auth', { body: { token } }), false);

export const endSession = () => answer(client.POST('/api/auth/logout'));

/** Which owner's plan: an app's (`app_id` or `app`), else a board's (`board`), else the caller's. */
export type PlanQuery = NonNullable<operations['workspace_plan']['parameters']['query']>;

export const workspacePlan = (query?: PlanQuery) => answer(client.GET('/api/board/workspace', { params: { query } }), false);
