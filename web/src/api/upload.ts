// Requests whose body may take minutes to send (issue 31: a 200 MB spreadsheet file), with the
// bytes sent so far: fetch cannot report an upload's progress, XMLHttpRequest can. Otherwise as
// client.ts: the spec query parameters, the session cookie, no retries, every failure an
// ApiError (NetworkError when no answer came). Its callers are forms that show errors inline, so
// it never alerts; these calls never answer 'Access denied' (only private content does).
// The path, its parameters, the JSON body and the answer are typed from `paths` as for the client.
import type { ClientPathsWithMethod, MethodResponse } from 'openapi-fetch';
import type { paths } from '../generated/api';
import { trackLoading } from '../platform/loadingBar';
import type { client } from './client';
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

type Method = 'post' | 'put';
type Path<M extends Method> = ClientPathsWithMethod<typeof client, M>;
type Operation<M extends Method, P extends Path<M>> = paths[P][M];

/** The path parameters the document declares for the call (none: an empty object). */
export type PathParams<M extends Method, P extends Path<M>> = Operation<M, P> extends { parameters: { path: infer A } } ? A : Record<string, never>;

/** A JSON body as the document types it, a FormData where it takes a multipart form, else none. */
export type TrackedBody<M extends Method, P extends Path<M>> =
  Operation<M, P> extends { requestBody: { content: { 'application/json': infer B } } }
    ? B
    : Operation<M, P> extends { requestBody: { content: { 'multipart/form-data': unknown } } }
      ? FormData
      : undefined;

function urlOf(path: string, params: Record<string, string>): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]));
  const url = new URL(filled, window.location.origin);
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

/** Sends a FormData (multipart), a JSON body or none to `path` of the document, and answers the JSON reply. */
export function sendTracked<M extends Method, P extends Path<M>>(
  method: M,
  path: P,
  params: PathParams<M, P>,
  body: TrackedBody<M, P>,
  options: TrackedOptions = {},
): Promise<MethodResponse<typeof client, M, P>> {
  const endLoading = trackLoading();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method.toUpperCase(), urlOf(path, params as Record<string, string>));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (options.importId) xhr.setRequestHeader('X-Import-Id', options.importId);
    const { onUpload } = options;
    if (onUpload) xhr.upload.addEventListener('progress', (event) => onUpload({ sent: event.loaded, total: event.total }));
    xhr.addEventListener('load', () => {
      const ok = xhr.status >= 200 && xhr.status < 300;
      endLoading(ok);
      if (!ok) return reject(errorOf(xhr.status, xhr.responseText));
      resolve(xhr.responseText ? JSON.parse(xhr.responseText) : undefined);
    });
    xhr.addEventListener('error', () => {
      endLoading(false);
      reject(new NetworkError('The server could not be reached.'));
    });
    if (body === undefined) {
      xhr.send(null);
    } else if (body instanceof FormData) {
      xhr.send(body);
    } else {
      xhr.setRequestHeader('Content-Type', 'application/json');
      xhr.send(JSON.stringify(body));
    }
  });
}
