import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadForChunkFailure } from './chunkReload';

describe('chunk reload guard', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads once and not again within 60 s', () => {
    const reload = vi.fn();
    expect(reloadForChunkFailure(1_000_000, reload)).toBe(true);
    expect(reloadForChunkFailure(1_000_000 + CHUNK_RELOAD_GUARD_MS - 1, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("never reloads offline, where a reload would only show the browser's offline page", () => {
    const reload = vi.fn();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(reloadForChunkFailure(1_000_000, reload)).toBe(false);
    online.mockReturnValue(true);
    expect(reloadForChunkFailure(1_000_000, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('reloads again once the guard has passed', () => {
    const reload = vi.fn();
    reloadForChunkFailure(1_000_000, reload);
    expect(reloadForChunkFailure(1_000_000 + CHUNK_RELOAD_GUARD_MS, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it.each([
    [new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'), true],
    [new TypeError('Importing a module script failed.'), true],
    [new Error('error loading dynamically imported module'), true],
    [new Error('Cannot read properties of undefined'), false],
  ])('tells a chunk failure from other errors: %s', (error, expected) => {
    expect(isChunkLoadError(error)).toBe(expected);
  });
});
