// A whole tab for the WASM core: the server's columns call answers it in tessera_core::columnar's
// form (owners and admins, the people who edit blocks, as the grid call), which the core loads as
// it is (core.openColumns) instead of parsing JSON. The bytes are kept on this device, so the
// preview works on with the network cut, and a copy of the tab's current data version is used
// without asking the server again.
import { copyKey, loadWithCopy, readCopy } from '../../platform/offlineStore';
import { getTabBytes } from './tabApi';

export interface TabRows {
  /** Every row and column of the tab in tessera_core::columnar's form. */
  bytes: Uint8Array;
  /** The tab's data version, as the grid call answers it. */
  version: number;
}

/** The header the columns call says the tab's data version in. */
export const DATA_VERSION_HEADER = 'X-Data-Version';

/** What a copy kept by an earlier version of the app (rows as JSON) is answered with when offline. */
export const OLD_COPY = 'This device kept this tab in an older form; open the editor once with the network to read it again.';

// ArrayBuffer.isView, not instanceof: IndexedDB may hand back bytes made in another realm.
const isTabRows = (value: unknown): value is TabRows =>
  typeof value === 'object' && value !== null && ArrayBuffer.isView((value as TabRows).bytes) && typeof (value as TabRows).version === 'number';

async function fetchTabRows(spreadsheetId: string, tab: string, signal?: AbortSignal): Promise<TabRows> {
  const { bytes, headers } = await getTabBytes(spreadsheetId, tab, signal);
  const header = headers.get(DATA_VERSION_HEADER) ?? '';
  const version = Number(header);
  if (!/^\d+$/.test(header) || !Number.isSafeInteger(version))
    throw new Error(`The server answered the tab "${tab}" without its data version (${DATA_VERSION_HEADER}).`);
  return { bytes, version };
}

/** The tab `tab`: this device's copy when it is of `version`, else the server's, else any copy when offline. */
export async function loadTabRows(spreadsheetId: string, tab: string, version: number | undefined, signal?: AbortSignal): Promise<TabRows> {
  const key = copyKey.rows(spreadsheetId, tab);
  if (version !== undefined) {
    const copy = await readCopy<unknown>(key);
    if (isTabRows(copy) && copy.version === version) return copy;
  }
  const loaded = await loadWithCopy<unknown>(key, () => fetchTabRows(spreadsheetId, tab, signal));
  if (!isTabRows(loaded)) throw new Error(OLD_COPY);
  return loaded;
}
