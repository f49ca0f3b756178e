import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { AccessDenied } from '../../pages/AccessDenied';

const DeniedContext = createContext<() => void>(() => {});

/**
 * Whether the caller is a platform administrator is only known from the server's answers (the
 * session's user carries no such flag), so the first 403 of any admin list turns the whole screen
 * into the Access Denied screen rather than leaving one empty tab per refusal.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const [denied, setDenied] = useState(false);
  const deny = useCallback(() => setDenied(true), []);
  if (denied) return <AccessDenied />;
  return <DeniedContext.Provider value={deny}>{children}</DeniedContext.Provider>;
}

/** Called by an admin list when the server answers 403. */
export function useAdminDenied(): () => void {
  return useContext(DeniedContext);
}
