import { describe, expect, it, vi } from 'vitest';
import { linkedPaths, prefetchAllowed, prefetchLinkedRoutes } from './idlePrefetch';

describe('idle prefetch', () => {
  it.each([
    [undefined, true],
    [{ effectiveType: '4g' }, true],
    [{ effectiveType: '3g' }, true],
    [{ effectiveType: '2g' }, false],
    [{ effectiveType: 'slow-2g' }, false],
    [{ effectiveType: '4g', saveData: true }, false],
  ])('on connection %j prefetching is %s', (connection, allowed) => {
    expect(prefetchAllowed(connection)).toBe(allowed);
  });

  it('reads only same-origin links', () => {
    const root = document.createElement('div');
    root.innerHTML = '<a href="/dashboard">d</a><a href="https://elsewhere.example/x">x</a><a href="/admin?tab=1">a</a><a href="/dashboard">again</a>';
    expect(linkedPaths(root, 'http://localhost:3000')).toEqual(['/dashboard', '/admin']);
  });

  it('preloads each linked route once and nothing else', () => {
    const root = document.createElement('div');
    root.innerHTML = '<a href="/dashboard">d</a><a href="/dashboard/account">a</a>';
    const dashboard = { matches: (p: string) => p === '/dashboard', preload: vi.fn() };
    const account = { matches: (p: string) => p === '/dashboard/account', preload: vi.fn() };
    const admin = { matches: (p: string) => p === '/admin', preload: vi.fn() };
    expect(prefetchLinkedRoutes(root, 'http://localhost:3000', [dashboard, account, admin])).toBe(2);
    expect(dashboard.preload).toHaveBeenCalledTimes(1);
    expect(account.preload).toHaveBeenCalledTimes(1);
    expect(admin.preload).not.toHaveBeenCalled();
  });
});
