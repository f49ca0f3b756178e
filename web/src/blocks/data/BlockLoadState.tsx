// The three states every data block shares: loading, failed (the block's own error, the other
// blocks still render) and ready.
import type { ReactNode } from 'react';
import { Loading } from '../../components/Loading';
import type { SheetLoad } from '../useSheetRows';

export function BlockLoadState<A>({ load, children }: { load: SheetLoad<A>; children: (answer: A) => ReactNode }) {
  if (load.status === 'loading') return <Loading />;
  if (load.status === 'failed') {
    return (
      <p className="block-error" role="alert">
        {load.message}
      </p>
    );
  }
  return <>{children(load.answer)}</>;
}

/** What a block says when no row matches the viewer's search and filters. */
export function NoRows({ text = 'No rows match.' }: { text?: string }) {
  return <p className="muted block-empty">{text}</p>;
}
