import { useEffect, useState } from 'react';
import { ApiError, toApiError } from '../../api/errors';
import type { BoardState } from '../../api/types';
import { loadBoard } from './boardApi';

export type BoardLoad =
  | { status: 'loading' }
  | { status: 'ready'; board: BoardState }
  | { status: 'failed'; error: ApiError };

/**
 * The board named `slug`, loaded with POST /api/board/update-metadata, and a setter for the
 * editor's changes. A new slug loads again; an answer for an old slug is dropped.
 */
export function useBoard(slug: string) {
  const [load, setLoad] = useState<BoardLoad>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    setLoad({ status: 'loading' });
    loadBoard(slug, abort.signal).then(
      (board) => setLoad({ status: 'ready', board }),
      (error: unknown) => {
        if (!abort.signal.aborted) setLoad({ status: 'failed', error: toApiError(error) });
      },
    );
    return () => abort.abort();
  }, [slug]);

  const setBoard = (update: (board: BoardState) => BoardState) =>
    setLoad((current) => (current.status === 'ready' ? { status: 'ready', board: update(current.board) } : current));

  return { load, setBoard };
}
