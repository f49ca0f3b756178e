import { renderHook, waitFor } from '@testing-library/react';
import { answer, client } from '../api/client';
import { mockFetch } from '../test/fetchMock';
import { PLAN_CHECK_FAILED, SESSION_HINT_KEY, sessionRemembered, useSessionStatus, useSessionStore } from './sessionStore';
import { useToastStore } from './toastStore';

const ann = { id: 'u1', email: 'ann@example.com', name: 'Ann', plan: { isFreePlan: true }, is_admin: false };

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

/** A browser that saw a sign-in earlier (its session may since have ended on the server). */
const keptSession = () => localStorage.setItem(SESSION_HINT_KEY, '1');

describe('session store', () => {
  it('starts idle with nobody signed in', () => {
    expect(useSessionStore.getState()).toMatchObject({ status: 'idle', user: null, isFreePlan: null });
  });

  it('loads the signed-in user from GET /api/auth', async () => {
    keptSession();
    mockFetch({ 'GET /api/auth': { body: ann } });
    const loading = useSessionStore.getState().load();
    expect(useSessionStore.getState().status).toBe('loading');
    await loading;
    expect(useSessionStore.getState()).toMatchObject({ status: 'user', user: ann });
  });

  it('reloads a signed-in user without going back to loading', async () => {
    mockFetch({ 'GET /api/auth': { body: { ...ann, plan: { isFreePlan: false } } } });
    useSessionStore.getState().signedIn(ann);
    const loading = useSessionStore.getState().load();
    expect(useSessionStore.getState().status).toBe('user');
    await loading;
    expect(useSessionStore.getState().user?.plan.isFreePlan).toBe(false);
  });

  it('becomes a guest, silently, when the kept session has ended', async () => {
    keptSession();
    mockFetch({ 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } } });
    await useSessionStore.getState().load();
    expect(useSessionStore.getState()).toMatchObject({ status: 'guest', user: null });
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('takes an answer that is no user (a static host serving its index page) for no session', async () => {
    keptSession();
    mockFetch({ 'GET /api/auth': { body: '<!doctype html><div id="root"></div>' } });
    await useSessionStore.getState().load();
    expect(useSessionStore.getState()).toMatchObject({ status: 'guest', user: null });
  });

  it('sends the signed-in e-mail as _email on later requests, and stops after log-out', async () => {
    const { calls } = mockFetch({
      'POST /api/auth/login': { body: { token: 't', user: ann } },
      'GET /api/boards': { body: [] },
      'POST /api/auth/logout': { body: { message: 'Logged out' } },
    });
    await useSessionStore.getState().logIn('ann@example.com', 'secret-pw');
    expect(calls[0].body).toEqual({ email: 'ann@example.com', password: 'secret-pw' });
    await answer(client.GET('/api/boards'));
    expect(calls[1].url.searchParams.get('_email')).toBe('ann@example.com');
    await useSessionStore.getState().logOut();
    expect(useSessionStore.getState()).toMatchObject({ status: 'guest', user: null });
    await answer(client.GET('/api/boards'));
    expect(calls[3].url.searchParams.get('_email')).toBe('');
  });

  it('never asks a browser that kept no session, unless told to', async () => {
    const { calls } = mockFetch({ 'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } } });
    await useSessionStore.getState().load();
    expect(calls).toEqual([]);
    expect(useSessionStore.getState().status).toBe('idle');
    await useSessionStore.getState().load({ always: true });
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/auth']);
    expect(useSessionStore.getState().status).toBe('guest');
  });

  it('remembers each sign-in and forgets it on log-out and on a refused check', async () => {
    mockFetch({
      'POST /api/auth/login': { body: { token: 't', user: ann } },
      'POST /api/auth/logout': { body: { message: 'Logged out' } },
      'GET /api/auth': { status: 401, body: { error: 'Please login to do this!' } },
    });
    await useSessionStore.getState().logIn('ann@example.com', 'secret-pw');
    expect(sessionRemembered()).toBe(true);
    await useSessionStore.getState().logOut();
    expect(sessionRemembered()).toBe(false);
    useSessionStore.getState().signedIn(ann);
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('1');
    await useSessionStore.getState().load();
    expect(useSessionStore.getState().status).toBe('guest');
    expect(sessionRemembered()).toBe(false);
  });

  it('passes a failed log-in to the caller without an alert and stays as it was', async () => {
    mockFetch({ 'POST /api/auth/login': { status: 401, body: { error: 'Incorrect password.' } } });
    await expect(useSessionStore.getState().logIn('ann@example.com', 'bad')).rejects.toMatchObject({ status: 401 });
    expect(useSessionStore.getState().status).toBe('idle');
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('exchanges a log-in link token for a session', async () => {
    const { calls } = mockFetch({ 'POST /api/auth': { body: { token: 's', user: ann } } });
    await useSessionStore.getState().logInWithToken('link-token');
    expect(calls[0].body).toEqual({ token: 'link-token' });
    expect(useSessionStore.getState().user).toEqual(ann);
  });

  it('ends the local session even when the log-out call fails', async () => {
    mockFetch({ 'POST /api/auth/logout': { status: 500, body: { error: 'Sorry there has been a server error..' } } });
    useSessionStore.getState().signedIn(ann);
    await expect(useSessionStore.getState().logOut()).rejects.toThrow();
    expect(useSessionStore.getState().status).toBe('guest');
  });
});

describe('plan check', () => {
  it('reads is_free_plan from GET /api/board/workspace', async () => {
    mockFetch({ 'GET /api/board/workspace': { body: { is_free_plan: false } } });
    await expect(useSessionStore.getState().checkPlan()).resolves.toBe(false);
    expect(useSessionStore.getState().isFreePlan).toBe(false);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('treats a failed check as the free plan with the toast "Failed to verify plan status"', async () => {
    mockFetch({ 'GET /api/board/workspace': { status: 404, body: { error: 'Page not found: no board has the address /x.' } } });
    await expect(useSessionStore.getState().checkPlan()).resolves.toBe(true);
    expect(useSessionStore.getState().isFreePlan).toBe(true);
    expect(useToastStore.getState().toasts.map((t) => t.text)).toEqual([PLAN_CHECK_FAILED]);
    expect(PLAN_CHECK_FAILED).toBe('Failed to verify plan status');
    expect(window.alert).not.toHaveBeenCalled();
  });
});

describe('overlapping session loads', () => {
  it('keeps the later answer when an older load answers last', async () => {
    keptSession();
    let answerFirst: (response: Response) => void = () => {};
    const fetch = vi
      .fn()
      .mockImplementationOnce(() => new Promise<Response>((resolve) => (answerFirst = resolve)))
      .mockImplementationOnce(
        async () => new Response(JSON.stringify({ id: 'u1', email: 'ann@example.com', name: 'Ann' }), { headers: { 'Content-Type': 'application/json' } }),
      );
    vi.stubGlobal('fetch', fetch);
    const first = useSessionStore.getState().load();
    await useSessionStore.getState().load();
    expect(useSessionStore.getState().status).toBe('user');
    answerFirst(new Response(JSON.stringify({ error: 'Please login to do this!' }), { status: 401, headers: { 'Content-Type': 'application/json' } }));
    await first;
    expect(useSessionStore.getState().status).toBe('user');
    vi.unstubAllGlobals();
  });
});

describe('a session load answered after the store was reset', () => {
  it('is ignored: the state it answered no longer exists', async () => {
    keptSession();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const load = useSessionStore.getState().load();
    useSessionStore.setState(useSessionStore.getInitialState(), true);
    answer(new Response(JSON.stringify({ error: 'Please login to do this!' }), { status: 401, headers: { 'Content-Type': 'application/json' } }));
    await load;
    expect(useSessionStore.getState().status).toBe('idle');
    vi.unstubAllGlobals();
  });
});

describe('useSessionStatus', () => {
  it("gives a screen that allows guests 'guest' from the first render, without asking, in a browser that kept no session", () => {
    const { calls } = mockFetch({});
    const { result } = renderHook(() => useSessionStatus());
    expect(result.current).toBe('guest');
    expect(calls).toEqual([]);
  });

  it('asks for a screen that needs a session, so a session the browser did not note is still found', async () => {
    const { calls } = mockFetch({ 'GET /api/auth': { body: ann } });
    const { result } = renderHook(() => useSessionStatus('required'));
    await waitFor(() => expect(result.current).toBe('user'));
    expect(calls.map((call) => call.url.pathname)).toEqual(['/api/auth']);
    expect(sessionRemembered()).toBe(true);
  });

  it('checks a kept session for a screen that allows guests', async () => {
    keptSession();
    mockFetch({ 'GET /api/auth': { body: ann } });
    const { result } = renderHook(() => useSessionStatus());
    expect(result.current).not.toBe('guest');
    await waitFor(() => expect(result.current).toBe('user'));
  });
});
