// Whole reports on the sample-app fixture with the agents on a language model (the loopback fake):
// one through each wire protocol, a second run answered entirely from the cache, the budget stop,
// and the key absent from everything the report produces.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCache } from '../../llm/cache.ts';
import { parseAiConfig } from '../../llm/config.ts';
import {
  type FakeServer,
  fixtureModel,
  inputTokensOf,
  startFakeModelServer,
} from '../../llm/fake-model-server.ts';
import { countTokens } from '../../llm/tokens.ts';
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
      expect(first.ai!.estimate!.reading).toMatchObject({ none: 0 });
      // the sections, without the appendix that reports this run's own use of the model
      const sectionsOf = (r: ReportArtifacts) =>
        JSON.stringify(r.tree.blocks).split('"text":"Appendix: What the Model Read"')[0];
      const paragraphs = sectionsOf(first);
      expect(JSON.stringify(first.tree.blocks)).toContain('Appendix: What the Model Read');
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
      expect(sectionsOf(again)).toBe(paragraphs);
      expect(JSON.stringify(again.tree.blocks)).toMatch(
        /answered 0 requests \(\d+ more were answered from the cache/,
      );
    });
  }

  it('completes a report far over its budget: the sections past it are written offline and the appendix says so', async () => {
    let received = 0;
    const counting = await startFakeModelServer((req) => {
      received += inputTokensOf(req);
      const r = fixtureModel(req);
      if ('text' in r) received += countTokens(r.text, req.model);
      return r;
    });
    try {
      const budget = 30_000;
      const ctx = context({ provider: 'openai', model: 'gpt-4o-mini' });
      ctx.ai = parseAiConfig({
        provider: 'openai',
        model: 'gpt-4o-mini',
        baseUrl: counting.url,
        apiKey: KEY,
        maxTokensPerReport: budget,
      });
      const r = await generateReport(input, ctx, { pdfEngine: 'js' });
      const writers = r.trace.filter((t) => t.role === 'writer');
      const offline = writers.filter((t) => /token budget/.test(String(t.details?.reason)));
      expect(offline.length).toBeGreaterThan(0);
      expect(writers.some((t) => t.details?.source === 'model')).toBe(true);
      expect(r.ai!.estimate!.offlineSections).toBe(offline.length);
      const tree = JSON.stringify(r.tree.blocks);
      expect(tree).toContain('Appendix: What the Model Read');
      expect(tree).toContain(`The budget left ${offline.length} sections to the offline writer`);
      // the server counted what it received and answered: never more than the budget
      expect(received).toBeLessThanOrEqual(budget);
      expect(r.ai!.usage.inputTokens + r.ai!.usage.outputTokens).toBe(received);
    } finally {
      await counting.close();
    }
  });

  it('never overspends when the model answers far longer than planned: the sections that no longer fit go offline', async () => {
    let received = 0;
    const verbose = await startFakeModelServer((req) => {
      received += inputTokensOf(req);
      const r = fixtureModel(req);
      // a writer answers with all the room its request allows (a provider stops at max_tokens),
      // more than twice what the planner expects a section to take
      const text =
        /Role: writer/.test(req.system) && 'text' in r
          ? `${r.text} ${'detail '.repeat((req.maxTokens ?? 1500) - 100)}`
          : r;
      if (typeof text === 'string') {
        received += countTokens(text, req.model);
        return { text };
      }
      if ('text' in text) received += countTokens(text.text, req.model);
      return text;
    });
    try {
      const small = parseTemplate(
        'report_structure:\n  - title: Overview\n  - title: Security\n  - title: Testing\n  - title: Deployment\n',
      );
      const budget = 30_000;
      const ctx = context({ provider: 'openai', model: 'gpt-4o-mini' });
      ctx.ai = parseAiConfig({
        provider: 'openai',
        model: 'gpt-4o-mini',
        baseUrl: verbose.url,
        apiKey: KEY,
        maxTokensPerReport: budget,
      });
      const r = await generateReport({ ...input, template: small }, ctx, { pdfEngine: 'js' });
      expect(r.tree.blocks.length).toBeGreaterThan(4); // the report is there
      const writers = r.trace.filter((t) => t.role === 'writer');
      expect(writers.some((t) => /token budget/.test(String(t.details?.reason)))).toBe(true);
      expect(received).toBeLessThanOrEqual(budget);
    } finally {
      await verbose.close();
    }
  });
});
