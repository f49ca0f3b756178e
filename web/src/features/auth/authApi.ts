// The sign-up, verification and password-reset calls of platform §7, and the e-mailed log-in
// link. Each is made from a form that shows its own error inline, so none raises an alert. The
// password log-in and log-out are the session store's (`store/sessionStore.ts`).
import { api } from '../../api/client';
import type { MailSent, SessionAnswer, SignupAnswer } from '../../generated/api';

const quiet = { alert: false } as const;

/** Which app an e-mailed link leads back to, when it is for an app's own pages. */
export type LinkApp = { app_id: string } | { app: string };

/** E-mails a log-in link to `email` (leading back to `app`'s pages when given). */
export const sendLoginLink = (email: string, app?: LinkApp) => api.post<MailSent>('/api/auth/login-link', { email, ...app }, quiet);

export const signUp = (name: string, email: string, password: string) => api.post<SignupAnswer>('/api/auth/signup', { name, email, password }, quiet);

export const verifyEmail = (email: string, code: string) => api.post<SessionAnswer>('/api/auth/verify-email', { email, code }, quiet);

export const resendCode = (email: string) => api.post<MailSent>('/api/auth/resend-code', { email }, quiet);

export const forgotPassword = (email: string) => api.post<MailSent>('/api/auth/forgot-password', { email }, quiet);

export const resetPassword = (email: string, code: string, password: string) => api.post<unknown>('/api/auth/reset-password', { email, code, password }, quiet);
