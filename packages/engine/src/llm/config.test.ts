// AI settings from the environment, prices, the key never echoed, token counting and chunking,
// Retry-After parsing and the report estimate.

import { describe, expect, it } from 'vitest';
import { sampleAppAnalysis as analysisFixture } from '../agents/test-fixtures.ts';
import { parseTemplate } from '../template/parse.ts';
import { aiConfigFromEnv, AiConfigError, describeAi, modelFor, priceFor } from './config.ts';
import { estimateReport } from './estimate.ts';
import { parseRetryAfter } from './retry.ts';
import { scrubSecrets } from './scrub.ts';
import { chunkByTokens, countTokens, estimateTokens } from './tokens.ts';

const KEY = ['sk', 'live', 'abcdef0123456789'].join('-');

describe('AI configuration', () => {
  it('is offline by default and reads every AI_* variable', () => {
    expect(aiConfigFromEnv({}).provider).toBe('offline');
    const c = aiConfigFromEnv({
      AI_PROVIDER: 'openai',
      AI_API_KEY: KEY,
      AI_MODEL: 'gpt-4o-mini',
      AI_MODEL_WRITER: 'gpt-4o',
      AI_MAX_CONCURRENCY: '3',
      AI_TIMEOUT_S: '30',
      AI_MAX_TOKENS_PER_REPORT: '50000',
      AI_PRICES: '{"my-model":{"input":1,"output":2}}',
    });
    expect(c).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      maxConcurrency: 3,
      timeoutS: 30,
      maxTokensPerReport: 50000,
    });
    expect(modelFor(c, 'writer')).toBe('gpt-4o');
    expect(modelFor(c, 'planner')).toBe('gpt-4o-mini');
    expect(priceFor(c, 'my-model')).toEqual({ input: 1, output: 2 });
    expect(priceFor(c, 'gpt-4o-mini')).toEqual({ input: 0.15, output: 0.6 });
  });

  it('lets a local OpenAI-compatible server (Ollama) run without a key, but not the hosted APIs', () => {
    expect(
      aiConfigFromEnv({
        AI_PROVIDER: 'openai',
        AI_BASE_URL: 'http://localhost:11434/v1',
        AI_MODEL: 'llama3.1',
      }).apiKey,
    ).toBeUndefined();
    expect(() => aiConfigFromEnv({ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude-3-5-haiku-latest' })).toThrow(
      /AI_API_KEY is required/,
    );
    expect(() => aiConfigFromEnv({ AI_PROVIDER: 'openai', AI_API_KEY: KEY })).toThrow(/AI_MODEL is required/);
  });

  it('names the bad variable without echoing any value', () => {
    let err: unknown;
    try {
      aiConfigFromEnv({ AI_PROVIDER: 'openai', AI_API_KEY: KEY, AI_MODEL: 'm', AI_TIMEOUT_S: 'soon' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AiConfigError);
    expect((err as Error).message).toMatch(/AI_TIMEOUT_S/);
    expect((err as Error).message).not.toContain(KEY);
    expect(() => aiConfigFromEnv({ AI_PRICES: '{bad' })).toThrow(/AI_PRICES: not valid JSON/);
  });

  it('describes the provider without the key', () => {
    const c = aiConfigFromEnv({
      AI_PROVIDER: 'anthropic',
      AI_API_KEY: KEY,
      AI_MODEL: 'claude-3-5-haiku-latest',
    });
    expect(JSON.stringify(describeAi(c))).not.toContain(KEY);
    expect(describeAi(c)).toEqual({ provider: 'anthropic', model: 'claude-3-5-haiku-latest' });
    expect(scrubSecrets(`Bearer ${KEY} and again ${KEY}`, [KEY])).not.toContain(KEY);
    expect(scrubSecrets(`header Authorization: Bearer abc.def-ghijklmnop`)).toBe(
      'header Authorization: Bearer [redacted]',
    );
  });
});

describe('tokens', () => {
  it('counts with the real tokenizer for OpenAI models and ~4 chars per token otherwise', () => {
    expect(countTokens('hello world', 'gpt-4o')).toBe(2);
    expect(countTokens('hello world', 'gpt-4')).toBe(2);
    expect(countTokens('x'.repeat(40), 'claude-3-5-haiku-latest')).toBe(10);
    expect(estimateTokens('abcde')).toBe(2);
  });

  it('packs items into chunks under the cap, cutting oversized items', () => {
    const items = ['a'.repeat(40), 'b'.repeat(40), 'c'.repeat(200), 'd'.repeat(8)];
    const chunks = chunkByTokens(items, estimateTokens, 25, (s, max) =>
      s.match(new RegExp(`.{1,${max * 4}}`, 'g'))!,
    );
    for (const c of chunks) expect(c.tokens).toBeLessThanOrEqual(25);
    expect(chunks.flatMap((c) => c.items).join('')).toBe(items.join(''));
  });

  it('parses Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4_000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('estimateReport', () => {
  const template = parseTemplate(
    'report_structure:\n  - title: Overview\n  - title: Architecture\n    sections:\n      - Modules\n      - Entry points\n  - title: Conclusion\n',
  );
  it('estimates tokens and cost per role before generation, cut to the budget', () => {
    const c = aiConfigFromEnv({ AI_PROVIDER: 'openai', AI_API_KEY: KEY, AI_MODEL: 'gpt-4o-mini' });
    const e = estimateReport(analysisFixture(), template, c);
    expect(e.sections).toBe(5);
    expect(e.roles.writer!.requests).toBeGreaterThanOrEqual(5);
    expect(e.totalTokens).toBe(e.inputTokens + e.outputTokens);
    expect(e.costUsd).toBeCloseTo((e.inputTokens * 0.15 + e.outputTokens * 0.6) / 1e6, 3);
    expect(e.withinBudget).toBe(true);
    // a budget too small for any model section plans none, and never more than the budget
    const tight = estimateReport(analysisFixture(), template, { ...c, maxTokensPerReport: 1000 });
    expect(tight.totalTokens).toBeLessThanOrEqual(1000);
    expect(tight.offlineSections).toBe(5);
    expect(
      estimateReport(
        analysisFixture(),
        template,
        aiConfigFromEnv({
          AI_PROVIDER: 'openai',
          AI_BASE_URL: 'http://localhost:11434/v1',
          AI_MODEL: 'llama3.1',
        }),
      ).costUsd,
    ).toBeNull();
  });
});
