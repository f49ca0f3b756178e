import { useEffect, useState } from 'react';
import type { SheetView, SpreadsheetView } from '../../generated/api';
import { useWorkspaceSpreadsheets } from '../spreadsheets/useWorkspaceSpreadsheets';
import { useTabProfile } from './useTabProfile';

export type DataSource = 'existing' | 'upload' | 'link' | 'none';

/** The newest first: a return to the page finds the spreadsheet connected last already picked. */
const newestFirst = (list: readonly SpreadsheetView[]) => [...list].sort((a, b) => b.created_at - a.created_at);

/**
 * The data a new board or app reads, chosen in one workspace: a spreadsheet it already has (the
 * newest, unless another is picked), a file being uploaded, a link being connected, or none.
 * After an upload or a link, the spreadsheet that appears in the list is picked.
 */
export function useDataChoice(workspaceId: string) {
  const { spreadsheets: listed, error, reload } = useWorkspaceSpreadsheets(workspaceId);
  const [chosenSource, setSource] = useState<DataSource | null>(null);
  const [spreadsheetId, setSpreadsheetId] = useState('');
  const [sheetTitle, setSheetTitle] = useState('');
  // The spreadsheet ids there were before an upload or a link, to pick the new one once listed.
  const [knownIds, setKnownIds] = useState<Set<string> | null>(null);
  const spreadsheets = listed && newestFirst(listed);

  useEffect(() => {
    if (!knownIds || !listed) return;
    // Someone else may have connected one meanwhile; the newest of the new ones is this upload.
    const added = newestFirst(listed).find((s) => !knownIds.has(s.id));
    if (added) {
      setSpreadsheetId(added.id);
      setSheetTitle('');
      setKnownIds(null);
    }
  }, [knownIds, listed]);

  useEffect(() => {
    setSource(null);
    setSpreadsheetId('');
    setSheetTitle('');
    setKnownIds(null);
  }, [workspaceId]);

  // Choices left untouched follow the data: a workspace with spreadsheets starts on them.
  const source: DataSource = chosenSource ?? ((spreadsheets?.length ?? 0) > 0 ? 'existing' : 'upload');
  const spreadsheet: SpreadsheetView | undefined = source === 'existing' ? (spreadsheets?.find((s) => s.id === spreadsheetId) ?? spreadsheets?.[0]) : undefined;
  const sheet: SheetView | undefined = spreadsheet?.sheets.find((s) => s.title === sheetTitle) ?? spreadsheet?.sheets[0];
  const tab = useTabProfile(spreadsheet?.id, sheet);

  return {
    spreadsheets,
    error,
    reload,
    source,
    setSource,
    spreadsheet,
    selectSpreadsheet: (id: string) => {
      setSpreadsheetId(id);
      setSheetTitle('');
    },
    sheet,
    selectSheet: setSheetTitle,
    /** The picked tab's first rows and column profiles. */
    tab,
    /** A file was uploaded or a link connected: pick the new spreadsheet once it is listed. */
    connected: () => {
      setKnownIds(new Set(listed?.map((s) => s.id)));
      setSource('existing');
      void reload();
    },
  };
}

export type DataChoice = ReturnType<typeof useDataChoice>;
