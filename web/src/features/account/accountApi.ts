// The account and plan calls of the account screens. Forms show their own errors, so their calls
// raise no alert; the screens' first reads do (the request layer's policy). The sessions card's
// calls are in `sessionsApi.ts`.
import { api } from '../../api/client';
import type { PlansAnswer, Profile, RedeemAnswer, SessionAnswer } from '../../generated/api';

const quiet = { alert: false } as const;

export const getProfile = () => api.get<Profile>('/api/account');

export const renameAccount = (name: string) => api.put<Profile>('/api/account', { name }, quiet);

/**
 * Sets a new password (`current` is required once the account has one). The server ends every
 * session and re-issues this one, so the answer is a new session.
 */
export const changePassword = (next: string, current?: string) =>
  api.put<SessionAnswer>('/api/account/password', current === undefined ? { new_password: next } : { current_password: current, new_password: next }, quiet);

/** Deletes the account (`password` is required once it has one). */
export const deleteAccount = (password?: string) => api.delete('/api/account', password === undefined ? {} : { password }, quiet);

export const listPlans = () => api.get<PlansAnswer>('/api/plans');

export const redeemCode = (code: string) => api.post<RedeemAnswer>('/api/plans/redeem', { code }, quiet);
