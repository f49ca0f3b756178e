// A tab's rows for the block preview: every row up to a cap, read once through the spreadsheet
// grid call (owners and admins, the people who edit blocks) and kept on this device, so the
// preview works on with the network cut. A copy of the tab's current data version is used
// without asking the server again.
import { GRID_MAX_ROWS, getGridPage } from '../../features/spreadsheets/spreadsheetApi';
import { copyKey, loadWithCopy, readCopy } from '../../platform/offlineStore';

/** Rows the preview reads at most from one tab; the pane says so when a tab has more. */
export const PREVIEW_ROW_CAP = 10_000;

export interface TabRows {
  columns: string[];
  /** Cells in the order of `columns`, at most PREVIEW_ROW_CAP rows. */
  rows: string[][];
  /** Rows the tab has. */
  total: number;
  version: number;
}

/** The first grid page tells the total; the other pages up to the cap are then read together. */
async function fetchTabRows(spreadsheetId: string, tab: string, signal?: AbortSignal): Promise<TabRows> {
  const first = await getGridPage(spreadsheetId, tab, 0, GRID_MAX_ROWS, signal);
  const wanted = Math.min(first.total, PREVIEW_ROW_CAP);
  const offsets: number[] = [];
  for (let offset = GRID_MAX_ROWS; offset < wanted; offset += GRID_MAX_ROWS) offsets.push(offset);
  const rest = await Promise.all(offsets.map((offset) => getGridPage(spreadsheetId, tab, offset, Math.min(GRID_MAX_ROWS, wanted - offset), signal)));
  const rows = [first, ...rest].flatMap((page) => page.rows).slice(0, PREVIEW_ROW_CAP);
  return { columns: first.columns, rows, total: first.total, version: first.version };
}

/** The rows of `tab`: this device's copy when it is of `version`, else the server's, else any copy when offline. */
export async function loadTabRows(spreadsheetId: string, tab: string, version: number | undefined, signal?: AbortSignal): Promise<TabRows> {
  const key = copyKey.rows(spreadsheetId, tab);
  if (version !== undefined) {
    const copy = await readCopy<TabRows>(key);
    if (copy?.version === version) return copy;
  }
  return loadWithCopy(key, () => fetchTabRows(spreadsheetId, tab, signal));
}
