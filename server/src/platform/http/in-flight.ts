/**
 * Route handlers still running. A stop waits for them (bounded) before the app's close hooks and the
 * database pool go, so a request that was already being answered finishes instead of failing with a
 * destroyed driver; requests arriving meanwhile are refused with 503 by Fastify's closing state.
 */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  /** `work`, counted as running until it settles. */
  track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    const done = () => void this.running.delete(work);
    work.then(done, done);
    return work;
  }

  get size(): number {
    return this.running.size;
  }

  /** Resolves when every handler running now (and any started meanwhile) has settled, or after `timeoutMs`. */
  async settled(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.running.size > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.running]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, left);
        }),
      ]);
      clearTimeout(timer);
    }
  }
}
