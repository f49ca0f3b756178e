import { ACCESS_DENIED_TEXT, ACCESS_DENIED_TITLE } from '../api/messages';

/** platform §2: the 403 screen of a private app or board. */
export function AccessDenied() {
  return (
    <main className="error-screen">
      <h1>403</h1>
      <p className="error-title">{ACCESS_DENIED_TITLE}</p>
      <p className="muted">{ACCESS_DENIED_TEXT}</p>
      <button type="button" className="button primary" onClick={() => window.location.reload()}>
        Refresh Page
      </button>
    </main>
  );
}
