import { useCallback } from 'react';
import { useSessionStore } from '../../store/sessionStore';

/**
 * Whether the signed-in user administers the platform, as the server says in GET /api/auth. It
 * only decides which tabs /admin shows: every admin call is checked on the server again.
 */
export function useIsAdmin(): boolean {
  return useSessionStore((s) => s.user?.is_admin === true);
}

/**
 * Called when an admin call answers 403: the server no longer counts this user as an
 * administrator (their e-mail left the configured list during the session). Asking again who is
 * signed in takes the platform tabs away; the refused list says what happened meanwhile.
 */
export function useAdminRefused(): () => void {
  const load = useSessionStore((s) => s.load);
  return useCallback(() => void load(), [load]);
}
