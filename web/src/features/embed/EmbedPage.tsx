import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { BoardScreen } from '../board/BoardScreen';
import { reportFrameHeight } from './frameHeight';
import { removeServerRendered } from './serverRendered';

/**
 * /embed?board=<slug>: the board's guest layout alone, for another site's iframe (platform §2).
 * The server already drew the board into the page; it stays until this one has drawn.
 */
export default function EmbedPage() {
  const [params] = useSearchParams();
  const slug = params.get('board') ?? '';
  useEffect(() => reportFrameHeight(), []);
  return <BoardScreen key={slug} slug={slug} layout="embed" onShown={removeServerRendered} />;
}
