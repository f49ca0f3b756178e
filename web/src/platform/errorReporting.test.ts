import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors';
import { normaliseError, reportError, resetErrorReportingForTests } from './errorReporting';

describe('error reporting', () => {
  const fetchSpy = vi.fn<typeof fetch>();
  beforeEach(() => {
    resetErrorReportingForTests();
    fetchSpy.mockImplementation(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => vi.unstubAllGlobals());

  const sentBodies = () => fetchSpy.mock.calls.map(([, init]) => JSON.parse(init?.body as string) as unknown);

  it('normalises anything thrown to message and status, 500 by default', () => {
    expect(normaliseError(new Error('boom'))).toMatchObject({ message: 'boom', status: 500 });
    expect(normaliseError('plain text')).toMatchObject({ message: 'plain text', status: 500 });
    expect(normaliseError(new ApiError('gone', 410))).toMatchObject({ message: 'gone', status: 410 });
  });

  it('posts a report to the server once per distinct error', () => {
    reportError(new Error('boom'));
    reportError(new Error('boom'));
    reportError(new Error('other'));
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(new URL(String(fetchSpy.mock.calls[0][0])).pathname).toBe('/api/client-errors');
    expect(fetchSpy.mock.calls[0][1]).toEqual(expect.objectContaining({ method: 'POST', keepalive: true }));
    expect(sentBodies()[0]).toMatchObject({ message: 'boom', status: 500, url: window.location.href });
  });

  it('does not report answers the user caused', () => {
    reportError(new ApiError('Access denied: this board is private', 403));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('stops after ten reports in one page load', () => {
    for (let i = 0; i < 15; i += 1) reportError(new Error(`error ${i}`));
    expect(fetchSpy).toHaveBeenCalledTimes(10);
  });
});
