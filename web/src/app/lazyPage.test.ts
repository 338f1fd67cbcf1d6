import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, loadWithTimeout } from './lazyPage';

describe('lazy chunk loading (specification §8)', () => {
  afterEach(() => vi.useRealTimers());

  it('reports ChunkLoadError when a chunk does not arrive within the time-out', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise(() => undefined), 120_000);
    const settled = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError' });
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });

  it('passes a loaded chunk through and turns an import failure into ChunkLoadError', async () => {
    await expect(loadWithTimeout(async () => ({ default: 'page' }), 1000)).resolves.toEqual({ default: 'page' });
    const failure = loadWithTimeout(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 1000);
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
