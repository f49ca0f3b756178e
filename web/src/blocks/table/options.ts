// The choices of a select or multi-select column (blocks §3.4): fixed `options`, or with
// `from_google_sheet` the distinct values of another tab's column (`source: {sheet, column}`).
//
// The options tab is read through the block itself (`block=` its id, `sheet_title` that tab): the
// server lets the block's viewers read there only the columns its settings name (the option
// columns), and brings none of the block's own-tab settings (its conditional filter names
// columns of its own tab), only the board's filters, as for any reader of that tab.
// The answer is kept per source (search and filters), block and tab column while the page lives.
import { useEffect, useState } from 'react';
import type { BoardBlock } from '../../generated/api';
import type { BlockSource } from '../data/types';
import { fixedOptions, optionsSource, type AxisEntry } from './tableModel';

const cache = new WeakMap<BlockSource, Map<string, Promise<string[]>>>();

/** The distinct non-blank values of `column` in the tab `sheet`, in sheet order. */
export function sheetOptions(block: BoardBlock, source: BlockSource, sheet: string, column: string): Promise<string[]> {
  let mine = cache.get(source);
  if (!mine) cache.set(source, (mine = new Map()));
  const key = JSON.stringify([block.id, sheet, column]);
  let options = mine.get(key);
  if (!options) {
    options = source
      .rows({ ...block, sheet_title: sheet }, { rowsPerPage: 0, choices: true })
      .then((answer) => [...new Set(answer.rows.map((row) => String(row[column] ?? '').trim()).filter(Boolean))]);
    const forget = mine;
    options.catch(() => forget.delete(key));
    mine.set(key, options);
  }
  return options;
}

export type OptionsLoad = { status: 'loading' } | { status: 'ready'; options: string[] } | { status: 'failed'; message: string };

/** A column's options: fixed ones at once, a tab's once loaded. */
export function useColumnOptions(block: BoardBlock, source: BlockSource, axis: AxisEntry | undefined): OptionsLoad {
  const from = optionsSource(axis);
  const sheet = (from?.sheet ?? '').trim();
  const column = (from?.column ?? '').trim();
  const fromSheet = Boolean(sheet && column);
  const [load, setLoad] = useState<OptionsLoad>({ status: 'loading' });
  useEffect(() => {
    if (!fromSheet) return;
    let live = true;
    setLoad({ status: 'loading' });
    sheetOptions(block, source, sheet, column).then(
      (options) => live && setLoad({ status: 'ready', options }),
      (error: unknown) => live && setLoad({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      live = false;
    };
    // block.id names the block the server reads the options through; its other settings are the server's.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- chosen on purpose, see above
  }, [fromSheet, block.id, source, sheet, column]);
  if (!fromSheet) return { status: 'ready', options: axis?.from_google_sheet ? [] : fixedOptions(axis) };
  return load;
}
