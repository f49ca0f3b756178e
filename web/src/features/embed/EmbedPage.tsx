import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { BoardScreen } from '../board/BoardScreen';
import { reportFrameHeight } from './frameHeight';

/** /embed?board=<slug>: the board's guest layout alone, for another site's iframe (platform §2). */
export default function EmbedPage() {
  const [params] = useSearchParams();
  const slug = params.get('board') ?? '';
  useEffect(() => reportFrameHeight(), []);
  return <BoardScreen key={slug} slug={slug} layout="embed" />;
}
