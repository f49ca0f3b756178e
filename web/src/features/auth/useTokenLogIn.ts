import { useEffect, useRef, useState } from 'react';
import { toApiError } from '../../api/errors';
import { useSessionStore } from '../../store/sessionStore';

/**
 * Exchanges the `?token=` of an e-mailed log-in link once (StrictMode runs effects twice), then
 * calls `onDone`; `pending` until then, `error` when the link is used, expired or unknown.
 */
export function useTokenLogIn(token: string | null, onDone: () => void) {
  const logInWithToken = useSessionStore((s) => s.logInWithToken);
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    logInWithToken(token).then(onDone, (e: unknown) => setError(toApiError(e).message));
  }, [token, logInWithToken, onDone]);
  return { pending: Boolean(token) && !error, error };
}
