// A picked data block bound to the data from the start: the core chooses its tab (the only one,
// or the one the other blocks use most), profiles that tab (loaded whole, as the preview loads it), and binds the block's columns
// (tessera-blocks' starter). Every rule is the core's; this only fetches the tab it reads.
import type { BlockConfig, Core } from '../../core/wasm';
import type { Starter } from '../../generated/blockStarter';
import type { Block } from '../../store/blockList';
import { loadTabRows } from '../../blocks/preview/tabRows';

/** Where a picked block's data is: the editor's spreadsheet, its tabs and the blocks already there. */
export interface StarterData {
  spreadsheetId: string | null | undefined;
  /** The spreadsheet's tab titles, in order. */
  sheets: readonly string[];
  /** The other blocks of the board or page. */
  blocks: readonly Block[];
}

/** How long a pick waits for the tab's rows before the block starts from its defaults alone. */
export const STARTER_WAIT_MS = 8000;

/**
 * The tab a new `type` block reads and its settings bound to that tab's columns; `null` for a
 * type that reads no tab or an editor without a spreadsheet. Throws when the rows cannot be read
 * (offline without a copy, a server error, or STARTER_WAIT_MS gone by).
 */
export async function startFromData(core: Core, type: string, data: StarterData): Promise<Starter | null> {
  const { spreadsheetId, sheets, blocks } = data;
  if (!spreadsheetId) return null;
  const sheet = core.blockStarterSheet({ type, sheets, blocks: blocks as readonly BlockConfig[] });
  if (!sheet) return null;
  const wait = new AbortController();
  const timer = setTimeout(() => wait.abort(), STARTER_WAIT_MS);
  try {
    const tab = await loadTabRows(spreadsheetId, sheet, undefined, wait.signal);
    const table = core.openColumns(tab.bytes);
    try {
      return core.blockStarter({ type, sheet, columns: table.profile() });
    } finally {
      table.free();
    }
  } finally {
    clearTimeout(timer);
  }
}
