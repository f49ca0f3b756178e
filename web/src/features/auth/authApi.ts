// The sign-up, verification and password-reset calls of platform §7, and the e-mailed log-in
// link. Each is made from a form that shows its own error inline, so none raises an alert. The
// password log-in and log-out are the session store's (`store/sessionStore.ts`).
import { answer, client } from '../../api/client';

const quiet = false;

/** Which app an e-mailed link leads back to, when it is for an app's own pages. */
export type LinkApp = { app_id: string } | { app: string };

/** E-mails a log-in link to `email` (leading back to `app`'s pages when given). */
export const sendLoginLink = (email: string, app?: LinkApp) => answer(client.POST('/api/auth/login-link', { body: { email, ...app } }), quiet);

export const signUp = (name: string, email: string, password: string) => answer(client.POST('/api/auth/signup', { body: { name, email, password } }), quiet);

export const verifyEmail = (email: string, code: string) => answer(client.POST('/api/auth/verify-email', { body: { email, code } }), quiet);

export const resendCode = (email: string) => answer(client.POST('/api/auth/resend-code', { body: { email } }), quiet);

export const forgotPassword = (email: string) => answer(client.POST('/api/auth/forgot-password', { body: { email } }), quiet);

export const resetPassword = (email: string, code: string, password: string) =>
  answer(client.POST('/api/auth/reset-password', { body: { email, code, password } }), quiet);
