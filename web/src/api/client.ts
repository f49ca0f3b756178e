// The one way the web app talks to the server (platform §7, §8): a client typed from the
// server's OpenAPI document (openapi-fetch over src/generated/api.ts), reached from each part's
// `*Api.ts`. Spec query parameters on every call, JSON in and out (FormData for file uploads,
// bytes for a tab the WASM core loads), the session cookie, no retries (platform §9: request
// retries 0), and one error policy (silent list, alert, access-denied toast).
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../generated/api';
import { trackLoading } from '../platform/loadingBar';
import { showToast } from '../store/toastStore';
import { ApiError, NetworkError, toApiError } from './errors';
import { ACCESS_DENIED_TEXT, ACCESS_DENIED_TITLE, ACCESS_DENIED_TOAST_MS, DEFAULT_ERROR_MESSAGE, isSilentMessage } from './messages';
import { specParams } from './requestContext';

/**
 * The alert policy of a call. false when the caller shows the error itself (a form with inline
 * errors): no browser alert. The access-denied toast still shows, because it is about the page,
 * not the form. 'unless offline': the caller has a way on without the network (a copy kept on the
 * device, a draft kept locally), so only an answer of the server alerts, not a request that found none.
 */
export type AlertPolicy = boolean | 'unless offline';

const ACCESS_DENIED_MARK = 'Access denied';

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
function reportRequestError(error: ApiError, alert: AlertPolicy): void {
  if (alert === 'unless offline' && error instanceof NetworkError) return;
  if (!alert || isSilentMessage(error.message) || error.message.includes(ACCESS_DENIED_MARK)) return;
  window.alert(error.message || DEFAULT_ERROR_MESSAGE);
}

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
  async onResponse({ response, schemaPath }) {
    if (response.ok && response.headers.get('Content-Type')?.includes(COLUMNAR_TYPE)) return undefined;
    // The user guides quote the message; they are documentation, not a refusal.
    if (schemaPath === '/api/docs/guides') return undefined;
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
