import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStatus } from '../store/sessionStore';
import { Loading } from './Loading';

export const LOGIN_PATH = '/dashboard/auth';

/** The log-in address that comes back to `path` afterwards (platform §2: the redirect target). */
export function loginPathFor(path: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ next: path })}`;
}

/**
 * Shows its children to a signed-in user; a guest is sent to log in and brought back after. It
 * asks the server even in a browser that kept no sign-in, so a session is never turned away.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useSessionStatus('required');
  const location = useLocation();

  if (status === 'guest') return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (status !== 'user') return <Loading />;
  return children;
}
