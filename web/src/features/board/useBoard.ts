import { useEffect, useState } from 'react';
import { ApiError, toApiError } from '../../api/errors';
import type { BoardState } from '../../generated/api';
import { copyKey, keepCopy, loadWithCopy } from '../../platform/offlineStore';
import { withoutLocalDrafts } from '../../store/blockList';
import { loadBoard } from './boardApi';
import { takePrefetchedBoard } from './boardPrefetch';

export type BoardLoad = { status: 'loading' } | { status: 'ready'; board: BoardState } | { status: 'failed'; error: ApiError };

/**
 * The board named `slug`, loaded with POST /api/board/update-metadata (or taken from the request
 * the page started with, `boardPrefetch`), and a setter for the editor's changes. A new slug
 * loads again; an answer for an old slug is dropped. An editor's board is kept on the device,
 * and served from there when the network is gone.
 */
export function useBoard(slug: string) {
  const [load, setLoad] = useState<BoardLoad>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    setLoad({ status: 'loading' });
    // Kept by the effect below, and only for editors: a visitor's device keeps nothing.
    loadWithCopy(copyKey.board(slug), () => takePrefetchedBoard(slug) ?? loadBoard(slug, abort.signal), false).then(
      (board) => {
        if (!abort.signal.aborted) setLoad({ status: 'ready', board });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setLoad({ status: 'failed', error: toApiError(error) });
      },
    );
    return () => abort.abort();
  }, [slug]);

  // The kept copy follows the editor's saved changes (queued ones too), so an offline start shows them.
  useEffect(() => {
    if (load.status !== 'ready' || !load.board.can_edit) return;
    void keepCopy(copyKey.board(slug), { ...load.board, blocks: withoutLocalDrafts(load.board.blocks) });
  }, [load, slug]);

  const setBoard = (update: (board: BoardState) => BoardState) =>
    setLoad((current) => (current.status === 'ready' ? { status: 'ready', board: update(current.board) } : current));

  return { load, setBoard };
}
