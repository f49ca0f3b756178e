import { useCallback, useState } from 'react';
import { toApiError } from '../api/errors';

/**
 * Runs a form's request and keeps what the form shows: busy while it runs, the error message
 * after a failure (forms show errors inline, so their calls opt out of the request layer's alert),
 * and the request field the server named as at fault, for forms that show it at that field.
 */
export function useSubmit() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errorField, setErrorField] = useState<string | undefined>(undefined);

  const run = useCallback(async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setErrorField(undefined);
    try {
      await action();
    } catch (thrown) {
      const { message, field } = toApiError(thrown);
      setError(message);
      setErrorField(field);
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, error, errorField, setError, run };
}
