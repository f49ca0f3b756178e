import { useSearchParams } from 'react-router';
import { BoardScreen } from './BoardScreen';

/** /boardWorkspace?board=<slug>: the older board layout of platform §2. */
export default function BoardWorkspacePage() {
  const [params] = useSearchParams();
  const slug = params.get('board') ?? '';
  return <BoardScreen key={slug} slug={slug} layout="workspace" />;
}
