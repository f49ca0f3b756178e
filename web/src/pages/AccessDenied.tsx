import { ACCESS_DENIED_TEXT, ACCESS_DENIED_TITLE } from '../api/messages';

/**
 * platform §2: the 403 screen of a private app or board. An app adds its own sign-in, since
 * whoever is invited must be able to sign in right where they were refused. `reason` replaces
 * the private-app text when the server said why (a signed embed link that expired).
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
        {signIn && (
          <button type="button" className="button" onClick={signIn.open}>
            {signIn.label}
          </button>
        )}
      </div>
    </main>
  );
}
