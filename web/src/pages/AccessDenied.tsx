import { ACCESS_DENIED_TEXT, ACCESS_DENIED_TITLE } from '../api/messages';

/**
 * platform §2: the 403 screen of a private app or board. An app adds its own sign-in, since
 * whoever is invited must be able to sign in right where they were refused.
 */
export function AccessDenied({ signIn }: { signIn?: { label: string; open: () => void } }) {
  return (
    <main className="error-screen">
      <h1>403</h1>
      <p className="error-title">{ACCESS_DENIED_TITLE}</p>
      <p className="muted">{ACCESS_DENIED_TEXT}</p>
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
