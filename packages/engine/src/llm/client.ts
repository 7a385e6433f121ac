// One report's connection to a language model: counts tokens before sending, enforces the report's
// token budget, answers from the response cache, waits its turn at the shared concurrency limit,
// times out, retries (Retry-After on 429, 5xx, timeouts, malformed bodies) and scrubs the key from
// every error. The SDKs do the wire protocols; their own retries are off so this loop is the only one.

import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { APICallError, generateText, type LanguageModel } from 'ai';
import { EngineError } from '../errors.ts';
import { cacheKey, decodeCached, type CachedResponse, type ModelCache } from './cache.ts';
import { type AiConfig, type AiRole, isModelConfigured, modelFor, priceFor } from './config.ts';
import { limiterFor } from './limiter.ts';
import {
  type AttemptFailure,
  DEFAULT_RETRY,
  parseRetryAfter,
  type RetryPolicy,
  withRetries,
} from './retry.ts';
import { scrubSecrets } from './scrub.ts';
import { countTokens } from './tokens.ts';
import type { ModelProvider, ModelUsage } from './types.ts';

export interface CompletionRequest {
  role: AiRole;
  system: string;
  prompt: string;
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface Completion extends CachedResponse {
  cached: boolean;
  /** 'length' when the model stopped at maxTokens (the output is truncated). */
  finishReason: string;
}

export interface SessionOptions {
  cache?: ModelCache;
  /** The report's cancellation signal; reaches every in-flight request. */
  signal?: AbortSignal;
  retry?: Partial<RetryPolicy>;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

/** A ModelProvider with roles, usage and the budget: what the LLM agents talk to. */
export interface ModelSession extends ModelProvider {
  readonly config: AiConfig;
  request(req: CompletionRequest): Promise<Completion>;
  modelFor(role: AiRole): string;
  countTokens(text: string, role: AiRole): number;
  /** Tokens still available in this report's budget (reservations of in-flight requests deducted). */
  remainingTokens(): number;
  usage: ModelUsage;
  /** Removes the key (and key-shaped strings) from a message. */
  scrub(text: string): string;
}

class Timeout extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${Math.round(ms / 100) / 10} s`);
  }
}

function languageModel(config: AiConfig, model: string): LanguageModel {
  if (config.provider === 'anthropic') {
    return createAnthropic({
      apiKey: config.apiKey ?? '',
      ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
    })(model);
  }
  // A local server (Ollama, llama.cpp) needs no key, but the SDK insists on one.
  const openai = createOpenAI({
    apiKey: config.apiKey ?? 'no-key',
    ...(config.baseUrl ? { baseURL: config.baseUrl } : {}),
  });
  return openai.chat(model);
}

/** Whether an attempt's failure is worth another try, and how long the server asked us to wait. */
export function classifyFailure(e: unknown): AttemptFailure {
  if (e instanceof Timeout) return { retryable: true };
  if (e instanceof EngineError) return { retryable: false };
  if (APICallError.isInstance(e)) {
    const status = e.statusCode;
    const retryAfterMs = parseRetryAfter(e.responseHeaders?.['retry-after']);
    if (status === 429 || status === 408 || status === 409 || (status !== undefined && status >= 500))
      return { retryable: true, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
    // A 2xx whose body could not be parsed is malformed or truncated output: worth another try.
    if (status !== undefined && status >= 200 && status < 300) return { retryable: true };
    if (status !== undefined) return { retryable: false };
    return { retryable: e.isRetryable };
  }
  // Malformed or truncated bodies, dropped connections: another attempt may well succeed.
  return { retryable: true };
}

function describeFailure(e: unknown): string {
  if (e instanceof Timeout) return e.message;
  if (APICallError.isInstance(e)) return `HTTP ${e.statusCode ?? '?'}${e.message ? `: ${e.message}` : ''}`;
  return (e as Error)?.message ?? String(e);
}

export function createModelSession(config: AiConfig, options: SessionOptions = {}): ModelSession {
  if (!isModelConfigured(config))
    throw new EngineError('agent', 'No language model is configured (AI_PROVIDER is offline).');
  const policy: RetryPolicy = { ...DEFAULT_RETRY, maxAttempts: config.maxAttempts, ...options.retry };
  const limiter = limiterFor(`${config.provider} ${config.baseUrl ?? 'default'}`, config.maxConcurrency);
  const models = new Map<string, LanguageModel>();
  const lm = (m: string) => models.get(m) ?? models.set(m, languageModel(config, m)).get(m)!;
  const usage: ModelUsage = {
    requests: 0,
    cacheHits: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    retries: [],
  };
  let used = 0;
  let reserved = 0;
  const scrub = (t: string) => scrubSecrets(t, [config.apiKey]);

  const addCost = (model: string, input: number, output: number) => {
    const p = priceFor(config, model);
    if (p) usage.costUsd += (input * p.input + output * p.output) / 1_000_000;
  };

  async function request(req: CompletionRequest): Promise<Completion> {
    const model = modelFor(config, req.role);
    const signal = req.signal ?? options.signal;
    if (signal?.aborted) throw new EngineError('cancelled', 'Report generation was cancelled.');
    const key = cacheKey(model, req.system, req.prompt);
    const hit = decodeCached(await options.cache?.get(key));
    if (hit) {
      usage.cacheHits++;
      return { ...hit, cached: true, finishReason: 'cached' };
    }

    const maxTokens = req.maxTokens ?? config.maxOutputTokens;
    const inputTokens = countTokens(req.system, model) + countTokens(req.prompt, model);
    const reservation = inputTokens + maxTokens;
    if (used + reserved + reservation > config.maxTokensPerReport) {
      throw new EngineError(
        'budget',
        `The report would use more than its token budget of ${config.maxTokensPerReport.toLocaleString('en')} tokens (AI_MAX_TOKENS_PER_REPORT): ${used.toLocaleString('en')} used so far and the next request needs up to ${reservation.toLocaleString('en')}. Raise the budget or use a smaller template.`,
      );
    }
    reserved += reservation;
    try {
      const release = await limiter.acquire(signal).catch(() => {
        throw new EngineError('cancelled', 'Report generation was cancelled.');
      });
      try {
        const result = await withRetries(
          async () => {
            if (signal?.aborted) throw new EngineError('cancelled', 'Report generation was cancelled.');
            usage.requests++;
            const timeoutMs = config.timeoutS * 1000;
            const timer = new AbortController();
            const t = setTimeout(() => timer.abort(new Timeout(timeoutMs)), timeoutMs);
            try {
              const r = await generateText({
                model: lm(model),
                system: req.system,
                prompt: req.prompt,
                maxOutputTokens: maxTokens,
                temperature: 0,
                maxRetries: 0,
                abortSignal: signal ? AbortSignal.any([signal, timer.signal]) : timer.signal,
              });
              return r;
            } catch (e) {
              if (signal?.aborted) throw new EngineError('cancelled', 'Report generation was cancelled.');
              if (timer.signal.aborted) throw timer.signal.reason as Timeout;
              throw e;
            } finally {
              clearTimeout(t);
            }
          },
          classifyFailure,
          policy,
          signal,
          ({ attempt, delayMs, error }) => {
            const reason = scrub(describeFailure(error));
            usage.retries.push({ role: req.role, attempt, delayMs: Math.round(delayMs), reason });
            options.log?.('model request retried', {
              role: req.role,
              attempt,
              delayMs: Math.round(delayMs),
              reason,
            });
          },
        ).catch((e: unknown) => {
          if (e instanceof EngineError) throw e;
          if (signal?.aborted) throw new EngineError('cancelled', 'Report generation was cancelled.');
          throw new EngineError(
            'agent',
            `The language model (${config.provider}/${model}) failed: ${scrub(describeFailure(e)).slice(0, 300)}`,
            { detail: scrub(describeFailure(e)) },
          );
        });
        const inTok = result.usage.inputTokens ?? inputTokens;
        const outTok = result.usage.outputTokens ?? countTokens(result.text, model);
        used += inTok + outTok;
        usage.inputTokens += inTok;
        usage.outputTokens += outTok;
        addCost(model, inTok, outTok);
        const response: CachedResponse = { text: result.text, inputTokens: inTok, outputTokens: outTok };
        // Truncated answers are not cached: a retry with more room should get a fresh one.
        if (result.finishReason !== 'length' && result.text.trim())
          await options.cache?.set(key, JSON.stringify(response));
        return { ...response, cached: false, finishReason: result.finishReason };
      } finally {
        release();
      }
    } finally {
      reserved -= reservation;
    }
  }

  return {
    name: `${config.provider}/${config.model}`,
    config,
    usage,
    scrub,
    request,
    modelFor: (role) => modelFor(config, role),
    countTokens: (text, role) => countTokens(text, modelFor(config, role)),
    remainingTokens: () => config.maxTokensPerReport - used - reserved,
    async complete({ system, prompt, maxTokens, signal }) {
      const r = await request({
        role: 'writer',
        system,
        prompt,
        ...(maxTokens ? { maxTokens } : {}),
        ...(signal ? { signal } : {}),
      });
      return { text: r.text, inputTokens: r.inputTokens, outputTokens: r.outputTokens };
    },
  };
}
