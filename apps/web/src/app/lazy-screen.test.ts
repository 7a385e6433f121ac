import { describe, expect, it, vi } from 'vitest';
import { withRetries } from './lazy-screen.tsx';

describe('withRetries', () => {
  it('returns the first success after failures', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    await expect(withRetries(load, [1, 1])).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
  it('gives up after one attempt per delay plus the first, with the last error', async () => {
    const load = vi.fn().mockRejectedValue(new TypeError('offline'));
    await expect(withRetries(load, [1, 1])).rejects.toThrow('offline');
    expect(load).toHaveBeenCalledTimes(3);
  });
});
