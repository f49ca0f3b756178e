// The block editor's spreadsheet reads (owners and admins): the spreadsheet with its tabs, and
// a whole tab as tessera_core::columnar bytes (`tabRows.ts` keeps them on the device). None
// alerts: the editor works on with typed names, or with a kept copy.
import { api } from '../../api/client';
import type { SpreadsheetView } from '../../generated/api';

/** The spreadsheet: its tabs with their columns and data versions. */
export const getSpreadsheet = (id: string) => api.get<SpreadsheetView>(`/api/spreadsheets/${encodeURIComponent(id)}`, { alert: false });

/** The tab `tab` in the core's columnar form, with the headers that carry its data version. */
export const getTabBytes = (spreadsheetId: string, tab: string, signal?: AbortSignal) =>
  api.getBytes(`/api/spreadsheets/${encodeURIComponent(spreadsheetId)}/sheets/${encodeURIComponent(tab)}/columns`, { alert: false, signal });
