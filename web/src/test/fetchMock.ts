// A fetch stand-in for tests: answers by "METHOD /path" and records every call.

export interface Answer {
  status?: number;
  /** JSON, text, or bytes (a tab in the WASM core's columnar form), sent as they are. */
  body?: unknown;
  /** Headers besides Content-Type. */
  headers?: Record<string, string>;
}

/** A function route may answer later (a promise), to hold a screen in its waiting state. */
export type Routes = Record<string, Answer | ((init: RequestInit, url: URL) => Answer | Promise<Answer>)>;

export interface FetchCall {
  method: string;
  url: URL;
  /** The parsed JSON body, or the FormData itself for a multipart body. */
  body: unknown;
}

export function mockFetch(routes: Routes) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined;
    calls.push({ method, url, body });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`no answer for ${method} ${url.pathname}`);
    const { status = 200, body: answer, headers } = await (typeof route === 'function' ? route(init, url) : route);
    if (answer instanceof Uint8Array)
      return new Response(answer as Uint8Array<ArrayBuffer>, { status, headers: { 'Content-Type': 'application/vnd.tessera.columns', ...headers } });
    const text = answer === undefined ? '' : typeof answer === 'string' ? answer : JSON.stringify(answer);
    const type = typeof answer === 'string' ? 'text/plain' : 'application/json';
    return new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': type, ...headers } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
