// A tab as the server's columns call answers it, for tests that serve the block preview's rows:
// the bytes the real WASM core writes for the sheet (tessera_core::columnar, the server's own
// encoding) and the data version header.
import { loadCore } from '../core/wasm';
import type { Answer } from './fetchMock';
import { DATA_VERSION_HEADER } from '../blocks/preview/tabRows';

/** The columns call's answer for `tab`; the real core must be loaded (loadRealCore). */
export async function columnsAnswer(tab: { columns: readonly string[]; rows: readonly (readonly string[])[] }, version: number): Promise<Answer> {
  const table = (await loadCore()).openSheet(JSON.stringify(tab));
  try {
    return { body: table.toColumnar(), headers: { [DATA_VERSION_HEADER]: String(version) } };
  } finally {
    table.free();
  }
}

/** The columns call's path for a tab. */
export const columnsPath = (spreadsheetId: string, tab: string) => `GET /api/spreadsheets/${spreadsheetId}/sheets/${encodeURIComponent(tab)}/columns`;
