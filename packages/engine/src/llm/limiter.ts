// A counting semaphore per provider endpoint, kept at module level so every report a worker runs
// shares one limit (AI_MAX_CONCURRENCY) instead of each report having its own.

export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(public max: number) {}

  get inFlight(): number {
    return this.active;
  }

  async acquire(signal?: AbortSignal): Promise<() => void> {
    if (this.active >= this.max) {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal?.removeEventListener('abort', abort);
          resolve();
        };
        const abort = () => {
          const i = this.waiting.indexOf(go);
          if (i >= 0) this.waiting.splice(i, 1);
          reject(signal!.reason);
        };
        if (signal?.aborted) return reject(signal.reason);
        signal?.addEventListener('abort', abort, { once: true });
        this.waiting.push(go);
      });
    }
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      // Raising or lowering `max` takes effect as slots free up.
      while (this.active < this.max && this.waiting.length) {
        this.waiting.shift()!();
        break;
      }
    };
  }
}

const limiters = new Map<string, Semaphore>();

/** The shared limiter of one endpoint (provider + base URL); the latest `max` configured wins. */
export function limiterFor(key: string, max: number): Semaphore {
  let s = limiters.get(key);
  if (!s) {
    s = new Semaphore(max);
    limiters.set(key, s);
  }
  s.max = max;
  return s;
}
