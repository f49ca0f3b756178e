// Loading a block's data: rows or a computed view, again whenever the source (search, filters)
// or the block's own request changes. A load that a newer one replaced is never shown.
import { useCallback, useState } from 'react';
import type { BoardBlock } from '../../generated/api';
import { useSheetRows, type SheetLoad } from '../useSheetRows';
import type { BlockRows, BlockSource, BlockView, RowsQuery } from './types';

export type { SheetLoad as BlockLoad } from '../useSheetRows';

/**
 * The block's rows for `query`; `reload()` fetches them again (after a write). The block's
 * settings are part of the key, so a saved change in the editor shows at once.
 */
export function useBlockRows(block: BoardBlock, source: BlockSource, query: RowsQuery): { load: SheetLoad<BlockRows>; reload: () => void } {
  const [generation, setGeneration] = useState(0);
  const key = JSON.stringify([source.key, block, query, generation]);
  const load = useSheetRows<BlockRows>((signal) => source.rows(block, query, signal), key);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { load, reload };
}

/** The block's computed view (chart series, scorecards, calendar events, markdown texts). */
export function useBlockView<V extends BlockView>(block: BoardBlock, source: BlockSource, extra: Record<string, string> = {}): SheetLoad<V> {
  const key = JSON.stringify([source.key, block, extra]);
  return useSheetRows<V>((signal) => source.view(block, extra, signal) as Promise<V>, key);
}
