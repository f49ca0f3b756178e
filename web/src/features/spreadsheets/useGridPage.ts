import { useEffect, useState } from 'react';
import { toApiError } from '../../api/errors';
import type { GridPage } from '../../generated/api';
import { getGridPage } from './spreadsheetApi';

/**
 * One page of a tab's rows. `version` is the tab's row version: a refresh that changed the rows
 * raises it, which reads the page again. An answer for a tab or page no longer asked for is dropped.
 */
export function useGridPage(spreadsheetId: string, title: string | undefined, offset: number, version: number | undefined) {
  const [page, setPage] = useState<GridPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (title === undefined) return;
    let current = true;
    setLoading(true);
    setError(null);
    getGridPage(spreadsheetId, title, offset)
      .then((answer) => current && setPage(answer))
      .catch((thrown: unknown) => current && setError(toApiError(thrown).message))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [spreadsheetId, title, offset, version]);

  return { page, error, loading };
}
