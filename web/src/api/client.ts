// The one way the web app talks to the server (platform §7, §8): spec query parameters on every
// call, JSON in and out (FormData for file uploads, bytes for a tab the WASM core loads), the session cookie, no retries (platform §9: request retries 0), and one
// error policy (silent list, alert, access-denied toast).
import { trackLoading } from '../platform/loadingBar';
import { showToast } from '../store/toastStore';
import { ApiError, NetworkError, toApiError } from './errors';
import { ACCESS_DENIED_TEXT, ACCESS_DENIED_TITLE, ACCESS_DENIED_TOAST_MS, DEFAULT_ERROR_MESSAGE, isSilentMessage } from './messages';
import { specParams } from './requestContext';

export interface RequestOptions {
  /** Sent as JSON; a FormData is sent as a multipart body instead (file uploads). */
  body?: unknown;
  /** Extra query parameters besides the spec ones. */
  query?: Record<string, string>;
  /**
   * false when the caller shows the error itself (a form with inline errors): no browser alert.
   * The access-denied toast still shows, because it is about the page, not the form.
   * 'unless offline': the caller has a way on without the network (a copy kept on the device, a
   * draft kept locally), so only an answer of the server alerts, not a request that found none.
   */
  alert?: boolean | 'unless offline';
  signal?: AbortSignal;
}

const ACCESS_DENIED_MARK = 'Access denied';

function buildUrl(path: string, query: Record<string, string> | undefined): string {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of specParams()) url.searchParams.set(k, v);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  return url.toString();
}

function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function errorFromResponse(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && typeof (body as { error?: unknown }).error === 'string') {
    const { error, field } = body as { error: string; field?: string | null };
    return new ApiError(error, status, field ?? undefined);
  }
  return new ApiError(`HTTP Error (${status})`, status);
}

/**
 * platform §8: silent messages show nothing, others an alert with the default text as fallback.
 * An access-denied answer already raised its toast, so it does not alert as well.
 */
function reportRequestError(error: ApiError, alert: boolean | 'unless offline'): void {
  if (alert === 'unless offline' && error instanceof NetworkError) return;
  if (!alert || isSilentMessage(error.message) || error.message.includes(ACCESS_DENIED_MARK)) return;
  window.alert(error.message || DEFAULT_ERROR_MESSAGE);
}

/**
 * The fetch body and headers for a request body. A FormData goes out as it is and without a
 * Content-Type, because the browser has to write the multipart boundary into that header itself.
 */
function encodeBody(body: unknown): Pick<RequestInit, 'body' | 'headers'> {
  if (body === undefined) return { headers: { Accept: 'application/json' } };
  if (body instanceof FormData) return { body, headers: { Accept: 'application/json' } };
  return { body: JSON.stringify(body), headers: { Accept: 'application/json', 'Content-Type': 'application/json' } };
}

/** A binary answer: its bytes, and its headers (which carry what JSON would have said beside them). */
export interface BytesAnswer {
  bytes: Uint8Array;
  headers: Headers;
}

/** Sends the request and reads the answer with `read`; every failure is an ApiError, reported by the policy above. */
async function send<T>(method: string, path: string, options: RequestOptions, read: (response: Response) => Promise<T>): Promise<T> {
  const { body, query, alert = true, signal } = options;
  const endLoading = trackLoading();
  try {
    const response = await fetch(buildUrl(path, query), { method, credentials: 'same-origin', ...encodeBody(body), signal }).catch((thrown: unknown) => {
      // fetch rejects only when no answer came; an abort stays an abort.
      throw signal?.aborted || (thrown instanceof DOMException && thrown.name === 'AbortError')
        ? thrown
        : new NetworkError(thrown instanceof Error ? thrown.message : String(thrown));
    });
    const answer = await read(response);
    endLoading(true);
    return answer;
  } catch (thrown) {
    endLoading(false);
    const error = toApiError(thrown);
    reportRequestError(error, alert);
    throw error;
  }
}

/** A JSON (or text) answer; an HTTP error status throws its ApiError. */
async function readParsed(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.includes(ACCESS_DENIED_MARK)) {
    showToast({ kind: 'error', title: ACCESS_DENIED_TITLE, text: ACCESS_DENIED_TEXT, durationMs: ACCESS_DENIED_TOAST_MS });
  }
  const parsed = parseBody(text, response.headers.get('Content-Type'));
  if (!response.ok) throw errorFromResponse(response.status, parsed);
  return parsed;
}

/** A binary answer; an error answer is JSON as for every call, and throws its ApiError. */
async function readBytes(response: Response): Promise<BytesAnswer> {
  if (!response.ok) await readParsed(response);
  return { bytes: new Uint8Array(await response.arrayBuffer()), headers: response.headers };
}

export function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  return send(method, path, options, readParsed) as Promise<T>;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) => request<T>('DELETE', path, { ...options, body }),
  /** A GET whose answer is bytes (a tab in the WASM core's columnar form), not JSON. */
  getBytes: (path: string, options?: Omit<RequestOptions, 'body'>) => send('GET', path, options ?? {}, readBytes),
};
