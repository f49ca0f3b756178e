import { Link, useLocation } from 'react-router';
import { ACCESS_DENIED_TEXT, ACCESS_DENIED_TITLE } from '../api/messages';
import { loginPathFor } from '../components/RequireSession';
import { useSessionStatus } from '../store/sessionStore';

/**
 * 'Log in' for a guest refused a private board: the log-in page comes back to this address, so
 * the owner or an invited user lands on the board. Nothing while the session is unknown or set.
 */
function GuestLogIn() {
  const status = useSessionStatus();
  const { pathname, search, hash } = useLocation();
  if (status !== 'guest') return null;
  return (
    <Link className="button" to={loginPathFor(pathname + search + hash)}>
      Log in
    </Link>
  );
}

/**
 * platform §2: the 403 screen of a private app or board. An app adds its own sign-in, since
 * whoever is invited must be able to sign in right where they were refused. `reason` replaces
 * the private-app text when the server said why (a signed embed link that expired). Without
 * either, a guest is offered 'Log in', which returns here.
 */
export function AccessDenied({ signIn, reason }: { signIn?: { label: string; open: () => void }; reason?: string }) {
  return (
    <main className="error-screen">
      <h1>403</h1>
      <p className="error-title">{ACCESS_DENIED_TITLE}</p>
      <p className="muted">{reason ?? ACCESS_DENIED_TEXT}</p>
      <div className="error-actions">
        <button type="button" className="button primary" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
        {signIn ? (
          <button type="button" className="button" onClick={signIn.open}>
            {signIn.label}
          </button>
        ) : (
          !reason && <GuestLogIn />
        )}
      </div>
    </main>
  );
}
