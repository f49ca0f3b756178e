import { useEffect, useRef, useState } from 'react';
import { toApiError } from '../api/errors';
import { useRowWritesStore } from '../store/rowWritesStore';

/** platform §8 "Sheet fetch fails": the server's message, else the error's, else this. */
export const DATA_ERROR = 'Data Error';

export type SheetLoad<Answer> = { status: 'loading' } | { status: 'ready'; answer: Answer } | { status: 'failed'; message: string };

/**
 * A block's rows, loaded again whenever `key` changes (a board block: its sheet, block and search;
 * an app block: its page, sheet and block). `fetchRows` is how the shell asks for them: a board
 * GETs /api/board/{spreadsheetId}/sheet/{title}, an app page /v3/api/page/sheet/{title}. A load
 * that a newer one replaced is aborted and never shown.
 *
 * They are read again, too, when this tab writes rows (`rowWritesStore`): the block keeps showing
 * what it has until the new answer comes, so a form's answer refreshes the board without a flash.
 */
export function useSheetRows<Answer>(fetchRows: (signal: AbortSignal) => Promise<Answer>, key: string): SheetLoad<Answer> {
  const [load, setLoad] = useState<SheetLoad<Answer>>({ status: 'loading' });
  const written = useRowWritesStore((state) => state.written);
  const loadedKey = useRef<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    if (loadedKey.current !== key) setLoad({ status: 'loading' });
    loadedKey.current = key;
    fetchRows(abort.signal).then(
      (answer) => {
        if (!abort.signal.aborted) setLoad({ status: 'ready', answer });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setLoad({ status: 'failed', message: toApiError(error).message || DATA_ERROR });
      },
    );
    return () => abort.abort();
    // `key` names everything fetchRows reads, so a new closure with the same key is the same load.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- chosen on purpose, see above
  }, [key, written]);
  return load;
}
