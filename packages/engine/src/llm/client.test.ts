// The model session against a loopback server speaking both wire protocols: retries and back-off
// (Retry-After honoured), timeouts, cancellation reaching the request, malformed bodies, the budget,
// the cache, the shared concurrency limit, and the key kept out of every error.

import { afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../errors.ts';
import { memoryCache } from './cache.ts';
import { createModelSession } from './client.ts';
import { parseAiConfig } from './config.ts';
import {
  type FakeReply,
  type FakeRequest,
  type FakeServer,
  startFakeModelServer,
} from './fake-model-server.ts';

const KEY = ['sk', 'test', 'fake0123456789abcdef'].join('-');
let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(
  handler: (req: FakeRequest, n: number) => FakeReply,
  extra: Record<string, unknown> = {},
  protocol: 'openai' | 'anthropic' = 'openai',
) {
  let n = 0;
  server = await startFakeModelServer((req) => handler(req, ++n));
  const config = parseAiConfig({
    provider: protocol,
    baseUrl: server.url,
    apiKey: KEY,
    model: protocol === 'openai' ? 'gpt-4o-mini' : 'claude-3-5-haiku-latest',
    ...extra,
  });
  return { server, config };
}
const ok = (text = 'hello'): FakeReply => ({ text });
const ask = { role: 'writer' as const, system: 'Role: writer.', prompt: 'Say hello.' };

describe('model session', () => {
  it('speaks OpenAI chat completions and Anthropic messages, counting usage and cost', async () => {
    for (const protocol of ['openai', 'anthropic'] as const) {
      const { server: s, config } = await setup(() => ok(`hi from ${protocol}`), {}, protocol);
      const session = createModelSession(config);
      const r = await session.request(ask);
      expect(r.text).toBe(`hi from ${protocol}`);
      expect(s.requests[0]!.system).toBe('Role: writer.');
      expect(s.requests[0]!.prompt).toBe('Say hello.');
      if (protocol === 'openai') expect(s.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
      else expect(s.requests[0]!.headers['x-api-key']).toBe(KEY);
      expect(session.usage.requests).toBe(1);
      expect(session.usage.inputTokens).toBeGreaterThan(0);
      expect(session.usage.costUsd).toBeGreaterThan(0);
      await s.close();
      server = undefined;
    }
  });

  it('waits out Retry-After on 429, then succeeds', async () => {
    const { server: s, config } = await setup((_r, n) =>
      n === 1 ? { status: 429, headers: { 'retry-after': '1' } } : ok(),
    );
    const session = createModelSession(config, { retry: { baseDelayMs: 5 } });
    expect((await session.request(ask)).text).toBe('hello');
    expect(s.requests).toHaveLength(2);
    expect(s.requests[1]!.at - s.requests[0]!.at).toBeGreaterThanOrEqual(950);
    expect(session.usage.retries).toEqual([expect.objectContaining({ attempt: 1, delayMs: 1000 })]);
  });

  it('retries 5xx with exponential back-off and gives up after maxAttempts', async () => {
    const { server: s, config } = await setup(() => ({ status: 503 }), { maxAttempts: 3 });
    const session = createModelSession(config, { retry: { baseDelayMs: 40, maxDelayMs: 1000 } });
    const err = await session.request(ask).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).kind).toBe('agent');
    expect(s.requests).toHaveLength(3);
    const gaps = [s.requests[1]!.at - s.requests[0]!.at, s.requests[2]!.at - s.requests[1]!.at];
    expect(gaps[0]).toBeGreaterThanOrEqual(18); // 40 ms × [0.5, 1)
    expect(gaps[1]).toBeGreaterThanOrEqual(38); // 80 ms × [0.5, 1)
  });

  it('does not retry a client error (a bad key does not get better)', async () => {
    const { server: s, config } = await setup(() => ({ status: 400 }));
    await expect(
      createModelSession(config, { retry: { baseDelayMs: 5 } }).request(ask),
    ).rejects.toMatchObject({ kind: 'agent' });
    expect(s.requests).toHaveLength(1);
  });

  it('retries a malformed body, then succeeds', async () => {
    const { server: s, config } = await setup((_r, n) =>
      n === 1 ? { raw: '{"choices": [{"message": ' } : ok('fine'),
    );
    expect((await createModelSession(config, { retry: { baseDelayMs: 5 } }).request(ask)).text).toBe('fine');
    expect(s.requests).toHaveLength(2);
  });

  it('times out slow answers (AI_TIMEOUT_S) and retries them', async () => {
    const { server: s, config } = await setup(() => ({ text: 'late', delayMs: 8000 }), {
      timeoutS: 0.2,
      maxAttempts: 2,
    });
    const t0 = Date.now();
    const err = await createModelSession(config, { retry: { baseDelayMs: 5 } })
      .request(ask)
      .catch((e: unknown) => e);
    expect((err as EngineError).kind).toBe('agent');
    expect((err as Error).message).toMatch(/no answer within 0.2 s/);
    expect(s.requests).toHaveLength(2);
    // far less than one full answer would take: the requests were abandoned, not awaited
    expect(Date.now() - t0).toBeLessThan(6000);
  });

  it('cancellation reaches the in-flight request', async () => {
    const { server: s, config } = await setup(() => ({ text: 'late', delayMs: 8000 }));
    const ac = new AbortController();
    const session = createModelSession(config, { signal: ac.signal });
    const t0 = Date.now();
    setTimeout(() => ac.abort(), 150);
    await expect(session.request(ask)).rejects.toMatchObject({ kind: 'cancelled' });
    expect(Date.now() - t0).toBeLessThan(6000);
    await new Promise((r) => setTimeout(r, 100));
    expect(s.aborted).toBe(1);
    expect(s.requests).toHaveLength(1);
  });

  it('stops at the token budget before sending, never after', async () => {
    const { server: s, config } = await setup(() => ok(), { maxTokensPerReport: 1000, maxOutputTokens: 900 });
    const session = createModelSession(config);
    await expect(session.request({ ...ask, prompt: 'x '.repeat(400) })).rejects.toMatchObject({
      kind: 'budget',
      message: expect.stringMatching(/AI_MAX_TOKENS_PER_REPORT/),
    });
    expect(s.requests).toHaveLength(0);
  });

  it('answers a repeated request from the cache without sending it', async () => {
    const { server: s, config } = await setup(() => ok('cached answer'));
    const cache = memoryCache();
    await createModelSession(config, { cache }).request(ask);
    const second = createModelSession(config, { cache });
    const r = await second.request(ask);
    expect(r).toMatchObject({ text: 'cached answer', cached: true });
    expect(s.requests).toHaveLength(1);
    expect(second.usage).toMatchObject({ requests: 0, cacheHits: 1 });
    // A different prompt or model is a different key.
    await second.request({ ...ask, prompt: 'Say bye.' });
    expect(s.requests).toHaveLength(2);
  });

  it('shares one concurrency limit across sessions of the same endpoint', async () => {
    let inFlight = 0;
    let peak = 0;
    server = await startFakeModelServer(async () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 80));
      inFlight--;
      return ok();
    });
    const config = parseAiConfig({
      provider: 'openai',
      baseUrl: server.url,
      apiKey: KEY,
      model: 'gpt-4o-mini',
      maxConcurrency: 2,
    });
    const a = createModelSession(config);
    const b = createModelSession(config);
    await Promise.all(
      [1, 2, 3].flatMap((i) => [
        a.request({ ...ask, prompt: `a${i}` }),
        b.request({ ...ask, prompt: `b${i}` }),
      ]),
    );
    expect(server.requests).toHaveLength(6);
    expect(peak).toBe(2);
  });

  it('keeps the key out of error messages, even when the provider echoes it', async () => {
    const { config } = await setup((req) => ({
      status: 401,
      body: JSON.stringify({
        error: {
          message: `Incorrect API key provided: ${String(req.headers.authorization)}`,
          type: 'invalid_request_error',
        },
      }),
    }));
    const err = (await createModelSession(config)
      .request(ask)
      .catch((e: unknown) => e)) as EngineError;
    expect(err.kind).toBe('agent');
    expect(err.message).toMatch(/HTTP 401/);
    expect(`${err.message} ${err.detail} ${String(err.cause)} ${err.stack}`).not.toContain(KEY);
    expect(err.cause).toBeUndefined();
  });
});
