import { useEffect } from 'react';
import { create } from 'zustand';
import { currentUser, endSession, exchangeToken, logInWithPassword, workspacePlan } from './sessionApi';
import { guestPreview, setSignedInEmail } from '../api/requestContext';
import type { AuthUser } from '../generated/api';
import { showToast } from './toastStore';

/** 'idle': nobody asked the server yet (see `load`); screens that allow guests read it as 'guest'. */
export type SessionStatus = 'idle' | 'loading' | 'guest' | 'user';

/**
 * What a screen needs to know: 'optional' screens show guests something else and trust a browser
 * that never kept a session to have none; 'required' screens (RequireSession) always ask.
 */
export type SessionNeed = 'optional' | 'required';

/**
 * Set while this browser holds a session the app saw start or confirmed. The session cookie is
 * HttpOnly, so this is the only way the page can tell a visitor with no session from one whose
 * session must be checked: a visitor is never sent a 401 for a question the page can answer.
 */
export const SESSION_HINT_KEY = 'tessera.session';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: every optional check is then a guest, required ones still ask
  }
}

/** True while this browser may hold a session (set on every sign-in, cleared on every sign-out). */
export function sessionRemembered(): boolean {
  return storage()?.getItem(SESSION_HINT_KEY) === '1';
}

function rememberSession(held: boolean) {
  try {
    if (held) storage()?.setItem(SESSION_HINT_KEY, '1');
    else storage()?.removeItem(SESSION_HINT_KEY);
  } catch {
    // A full or refused storage only costs a later session check.
  }
}

export const PLAN_CHECK_FAILED = 'Failed to verify plan status';

interface SessionState {
  status: SessionStatus;
  user: AuthUser | null;
  /** The board's plan as GET /api/board/workspace answers it; null until checked. */
  isFreePlan: boolean | null;
  /**
   * Who is signed in, from the session cookie (GET /api/auth); a failure means a guest. Reloading
   * for a signed-in user (a new plan) keeps the status, so guarded screens stay mounted. Unless
   * `always`, a browser that holds no session (no sign-in since its last sign-out) is not asked
   * and the status stays 'idle'.
   */
  load: (options?: { always?: boolean }) => Promise<void>;
  /**
   * Starts a session with e-mail and password; errors are the caller's to show. `appId` names the
   * app whose own pages the log-in is on (the server refuses it when the app signs in by link only).
   */
  logIn: (email: string, password: string, appId?: string) => Promise<AuthUser>;
  /** Exchanges the token of an e-mailed link for a session (platform §7 POST /api/auth). */
  logInWithToken: (token: string) => Promise<AuthUser>;
  /** A call that started a session elsewhere (e-mail verification, password change) hands it here. */
  signedIn: (user: AuthUser) => void;
  logOut: () => Promise<void>;
  /**
   * platform §4 "Plan check": a failure counts as the free plan and says so in a toast. `query`
   * names what is embedded when the address does not (`board` on /boardWorkspace, `app_id` in an app).
   */
  checkPlan: (query?: Record<string, string>) => Promise<boolean>;
}

export const useSessionStore = create<SessionState>()((set, get) => {
  /** Loads started so far; a session set by any other way also makes the loads in flight stale. */
  let loads = 0;
  const signedIn = (user: AuthUser) => {
    setSignedInEmail(user.email);
    rememberSession(true);
    set({ status: 'user', user });
  };
  const guest = () => {
    setSignedInEmail(null);
    rememberSession(false);
    set({ status: 'guest', user: null, isFreePlan: null });
  };

  return {
    status: 'idle',
    user: null,
    isFreePlan: null,
    load: async ({ always = false } = {}) => {
      // A guest preview is signed out by design; the browser's session (and the hint other tabs
      // read) stays as it is.
      if (guestPreview()) {
        set({ status: 'guest', user: null });
        return;
      }
      if (!always && get().status !== 'user' && !sessionRemembered()) return;
      // Of two loads in flight, only the later one's answer counts: an older answer is stale. So
      // is an answer to a store reset to its start meanwhile (each test starts from one).
      const mine = (loads += 1);
      if (get().status !== 'user') set({ status: 'loading' });
      const current = () => mine === loads && get().status !== 'idle';
      try {
        const answer = await currentUser();
        if (!current()) return;
        // Anything but a user (a static host answering index.html) is no session.
        if (typeof answer === 'object' && answer !== null && typeof answer.email === 'string') signedIn(answer);
        else guest();
      } catch {
        if (current()) guest();
      }
    },
    logIn: async (email, password, appId) => {
      const { user } = await logInWithPassword(email, password, appId);
      loads += 1;
      signedIn(user);
      return user;
    },
    logInWithToken: async (token) => {
      const { user } = await exchangeToken(token);
      loads += 1;
      signedIn(user);
      return user;
    },
    signedIn: (user) => {
      loads += 1;
      signedIn(user);
    },
    logOut: async () => {
      try {
        await endSession();
      } finally {
        loads += 1;
        guest();
      }
    },
    checkPlan: async (query) => {
      let isFreePlan = true;
      try {
        isFreePlan = (await workspacePlan(query)).is_free_plan;
      } catch {
        showToast({ kind: 'error', text: PLAN_CHECK_FAILED });
      }
      set({ isFreePlan });
      return isFreePlan;
    },
  };
});

/**
 * Who is signed in, for a screen that shows something different to guests (or, with 'required',
 * only to a signed-in user): asks the server the first time any screen needs to know (GET
 * /api/auth), and follows every change after. An optional screen in a browser that holds no
 * session is a guest's from its first paint, without asking.
 */
export function useSessionStatus(need: SessionNeed = 'optional'): SessionStatus {
  const status = useSessionStore((s) => s.status);
  const load = useSessionStore((s) => s.load);
  useEffect(() => {
    if (useSessionStore.getState().status === 'idle') void load({ always: need === 'required' });
  }, [load, need]);
  if (status === 'idle' && need === 'optional' && !sessionRemembered()) return 'guest';
  return status;
}
