import { Navigate } from 'react-router';
import { Loading } from '../../components/Loading';
import { screenTitle, useDocumentTitle } from '../../platform/useDocumentTitle';
import { useSessionStatus } from '../../store/sessionStore';
import { Landing } from './Landing';

/** The tab's title of the home page: what the product is, for tabs, bookmarks and search results. */
export const HOME_TITLE = screenTitle('Boards and apps from your spreadsheets');

/**
 * `/` on the product's own host: a signed-in user goes to their dashboard; a visitor gets the
 * landing page (what Tessera does, the way in, and the live sample board).
 */
export default function HomeRoute() {
  const status = useSessionStatus();
  useDocumentTitle(HOME_TITLE);

  if (status === 'user') return <Navigate to="/dashboard" replace />;
  if (status !== 'guest') return <Loading />;
  return <Landing />;
}
