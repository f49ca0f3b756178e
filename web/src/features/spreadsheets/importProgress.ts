// What the owner sees while a long import runs (issue 31): the bytes of the file sent so far,
// then what the server says it is doing, polled from GET /api/imports/{id}/progress.
import type { ImportProgress } from '../../generated/api';
import type { UploadProgress } from '../../api/upload';

/** How often the server is asked while an import runs. */
export const POLL_MS = 500;

/** A random import id (hex): crypto.randomUUID needs a secure context, a self-hosted server may not be one. */
export function newImportId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const MB = 1_000_000;
const counts = new Intl.NumberFormat('en-US');

/** '12.3 of 98.0 MB'. */
export function uploadText({ sent, total }: UploadProgress): string {
  return `${(sent / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB`;
}

/** What the server is doing, once the file is sent; null while it receives or after it ended. */
export function importText(progress: ImportProgress): string | null {
  switch (progress.phase) {
    case 'reading':
      return progress.rows_read > 0 ? `Read ${counts.format(progress.rows_read)} rows` : 'Reading the rows…';
    case 'storing':
      return progress.rows_total == null
        ? `Stored ${counts.format(progress.rows_stored)} rows`
        : `Stored ${counts.format(progress.rows_stored)} of ${counts.format(progress.rows_total)} rows`;
    case 'receiving':
    case 'ended':
      return null;
  }
}
