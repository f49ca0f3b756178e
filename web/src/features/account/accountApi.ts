// The account and plan calls of the account screens. Forms show their own errors, so their calls
// raise no alert; the screens' first reads do (the request layer's policy). The sessions card's
// calls are in `sessionsApi.ts`.
import { answer, client } from '../../api/client';

const quiet = false;

export const getProfile = () => answer(client.GET('/api/account'));

export const renameAccount = (name: string) => answer(client.PUT('/api/account', { body: { name } }), quiet);

/**
 * Sets a new password (`current` is required once the account has one). The server ends every
 * session and re-issues this one, so the answer is a new session.
 */
export const changePassword = (next: string, current?: string) =>
  answer(
    client.PUT('/api/account/password', { body: current === undefined ? { new_password: next } : { current_password: current, new_password: next } }),
    quiet,
  );

/** Deletes the account (`password` is required once it has one). */
export const deleteAccount = (password?: string) => answer(client.DELETE('/api/account', { body: password === undefined ? {} : { password } }), quiet);

export const listPlans = () => answer(client.GET('/api/plans'));

export const redeemCode = (code: string) => answer(client.POST('/api/plans/redeem', { body: { code } }), quiet);
