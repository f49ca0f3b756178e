// The columns of each tab of a spreadsheet, for the sheet and column pickers of the editors
// (block settings, filters).
import { useEffect, useState } from 'react';
import { getSpreadsheet } from './spreadsheetApi';

/** The columns of each tab of `spreadsheetId`, by tab title; empty until (or unless) they load. */
export function useSheetColumns(spreadsheetId: string | null | undefined): Record<string, string[]> {
  const [columns, setColumns] = useState<Record<string, string[]>>({});
  useEffect(() => {
    if (!spreadsheetId) return;
    let live = true;
    getSpreadsheet(spreadsheetId).then(
      (view) => live && setColumns(Object.fromEntries((view.sheets ?? []).map((sheet) => [sheet.title, sheet.columns]))),
      // Without the columns the pickers take typed names, so the editors still work.
      () => {},
    );
    return () => {
      live = false;
    };
  }, [spreadsheetId]);
  return columns;
}
