// The states every data block shares: loading, failed (the block's own error, the other blocks
// still render), not set up yet, and ready.
import type { ReactNode } from 'react';
import { Loading } from '../../components/Loading';
import type { SheetLoad } from '../useSheetRows';
import { NO_SHEET } from './sources';

/**
 * A block its owner has not finished setting up: what to choose, quietly (nothing failed), in
 * place of its view, which would only ask the server for what cannot be answered yet.
 */
export function BlockUnset({ text }: { text: string }) {
  return <p className="muted block-empty block-unset">{text}</p>;
}

export function BlockLoadState<A>({ load, children }: { load: SheetLoad<A>; children: (answer: A) => ReactNode }) {
  if (load.status === 'loading') return <Loading />;
  // The sources refuse a block without a tab before asking anyone: that is a choice to make.
  if (load.status === 'failed' && load.message === NO_SHEET) return <BlockUnset text={NO_SHEET} />;
  if (load.status === 'failed') {
    return (
      <p className="block-error" role="alert">
        {load.message}
      </p>
    );
  }
  return <>{children(load.answer)}</>;
}

/** The viewer's search or filters left nothing: saying so tells them how to get rows back. */
export const NO_MATCH_TEXT = 'No rows match your search or filters. Change or clear them to see more.';
/** Nothing to narrow: the sheet (or the board's own filters) has no row for this block. */
export const NO_ROWS_TEXT = 'No rows to show yet. Rows added to the spreadsheet appear here.';

/**
 * What a block says when it has no row: whether the viewer's own search and filters are the
 * reason (`narrowed`, from the block's source), or `text` when the block has its own words.
 */
export function NoRows({ narrowed = false, text }: { narrowed?: boolean; text?: string }) {
  return <p className="muted block-empty">{text ?? (narrowed ? NO_MATCH_TEXT : NO_ROWS_TEXT)}</p>;
}
