// The one way the web app talks to the server (platform §7, §8): spec query parameters on every
// call, JSON in and out (FormData for file uploads, bytes for a tab the WASM core loads), the session cookie, no retries (platform §9: request retries 0), and one
// error policy (silent list, alert, access-denied toast).
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../generated/api';
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

// ---- The typed client (issue 46) ----
// openapi-fetch (the openapi-typescript project's own client, ~6 kB) checks each call's path,
// path and query parameters, body and answer against `paths`, the types generated from the
// server's OpenAPI document; the middleware below keeps this layer's policy for every call.

/** The alert policy of a call (see RequestOptions.alert). */
export type AlertPolicy = boolean | 'unless offline';

/** The answers of the WASM core's columnar form: bytes, never searched for the access-denied mark. */
const COLUMNAR_TYPE = 'application/vnd.tessera.columns';

/**
 * The query string of a call: the spec parameters of the page (platform §7), then `overrides`
 * (a board named in the query, where the page's path is no slug), then the call's own parameters.
 */
export function specQuery(overrides: Record<string, string> = {}) {
  return (query: Record<string, unknown>): string => {
    const params = specParams();
    for (const [k, v] of Object.entries(overrides)) params.set(k, v);
    for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
    return params.toString();
  };
}

/**
 * The access-denied toast and NetworkError for a request that found no server. It has no
 * onRequest, so fetch is called as the call is made, not a tick later.
 */
const policy: Middleware = {
  async onResponse({ response }) {
    if (response.ok && response.headers.get('Content-Type')?.includes(COLUMNAR_TYPE)) return undefined;
    if ((await response.clone().text()).includes(ACCESS_DENIED_MARK)) {
      showToast({ kind: 'error', title: ACCESS_DENIED_TITLE, text: ACCESS_DENIED_TEXT, durationMs: ACCESS_DENIED_TOAST_MS });
    }
    return undefined;
  },
  onError({ request, error }) {
    // fetch rejects only when no answer came; an abort stays an abort.
    if (request.signal.aborted || (error instanceof DOMException && error.name === 'AbortError')) return error instanceof Error ? error : undefined;
    return new NetworkError(error instanceof Error ? error.message : String(error));
  },
};

/**
 * openapi-fetch builds a Request and hands it to `fetch`; this one remembers what it was made
 * from, so the request goes out as `fetch(url, init)` with the body as given: a FormData's files
 * are read by the browser as it sends them, not copied out of a Request first.
 */
class SentRequest extends Request {
  readonly init: RequestInit;
  constructor(input: RequestInfo | URL, init: RequestInit = {}) {
    super(input, init);
    this.init = init;
  }
}

/** The one client of the server's API: every `*Api.ts` sends through it, and reads the answer with `answer`. */
export const client = createClient<paths>({
  baseUrl: window.location.origin,
  credentials: 'same-origin',
  headers: { Accept: 'application/json' },
  querySerializer: specQuery(),
  Request: SentRequest,
  // `fetch` is looked up per call, not at load, so a test's stand-in is the one used.
  fetch: (request) => fetch(request.url, request instanceof SentRequest ? request.init : request),
});
client.use(policy);

/** What a call answers when it succeeds. */
export type Answered<R> = R extends { data: infer D } ? D : never;

/**
 * The answer of a typed call, or its ApiError thrown and reported by the alert policy: the
 * server's `{ error, field }`, else `HTTP Error (status)`. The loading bar runs until it is read.
 */
export async function answer<R extends { response: Response; error?: unknown }>(pending: Promise<R>, alert: AlertPolicy = true): Promise<Answered<R>> {
  const endLoading = trackLoading();
  try {
    const result = await pending;
    if (!result.response.ok) throw errorFromResponse(result.response.status, result.error);
    endLoading(true);
    return (result as { data?: unknown }).data as Answered<R>;
  } catch (thrown) {
    endLoading(false);
    const error = toApiError(thrown);
    reportRequestError(error, alert);
    throw error;
  }
}

/**
 * A multipart body as the document types it. Its file parts are `string` there (openapi-typescript
 * writes `format: binary` so), so the FormData is passed as that type; openapi-fetch sends a
 * FormData as it is.
 */
export function multipart<T>(form: FormData): T {
  return form as unknown as T;
}
