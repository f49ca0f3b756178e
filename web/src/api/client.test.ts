import { mockFetch } from '../test/fetchMock';
import { useToastStore } from '../store/toastStore';
import type { FileUploadForm } from '../generated/api';
import { answer, client, multipart, specQuery } from './client';
import { ApiError, NetworkError } from './errors';
import { DEFAULT_ERROR_MESSAGE, SILENT_MESSAGES } from './messages';
import { setSignedInEmail } from './requestContext';

let alertSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
  window.history.pushState({}, '', '/');
  sessionStorage.clear();
  setSignedInEmail(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request layer query parameters', () => {
  it('sends board, referer, _id, _email and _filters with every request', async () => {
    const { calls } = mockFetch({ 'GET /api/blocks': { body: [] } });
    window.history.pushState({}, '', '/sales-overview/q1?filters=Region:North,Year:2024');
    Object.defineProperty(document, 'referrer', { value: 'https://example.com/from', configurable: true });
    sessionStorage.setItem('_id', 'row-7');
    setSignedInEmail('ann@example.com');

    await answer(client.GET('/api/blocks'));

    const params = Object.fromEntries(calls[0].url.searchParams);
    expect(params).toEqual({
      board: 'sales-overview/q1',
      referer: 'https://example.com/from',
      _id: 'row-7',
      _email: 'ann@example.com',
      _filters: 'Region:North,Year:2024',
    });
    Object.defineProperty(document, 'referrer', { value: '', configurable: true });
  });

  it('sends empty values when there is no session, referrer or filters', async () => {
    const { calls } = mockFetch({ 'GET /api/auth': { body: {} } });
    await answer(client.GET('/api/auth'));
    expect(Object.fromEntries(calls[0].url.searchParams)).toEqual({ board: '', referer: '', _id: '', _email: '', _filters: '' });
  });

  it("sends a signed embed link's token as embed_token, only from /embed", async () => {
    const { calls } = mockFetch({ 'GET /api/blocks': { body: [] } });
    window.history.pushState({}, '', '/embed?board=sales&token=eyJ.abc.sig&filters=Region:North');
    await answer(client.GET('/api/blocks'));
    expect(calls[0].url.searchParams.get('embed_token')).toBe('eyJ.abc.sig');
    expect(calls[0].url.searchParams.get('_filters')).toBe('Region:North');

    window.history.pushState({}, '', '/embed?board=sales');
    await answer(client.GET('/api/blocks'));
    window.history.pushState({}, '', '/sales?token=eyJ.abc.sig');
    await answer(client.GET('/api/blocks'));
    expect(calls.slice(1).map((call) => call.url.searchParams.has('embed_token'))).toEqual([false, false]);
  });

  it('keeps extra query parameters beside the spec ones', async () => {
    const { calls } = mockFetch({ 'GET /api/admin/users': { body: [] } });
    await answer(client.GET('/api/admin/users', { params: { query: { q: 'ann' } } }));
    expect(calls[0].url.searchParams.get('q')).toBe('ann');
    expect(calls[0].url.searchParams.has('board')).toBe(true);
  });

  it('lets a call name the board in the query where the page path is no slug', async () => {
    const { calls } = mockFetch({ 'DELETE /api/blocks/k1': { status: 204 } });
    window.history.pushState({}, '', '/boardWorkspace?board=sales');
    await answer(client.DELETE('/api/blocks/{blockId}', { params: { path: { blockId: 'k1' } }, querySerializer: specQuery({ board: 'sales' }) }));
    expect(calls[0].url.searchParams.get('board')).toBe('sales');
    expect(calls[0].url.searchParams.has('_filters')).toBe(true);
  });
});

