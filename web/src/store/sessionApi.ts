// The session calls of platform §7 behind the session store: who is signed in, the password
// log-in, the log-in link's token, log-out, and the workspace plan check. Only log-out alerts on
// failure (the store signs the browser out either way); the others' callers say their errors.
import { api } from '../api/client';
import type { AuthUser, SessionAnswer, WorkspacePlan } from '../generated/api';

export const currentUser = () => api.get<AuthUser>('/api/auth', { alert: false });

export const logInWithPassword = (email: string, password: string, appId?: string) =>
  api.post<SessionAnswer>('/api/auth/login', appId ? { email, password, app_id: appId } : { email, password }, { alert: false });

/** Signs in with an e-mailed log-in link's token. */
export const exchangeToken = (token: string) => api.post<SessionAnswer>('/api/auth', { token }, { alert: false });

export const endSession = () => api.post('/api/auth/logout');

export const workspacePlan = (query?: Record<string, string>) => api.get<WorkspacePlan>('/api/board/workspace', { query, alert: false });
