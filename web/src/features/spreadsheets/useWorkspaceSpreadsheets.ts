import { useCallback, useEffect, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { SpreadsheetView } from '../../generated/api';
import { listSpreadsheets } from './spreadsheetApi';

/**
 * The spreadsheets of one workspace. Each workspace loads its own list, so one that fails shows
 * its error in its own card and leaves the rest of the dashboard usable.
 */
export function useWorkspaceSpreadsheets(workspaceId: string) {
  const [spreadsheets, setSpreadsheets] = useState<SpreadsheetView[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    // Nothing to ask for until the workspace is known (an app record still loading).
    if (!workspaceId) return;
    try {
      setSpreadsheets(await listSpreadsheets(workspaceId));
      setError(null);
    } catch (thrown) {
      setError(toApiError(thrown).message);
    }
  }, [workspaceId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Puts a spreadsheet the server answered with (after a refresh) in place of the listed one. */
  const update = useCallback((changed: SpreadsheetView) => {
    setSpreadsheets((list) => list?.map((s) => (s.id === changed.id ? changed : s)) ?? null);
  }, []);

  return { spreadsheets, error, reload, update };
}
