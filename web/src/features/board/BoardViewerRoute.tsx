import { useParams } from 'react-router';
import { BoardScreen } from './BoardScreen';

/**
 * platform §2 board viewer at / and /:board_slug. Exported for the sub-domain switch, which
 * shows apps on app hosts and this everywhere else.
 */
export function BoardViewerRoute() {
  const { board_slug: slug = '' } = useParams();
  // The key starts a fresh screen (and editor mode) when the address names another board.
  return <BoardScreen key={slug} slug={slug} layout="editor" />;
}

export default BoardViewerRoute;
