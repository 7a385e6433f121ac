// The one client for /api: adds the bearer token, reads JSON, turns failures into typed errors, signs out on 401.
// An error's `message` is the technical text for logs; screens show `userMessage(error)` (lib/user-error.ts).
import { messages } from '@atr/shared';

export interface ApiClientDeps {
  getAccessToken: () => Promise<string | null>;
  onUnauthorized: () => Promise<void> | void;
  fetch?: typeof fetch;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(messages.api.requestFailed(status, body));
    this.name = 'ApiRequestError';
  }
}

/** The browser could not reach the server (offline, DNS, server down): fetch itself threw. */
export class ApiNetworkError extends Error {
  constructor(override readonly cause: unknown) {
    super(`Network error: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ApiNetworkError';
  }
}

/** No answer within the request's time limit: treated like a lost connection (a message and another try). */
export class ApiTimeoutError extends ApiNetworkError {
  constructor(readonly timeoutMs: number) {
    super(new Error(`no answer within ${timeoutMs} ms`));
    this.name = 'ApiTimeoutError';
  }
}

/** The server answered 2xx with a body that is not what the schema says. */
export class ApiResponseError extends Error {
  constructor(override readonly cause: unknown) {
    super(`Unexpected response: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'ApiResponseError';
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request finish after the page is gone (a delete committed as the user leaves). */
  keepalive?: boolean;
  /** Gives up (ApiTimeoutError) when the answer has not fully arrived by then. */
  timeoutMs?: number;
}

/** The readable part of an error body: the server's `message` when it is JSON, else the raw text. */
function bodyText(raw: string): string {
  try {
    const parsed = JSON.parse(raw) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: keep the text as sent
  }
  return raw;
}

export function createApiClient(deps: ApiClientDeps) {
  const doFetch = deps.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));

  /** `schema`: a zod schema, or a parser with the same `parse` (the public reads, which load no zod). */
  async function request<T>(
    path: string,
    schema: { parse(data: unknown): T },
    options: RequestOptions = {},
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const token = await deps.getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
    const signal =
      timeout && options.signal ? AbortSignal.any([options.signal, timeout]) : (timeout ?? options.signal);
    // The caller's own abort stays an abort; the time limit becomes an error the screens can word.
    const failure = (e: unknown, wrap: (e: unknown) => Error) => {
      if (options.signal?.aborted) return e;
      if (timeout?.aborted) return new ApiTimeoutError(options.timeoutMs!);
      return wrap(e);
    };
    let res: Response;
    try {
      res = await doFetch(`/api${path}`, {
        method: options.method ?? 'GET',
        headers,
        body,
        signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch (e) {
      throw failure(e, (x) => new ApiNetworkError(x));
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      if (res.status === 401) await deps.onUnauthorized();
      throw new ApiRequestError(res.status, bodyText(text));
    }
    try {
      const json: unknown = res.status === 204 ? null : await res.json();
      return schema.parse(json);
    } catch (e) {
      throw failure(e, (x) => new ApiResponseError(x));
    }
  }

  return { request };
}

export type ApiClient = ReturnType<typeof createApiClient>;
