// The block editor's spreadsheet reads (owners and admins): the spreadsheet with its tabs, and
// a whole tab as tessera_core::columnar bytes (`tabRows.ts` keeps them on the device). None
// alerts: the editor works on with typed names, or with a kept copy.
import { answer, client } from '../../api/client';

/** The spreadsheet: its tabs with their columns and data versions. */
export const getSpreadsheet = (spreadsheetId: string) =>
  answer(client.GET('/api/spreadsheets/{spreadsheetId}', { params: { path: { spreadsheetId } } }), false);

/** A binary answer: its bytes, and its headers (which carry what JSON would have said beside them). */
export interface BytesAnswer {
  bytes: Uint8Array;
  headers: Headers;
}

/** The tab `tab` in the core's columnar form, with the headers that carry its data version. */
export async function getTabBytes(spreadsheetId: string, title: string, signal?: AbortSignal): Promise<BytesAnswer> {
  const pending = client.GET('/api/spreadsheets/{spreadsheetId}/sheets/{title}/columns', {
    params: { path: { spreadsheetId, title } },
    parseAs: 'arrayBuffer',
    signal,
  });
  const bytes = await answer(pending, false);
  return { bytes: new Uint8Array(bytes), headers: (await pending).response.headers };
}
