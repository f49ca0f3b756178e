import { useCallback, useEffect, useRef, useState } from 'react';
import type { ImportProgress } from '../../generated/api';
import type { TrackedOptions, UploadProgress } from '../../api/upload';
import { getImportProgress } from './spreadsheetApi';
import { newImportId, POLL_MS } from './importProgress';

/**
 * Runs an upload, connect or refresh with progress: the bytes sent (from the request itself) and
 * the server's phase and row counts, asked for every POLL_MS until the answer comes. A poll that
 * fails (the server has not started the import yet, another replica answered) is skipped.
 */
export function useImportProgress() {
  const [upload, setUpload] = useState<UploadProgress | null>(null);
  const [server, setServer] = useState<ImportProgress | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const track = useCallback(async <T>(send: (options: TrackedOptions) => Promise<T>): Promise<T> => {
    const importId = newImportId();
    let waiting = true;
    const timer = window.setInterval(() => {
      getImportProgress(importId).then(
        (progress) => waiting && mounted.current && setServer(progress),
        () => undefined,
      );
    }, POLL_MS);
    try {
      return await send({ importId, onUpload: (progress) => mounted.current && setUpload(progress) });
    } finally {
      waiting = false;
      window.clearInterval(timer);
      if (mounted.current) {
        setUpload(null);
        setServer(null);
      }
    }
  }, []);

  return { upload, server, track };
}
