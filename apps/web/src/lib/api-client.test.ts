import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiNetworkError, ApiResponseError, ApiTimeoutError, createApiClient } from './api-client.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api client', () => {
  it('sends the bearer token and parses the body with the schema', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { n: 3 }));
    const api = createApiClient({
      getAccessToken: async () => 'tok',
      onUnauthorized: vi.fn(),
      fetch: fetchMock,
    });
    await expect(api.request('/things', z.object({ n: z.number() }))).resolves.toEqual({ n: 3 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('omits the header without a session and sends JSON bodies', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, {}));
    const api = createApiClient({
      getAccessToken: async () => null,
      onUnauthorized: vi.fn(),
      fetch: fetchMock,
    });
    await api.request('/x', z.object({}), { method: 'POST', body: { a: 1 } });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.body).toBe('{"a":1}');
  });

  it("fails with 'API request failed: {status} {body}' using the server's message", async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse(404, {
        error: 'Not Found',
        code: 'not_found',
        message: 'Report not found',
        statusCode: 404,
      }),
    );
    const onUnauthorized = vi.fn();
    const api = createApiClient({ getAccessToken: async () => 't', onUnauthorized, fetch: fetchMock });
    await expect(api.request('/r/1', z.unknown())).rejects.toThrow(
      'API request failed: 404 Report not found',
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs out on 401', async () => {
    const fetchMock = vi.fn(async () => new Response('expired', { status: 401 }));
    const onUnauthorized = vi.fn();
    const api = createApiClient({ getAccessToken: async () => 't', onUnauthorized, fetch: fetchMock });
    await expect(api.request('/r', z.unknown())).rejects.toThrow('API request failed: 401 expired');
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});

describe('api client failures', () => {
  it('turns a fetch that throws into an ApiNetworkError', async () => {
    const api = createApiClient({
      getAccessToken: async () => null,
      onUnauthorized: vi.fn(),
      fetch: vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    });
    await expect(api.request('/x', z.unknown())).rejects.toBeInstanceOf(ApiNetworkError);
  });
  it('turns a body the schema refuses into an ApiResponseError', async () => {
    const api = createApiClient({
      getAccessToken: async () => null,
      onUnauthorized: vi.fn(),
      fetch: vi.fn(async () => jsonResponse(200, { n: 'x' })),
    });
    await expect(api.request('/x', z.object({ n: z.number() }))).rejects.toBeInstanceOf(ApiResponseError);
  });

  it('gives up a request that does not answer in time with an ApiTimeoutError, a kind of network error', async () => {
    // A server that never answers: the fetch settles only when its signal aborts.
    const hanging = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)),
        ),
    );
    const api = createApiClient({
      getAccessToken: async () => null,
      onUnauthorized: vi.fn(),
      fetch: hanging,
    });
    const failed = api.request('/slow', z.unknown(), { timeoutMs: 50 });
    await expect(failed).rejects.toBeInstanceOf(ApiTimeoutError);
    await expect(failed).rejects.toBeInstanceOf(ApiNetworkError);
  });

  it("keeps the caller's own abort an abort, even with a time limit", async () => {
    const hanging = vi.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          const abort = () => reject(new DOMException('aborted', 'AbortError'));
          if (init?.signal?.aborted) abort();
          init?.signal?.addEventListener('abort', abort);
        }),
    );
    const api = createApiClient({
      getAccessToken: async () => null,
      onUnauthorized: vi.fn(),
      fetch: hanging,
    });
    const controller = new AbortController();
    const failed = api.request('/slow', z.unknown(), { timeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    await expect(failed).rejects.toMatchObject({ name: 'AbortError' });
  });
});
