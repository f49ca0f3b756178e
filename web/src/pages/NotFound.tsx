import { Link } from 'react-router';

/** spec §2: an unmatched route shows 'This page could not be found' (404 when served). */
export function NotFound() {
  return (
    <main className="error-screen">
      <h1>404</h1>
      <p>This page could not be found</p>
      <Link className="button primary" to="/">
        Go to Homepage
      </Link>
    </main>
  );
}