describe('request layer JSON', () => {
  it('sends the body as JSON with the session cookie and returns the parsed answer', async () => {
    const { calls, fetchMock } = mockFetch({ 'POST /api/auth/login': { body: { token: 't', user: { id: '1' } } } });
    const session = await answer(client.POST('/api/auth/login', { body: { email: 'a@b.co', password: 'pw' } }));
    expect(session.token).toBe('t');
    expect(calls[0].body).toEqual({ email: 'a@b.co', password: 'pw' });
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    expect(new Headers(init.headers).get('Accept')).toBe('application/json');
  });

  it('sends a FormData as a multipart body, without a JSON Content-Type, keeping the spec parameters', async () => {
    const { calls, fetchMock } = mockFetch({ 'POST /api/spreadsheets/upload': { status: 201, body: { spreadsheet: { id: 's1' } } } });
    window.history.pushState({}, '', '/dashboard/spreadsheets/new?workspace=w1');
    const form = new FormData();
    form.append('workspace_id', 'w1');
    form.append('file', new File(['a,b\n1,2\n'], 'sales.csv', { type: 'text/csv' }));

    await answer(client.POST('/api/spreadsheets/upload', { body: multipart<FileUploadForm & { workspace_id: string }>(form) }));

    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.body).toBe(form);
    expect(new Headers(init.headers).has('Content-Type')).toBe(false);
    expect(calls[0].body).toBe(form);
    expect(calls[0].url.searchParams.get('board')).toBe('dashboard/spreadsheets/new');
    expect(calls[0].url.searchParams.has('_filters')).toBe(true);
  });

  it('answers undefined for an empty 204 answer', async () => {
    mockFetch({ 'DELETE /api/boards/b1': { status: 204 } });
    await expect(answer(client.DELETE('/api/boards/{boardId}', { params: { path: { boardId: 'b1' } } }))).resolves.toBeUndefined();
  });

  it('returns plain text answers as text', async () => {
    mockFetch({ 'GET /api/getENV/BEANSTALK_ENDPOINT': { body: 'https://data.example' } });
    const endpoint = client.GET('/api/getENV/{name}', { params: { path: { name: 'BEANSTALK_ENDPOINT' } }, parseAs: 'text' });
    await expect(answer(endpoint)).resolves.toBe('https://data.example');
  });

  it('makes exactly one attempt per call, with no retries', async () => {
    const { fetchMock } = mockFetch({ 'GET /api/boards': { status: 503, body: { error: 'Busy' } } });
    await expect(answer(client.GET('/api/boards'))).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('request layer errors', () => {
  it('normalises a server error to its message, status and field', async () => {
    mockFetch({ 'POST /api/workspaces': { status: 422, body: { error: 'Bad subdomain', field: 'subdomain' } } });
    const error = await answer(client.POST('/api/workspaces', { body: { name: 'Sales', subdomain: '-' } })).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Bad subdomain', status: 422, field: 'subdomain' });
  });

  it('uses the error message with status 500 when the request itself fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = await answer(client.GET('/api/boards')).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Failed to fetch', status: 500 });
    expect(error).toBeInstanceOf(NetworkError);
    expect(alertSpy).toHaveBeenCalledWith('Failed to fetch');
  });

  it('names the HTTP status when the server gives no error text', async () => {
    mockFetch({ 'GET /api/boards': { status: 403, body: '' } });
    const error = await answer(client.GET('/api/boards')).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'HTTP Error (403)', status: 403 });
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it.each(SILENT_MESSAGES)('shows nothing for the silent message %j', async (message) => {
    mockFetch({ 'GET /api/auth': { status: 400, body: { error: message } } });
    await expect(answer(client.GET('/api/auth'))).rejects.toMatchObject({ message });
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('alerts any other message', async () => {
    mockFetch({ 'GET /api/boards': { status: 409, body: { error: 'This code was already redeemed.' } } });
    await expect(answer(client.GET('/api/boards'))).rejects.toThrow();
    expect(alertSpy).toHaveBeenCalledWith('This code was already redeemed.');
  });

  it('alerts the default text when the error has no message', async () => {
    mockFetch({ 'GET /api/boards': { status: 500, body: { error: '' } } });
    await expect(answer(client.GET('/api/boards'))).rejects.toThrow();
    expect(alertSpy).toHaveBeenCalledWith(DEFAULT_ERROR_MESSAGE);
  });

  it('lets a caller opt out of the alert and handle the error itself', async () => {
    mockFetch({ 'POST /api/auth/login': { status: 401, body: { error: 'Incorrect password.' } } });
    await expect(answer(client.POST('/api/auth/login', { body: { email: '', password: '' } }), false)).rejects.toMatchObject({ status: 401 });
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('lets a caller with an offline fallback be quiet about a missing network, not about the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(answer(client.POST('/api/app/app-info', { body: {} }), 'unless offline')).rejects.toMatchObject({ message: 'Failed to fetch' });
    expect(alertSpy).not.toHaveBeenCalled();
    mockFetch({ 'POST /api/app/app-info': { status: 409, body: { error: 'The app is being moved.' } } });
    await expect(answer(client.POST('/api/app/app-info', { body: {} }), 'unless offline')).rejects.toMatchObject({ status: 409 });
    expect(alertSpy).toHaveBeenCalledWith('The app is being moved.');
  });

  it('keeps an abort an abort: the silent "Request aborted", not a network error', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        controller.abort();
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    const error = await answer(client.GET('/api/boards', { signal: controller.signal })).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ message: 'Request aborted' });
    expect(alertSpy).not.toHaveBeenCalled();
  });

  it('raises the Access Denied toast for 5000 ms when a response contains "Access denied"', async () => {
    vi.useFakeTimers();
    try {
      mockFetch({ 'GET /api/apps/a1': { status: 403, body: { error: 'Access denied' } } });
      await expect(answer(client.GET('/api/apps/{appId}', { params: { path: { appId: 'a1' } } }))).rejects.toMatchObject({ status: 403 });
      expect(useToastStore.getState().toasts).toEqual([
        expect.objectContaining({
          title: 'Access Denied',
          text: 'This application is private and you do not have permission to access it.',
        }),
      ]);
      expect(alertSpy).not.toHaveBeenCalled();
      vi.advanceTimersByTime(4999);
      expect(useToastStore.getState().toasts).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(useToastStore.getState().toasts).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('raises no toast for the user guides, which quote the message', async () => {
    mockFetch({ 'GET /api/docs/guides': { body: [{ slug: 's', title: 'Sharing', summary: '', text: 'Guests see "Access denied".', html: '' }] } });
    await client.GET('/api/docs/guides');
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('raises the Access Denied toast even when the caller opted out of alerts', async () => {
    mockFetch({ 'GET /api/pages/a1': { status: 403, body: { error: 'Access denied: this app is private' } } });
    await expect(answer(client.GET('/api/pages/{appId}', { params: { path: { appId: 'a1' } } }), false)).rejects.toThrow();
    expect(useToastStore.getState().toasts[0]?.title).toBe('Access Denied');
  });
});
