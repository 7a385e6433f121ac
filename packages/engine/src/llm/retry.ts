// Retries with exponential back-off and jitter. A 429 or 503 that says `Retry-After` is waited out
// exactly (seconds or an HTTP date, capped); 5xx, timeouts and dropped connections are retried;
// other 4xx are not (a bad key will not get better).

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Longest Retry-After we honour; a server asking for more makes the request fail instead. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 4,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 120_000,
};

/** What a failed attempt tells the retry loop. */
export interface AttemptFailure {
  retryable: boolean;
  /** Milliseconds the server asked us to wait, when it did. */
  retryAfterMs?: number;
}

/** Parses a Retry-After header (delta-seconds or HTTP date) into milliseconds. */
export function parseRetryAfter(value: string | undefined | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}

/** Delay before attempt `attempt + 1` (attempt counts from 1). */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy,
  failure: AttemptFailure,
  random = Math.random,
): number {
  if (failure.retryAfterMs !== undefined) return failure.retryAfterMs;
  const exp = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, exp / 2 + random() * (exp / 2));
}

/**
 * Runs `attempt` until it succeeds, fails for good, or runs out of attempts. `classify` says whether
 * an error is worth another try; `onRetry` hears about each wait (for the trace).
 */
export async function withRetries<T>(
  attempt: (n: number) => Promise<T>,
  classify: (e: unknown) => AttemptFailure,
  policy: RetryPolicy,
  signal?: AbortSignal,
  onRetry?: (info: { attempt: number; delayMs: number; error: unknown }) => void,
): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt(n);
    } catch (e) {
      if (signal?.aborted) throw e;
      const failure = classify(e);
      if (!failure.retryable || n >= policy.maxAttempts) throw e;
      if (failure.retryAfterMs !== undefined && failure.retryAfterMs > policy.maxRetryAfterMs) throw e;
      const delayMs = backoffDelay(n, policy, failure);
      onRetry?.({ attempt: n, delayMs, error: e });
      await sleep(delayMs, signal);
    }
  }
}
