import { Link, Navigate } from 'react-router';
import { Loading } from '../../components/Loading';
import { PRODUCT_TITLE, useDocumentTitle } from '../../platform/useDocumentTitle';
import { useSessionStatus } from '../../store/sessionStore';
import { PreviewPage } from '../preview/PreviewPage';

/**
 * `/` on the product's own host: a signed-in user goes to their dashboard; a visitor sees the
 * live sample board (the WASM core at work on a bundled sheet) with the way in.
 */
export default function HomeRoute() {
  const status = useSessionStatus();
  useDocumentTitle(PRODUCT_TITLE);

  if (status === 'user') return <Navigate to="/dashboard" replace />;
  if (status !== 'guest') return <Loading />;
  return (
    <PreviewPage
      actions={
        <nav className="topbar-actions" aria-label="Account">
          <Link className="button" to="/dashboard/auth">
            Log in
          </Link>
          <Link className="button primary" to="/dashboard/signup">
            Sign up
          </Link>
        </nav>
      }
    />
  );
}
