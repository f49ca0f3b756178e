import { Link } from 'react-router';

/** platform §2: the 404 screen. */
export function PageNotFound() {
  return (
    <main className="error-screen">
      <h1>404</h1>
      <p>Page not found</p>
      <Link className="button primary" to="/">
        Go to Homepage
      </Link>
    </main>
  );
}
