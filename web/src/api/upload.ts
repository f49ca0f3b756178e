// Requests whose body may take minutes to send (issue 31: a 200 MB spreadsheet file), with the
// bytes sent so far: fetch cannot report an upload's progress, XMLHttpRequest can. Otherwise as
// client.ts: the spec query parameters, the session cookie, no retries, every failure an
// ApiError (NetworkError when no answer came). Its callers are forms that show errors inline, so
// it never alerts; these calls never answer 'Access denied' (only private content does).
import { trackLoading } from '../platform/loadingBar';
import { ApiError, NetworkError } from './errors';
import { specParams } from './requestContext';

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  sent: number;
  /** Bytes of the whole body. */
  total: number;
}

export interface TrackedOptions {
  /** Called as the body goes out. */
  onUpload?: (progress: UploadProgress) => void;
  /** Names the import (`X-Import-Id`) so its progress can be asked for while the server works. */
  importId?: string;
}

function urlOf(path: string): string {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of specParams()) url.searchParams.set(k, v);
  return url.toString();
}

function errorOf(status: number, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { error?: unknown; field?: string | null };
    if (typeof body.error === 'string') return new ApiError(body.error, status, body.field ?? undefined);
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return new ApiError(`HTTP Error (${status})`, status);
}

/** Sends a FormData (multipart), a JSON body or none, and answers the JSON reply. */
export function sendTracked<T>(method: 'POST' | 'PUT', path: string, body?: FormData | object, options: TrackedOptions = {}): Promise<T> {
  const endLoading = trackLoading();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, urlOf(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.importId) xhr.setRequestHeader('X-Import-Id', options.importId);
    const { onUpload } = options;
    if (onUpload) xhr.upload.addEventListener('progress', (event) => onUpload({ sent: event.loaded, total: event.total }));
    xhr.addEventListener('load', () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      endLoading(ok);
      if (!ok) return reject(errorOf(xhr.status, xhr.responseText));
      resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
    });
    xhr.addEventListener('error', () => {
      endLoading(false);
      reject(new NetworkError('The server could not be reached.'));
    });
    if (body === undefined || body instanceof FormData) {
      xhr.send(body ?? null);
    } else {
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.send(JSON.stringify(body));
    }
  });
}
