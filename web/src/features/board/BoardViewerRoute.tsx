import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { canonicalBoardUrl, runtimeConfig } from '../../config/runtime';
import { AccessDenied } from '../../pages/AccessDenied';
import { PageNotFound } from '../../pages/PageNotFound';
import { screenTitle, useDocumentTitle } from '../../platform/useDocumentTitle';
import { BoardScreen } from './BoardScreen';
import { knownRefusal } from './missingBoard';

/**
 * platform §2 board viewer at / and /:board_slug. Exported for the sub-domain switch, which
 * shows apps on app hosts and this everywhere else. This is the layout that moves to the
 * canonical board host (CHARTMAT_BOARD_BASE_URL) when the page was opened on another one.
 */
export function BoardViewerRoute() {
  const { board_slug: slug = '' } = useParams();
  const { key } = useLocation();
  const canonical = canonicalBoardUrl(window.location, runtimeConfig().boardBaseUrl);
  useEffect(() => {
    if (canonical) window.location.replace(canonical);
  }, [canonical]);
  if (canonical) return <Loading />;
  const refusal = knownRefusal(slug, key);
  if (refusal === 'missing') return <MissingBoard />;
  if (refusal === 'private') return <PrivateBoard />;
  // The key starts a fresh screen (and editor mode) when the address names another board.
  return <BoardScreen key={slug} slug={slug} layout="editor" />;
}

/** The 403 of a private board the server already said this visitor (without a session) cannot open. */
function PrivateBoard() {
  useDocumentTitle(screenTitle('Access denied'));
  return <AccessDenied />;
}

/** The 404 of a board address the server already said no board has. */
function MissingBoard() {
  useDocumentTitle(screenTitle('Page not found'));
  return <PageNotFound />;
}

export default BoardViewerRoute;
