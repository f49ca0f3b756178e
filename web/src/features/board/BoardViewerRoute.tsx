import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Loading } from '../../components/Loading';
import { canonicalBoardUrl, runtimeConfig } from '../../config/runtime';
import { BoardScreen } from './BoardScreen';

/**
 * platform §2 board viewer at / and /:board_slug. Exported for the sub-domain switch, which
 * shows apps on app hosts and this everywhere else. This is the layout that moves to the
 * canonical board host (CHARTMAT_BOARD_BASE_URL) when the page was opened on another one.
 */
export function BoardViewerRoute() {
  const { board_slug: slug = '' } = useParams();
  const canonical = canonicalBoardUrl(window.location, runtimeConfig().boardBaseUrl);
  useEffect(() => {
    if (canonical) window.location.replace(canonical);
  }, [canonical]);
  if (canonical) return <Loading />;
  // The key starts a fresh screen (and editor mode) when the address names another board.
  return <BoardScreen key={slug} slug={slug} layout="editor" />;
}

export default BoardViewerRoute;
