import { useCallback, useEffect, useState } from 'react';
import { getApp } from '../dashboard/dashboardApi';
import { toApiError } from '../../api/errors';

export type InvitedApp =
  | { kind: 'loading' }
  | { kind: 'ready'; name: string; subdomain: string }
  /** 403: the signed-in account's e-mail is not among the app's users (and the app is private). */
  | { kind: 'not-invited' }
  /** 404: the app was deleted after the invitation was sent. */
  | { kind: 'gone' }
  | { kind: 'failed'; message: string };

/**
 * The app an invitation is for, as the signed-in caller may see it: GET /api/apps/{appId} answers
 * invited app users of a private app (server apps.rs viewer_role), so a 200 proves the invitation
 * reached this account. Only for a signed-in caller: a guest gets the same 403 as a stranger.
 */
export function useInvitedApp(appId: string) {
  const [state, setState] = useState<InvitedApp>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const abort = new AbortController();
    setState({ kind: 'loading' });
    // The page explains every failure itself, so the request layer's alert stays off.
    getApp(appId, { alert: false, signal: abort.signal }).then(
      (app) => setState({ kind: 'ready', name: app.name, subdomain: app.subdomain }),
      (thrown: unknown) => {
        if (abort.signal.aborted) return;
        const error = toApiError(thrown);
        if (error.status === 403) setState({ kind: 'not-invited' });
        else if (error.status === 404) setState({ kind: 'gone' });
        else setState({ kind: 'failed', message: error.message });
      },
    );
    return () => abort.abort();
  }, [appId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
