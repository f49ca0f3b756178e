import { Link } from 'react-router';
import { toApiError } from '../api/errors';
import { AccessDenied } from './AccessDenied';
import { PageNotFound } from './PageNotFound';

/** The screen for an error that reached the top: 404 and 403 have their own, others show status and message. */
export function ErrorPage({ error }: { error: unknown }) {
  const { status, message } = toApiError(error);
  if (status === 404) return <PageNotFound />;
  if (status === 403) {
    // A 403 other than the private-app refusal ('Access denied: ...') says why, and is shown.
    const ownReason = !message.startsWith('Access denied') && !message.startsWith('HTTP Error');
    return <AccessDenied reason={ownReason ? message : undefined} />;
  }
  return (
    <main className="error-screen">
      <h1>{status}</h1>
      <p>{message}</p>
      <Link className="button primary" to="/">
        Go to Homepage
      </Link>
    </main>
  );
}

/** platform §2: what shows when the error page itself fails. A plain link, not the router's. */
export function ErrorPageFailed() {
  return (
    <main className="error-screen">
      <p>An error occurred while showing the error page</p>
      <a className="button primary" href="/">
        Go to Homepage
      </a>
    </main>
  );
}
