import { sharedLoad } from './sharedLoad';

describe('sharedLoad', () => {
  it('loads once and gives every caller the same answer', async () => {
    const load = vi.fn(async () => ({ module: 1 }));
    const shared = sharedLoad(load);
    const [a, b] = await Promise.all([shared(), shared()]);
    expect(a).toBe(b);
    expect(await shared()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load instead of failing for ever', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to fetch')).mockResolvedValueOnce('loaded');
    const shared = sharedLoad(load);
    await expect(shared()).rejects.toThrow('Failed to fetch');
    await expect(shared()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
