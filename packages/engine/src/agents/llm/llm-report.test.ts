// Whole reports on the sample-app fixture with the agents on a language model (the loopback fake):
// one through each wire protocol, a second run answered entirely from the cache, the budget stop,
// and the key absent from everything the report produces.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../errors.ts';
import { memoryCache } from '../../llm/cache.ts';
import { parseAiConfig } from '../../llm/config.ts';
import { type FakeServer, fixtureModel, startFakeModelServer } from '../../llm/fake-model-server.ts';
import { generateReport } from '../../pipeline.ts';
import { parseTemplate } from '../../template/parse.ts';
import type { EngineContext, ReportArtifacts, ReportInput } from '../../types.ts';
import { SAMPLE_APP_DIR } from '../test-fixtures.ts';

const KEY = ['sk', 'report', 'fake0123456789abcdef'].join('-');
const template = parseTemplate(
  await fs.readFile(path.resolve(SAMPLE_APP_DIR, '../../../templates/generic_template.yaml'), 'utf8'),
);
const input: ReportInput = {
  projectName: 'Bookshelf API',
  source: { kind: 'directory', path: SAMPLE_APP_DIR },
  template,
};

let dir: string;
let server: FakeServer;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  server = await startFakeModelServer(fixtureModel);
});
afterAll(async () => {
  await server.close();
  await fs.rm(dir, { recursive: true, force: true });
});

let runs = 0;
function context(ai: Record<string, unknown>, cache = memoryCache()): EngineContext {
  return {
    workDir: path.join(dir, `run-${++runs}`),
    now: () => new Date('2026-03-02T10:00:00Z'),
    onProgress: () => {},
    ai: parseAiConfig({ baseUrl: server.url, apiKey: KEY, ...ai }),
    modelCache: cache,
  };
}

/** Everything a report run leaves behind that someone could read: trace.json, analysis, tree. */
function everythingReadable(r: ReportArtifacts): string {
  return JSON.stringify({ trace: r.trace, ai: r.ai, analysis: r.analysis, tree: r.tree, timings: r.timings });
}

describe('generateReport with the agents on a model', () => {
  for (const [provider, model] of [
    ['openai', 'gpt-4o-mini'],
    ['anthropic', 'claude-3-5-haiku-latest'],
  ] as const) {
    it(`writes the whole report through the ${provider} protocol, then regenerates it from the cache for nothing`, async () => {
      const cache = memoryCache();
      const before = server.requests.length;
      const first = await generateReport(input, context({ provider, model }, cache), { pdfEngine: 'js' });
      const sent = server.requests.length - before;
      expect(sent).toBeGreaterThan(20);
      expect(server.requests.slice(before).every((r) => r.protocol === provider && r.model === model)).toBe(
        true,
      );
      expect(first.ai).toMatchObject({
        provider,
        model: `${provider}/${model}`,
        usage: { requests: sent, cacheHits: 0 },
      });
      expect(first.ai!.usage.costUsd).toBeGreaterThan(0);
      expect(first.ai!.estimate!.totalTokens).toBeGreaterThan(
        first.ai!.usage.inputTokens + first.ai!.usage.outputTokens,
      );
      const paragraphs = JSON.stringify(first.tree.blocks);
      expect(paragraphs).toContain('Model-written prose on Executive Summary');
      const writers = first.trace.filter((t) => t.role === 'writer');
      expect(writers.length).toBeGreaterThan(8);
      expect(writers.every((t) => t.details?.source === 'model' && t.model === `${provider}/${model}`)).toBe(
        true,
      );
      expect(first.pageCount).toBeGreaterThan(1);
      expect(everythingReadable(first)).not.toContain(KEY);

      const again = await generateReport(input, context({ provider, model }, cache), { pdfEngine: 'js' });
      expect(server.requests.length - before).toBe(sent); // not one request more
      expect(again.ai!.usage).toMatchObject({ requests: 0, cacheHits: sent, costUsd: 0 });
      expect(JSON.stringify(again.tree.blocks)).toBe(paragraphs);
    });
  }

  it('refuses to start a report that cannot fit the token budget, sending nothing', async () => {
    const before = server.requests.length;
    const err = await generateReport(
      input,
      context({ provider: 'openai', model: 'gpt-4o-mini', maxTokensPerReport: 5000 }),
      { pdfEngine: 'js' },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).kind).toBe('budget');
    expect((err as Error).message).toMatch(
      /estimated at [\d,]+ tokens, above the budget of 5,000 tokens per report \(AI_MAX_TOKENS_PER_REPORT\)/,
    );
    expect(server.requests.length).toBe(before);
  });

  it('stops mid-report at the budget instead of overspending', async () => {
    // The estimate fits the budget, but this model answers far longer than estimated (the server
    // reports ~10,000 output tokens per draft): once the budget cannot cover the next request's
    // prompt and output allowance, nothing more is sent and the report fails with a budget error.
    const verbose = await startFakeModelServer((req) => {
      const r = fixtureModel(req);
      return /Role: writer/.test(req.system) && 'text' in r
        ? { text: `${r.text} ${'detail '.repeat(5000)}` }
        : r;
    });
    try {
      const small = parseTemplate(
        'report_structure:\n  - title: Overview\n  - title: Security\n  - title: Testing\n  - title: Deployment\n',
      );
      const ctx = context({ provider: 'openai', model: 'gpt-4o-mini' });
      const budget =
        (await import('../../llm/estimate.ts')).estimateReport(
          (await import('../test-fixtures.ts')).sampleAppAnalysis(),
          small,
          ctx.ai!,
        ).totalTokens + 2000;
      ctx.ai = parseAiConfig({
        provider: 'openai',
        model: 'gpt-4o-mini',
        baseUrl: verbose.url,
        apiKey: KEY,
        maxTokensPerReport: budget,
      });
      const err = await generateReport({ ...input, template: small }, ctx, { pdfEngine: 'js' }).catch(
        (e: unknown) => e,
      );
      expect((err as EngineError).kind).toBe('budget');
      expect((err as Error).message).toMatch(
        /more than its token budget of [\d,]+ tokens \(AI_MAX_TOKENS_PER_REPORT\): [\d,]+ used so far/,
      );
      const writes = verbose.requests.filter((r) => /Role: writer/.test(r.system));
      expect(writes.length).toBeGreaterThan(0); // it did start
      expect(writes.length).toBeLessThan(4); // and stopped before writing every section
    } finally {
      await verbose.close();
    }
  });
});
