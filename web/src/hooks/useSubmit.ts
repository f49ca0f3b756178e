import { useCallback, useState } from 'react';
import { toApiError } from '../api/errors';

/**
 * Runs a form's request and keeps what the form shows: busy while it runs, the error message
 * after a failure (forms show errors inline, so their calls opt out of the request layer's alert).
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (thrown) {
      setError(toApiError(thrown).message);
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, setError, run };
}
