// What the model review costs: with the agents on the loopback model server, every request is
// recorded and its tokens counted with the model's own tokenizer; the reviewer's requests (told apart
// by their system prompt's role) must take at most 15 % of a run's prompt and completion tokens, on
// the fixtures and on corpus repositories, while the run stays within its budget and within ±15 % of
// the planner's estimate.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../bench/generate-tree.ts';
import { memoryCache } from '../src/llm/cache.ts';
import { parseAiConfig } from '../src/llm/config.ts';
import {
  type FakeReply,
  type FakeRequest,
  inputTokensOf,
  realisticModel,
  startFakeModelServer,
} from '../src/llm/fake-model-server.ts';
import { countTokens } from '../src/llm/tokens.ts';
import { generateReport } from '../src/pipeline.ts';
import { parseTemplate } from '../src/template/parse.ts';
import { SAMPLE_APP_DIR } from '../src/agents/test-fixtures.ts';
import { corpusDir, unpackCorpus } from './corpus-archives.ts';

const corpus = corpusDir();
const generic = parseTemplate(
  await fs.readFile(path.resolve(import.meta.dirname, '../templates/generic_template.yaml'), 'utf8'),
);
/** Two small corpus repositories of different ecosystems (a JavaScript framework, a Go library). */
const REPOSITORIES = ['koa', 'cobra'];
const roleOf = (q: Pick<FakeRequest, 'system'>) => /Role: (\w+)/.exec(q.system)?.[1] ?? 'unknown';

let work: string;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-review-share-'));
});
afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true });
});

/**
 * `realisticModel`, but its drafts cite as densely as a real model's: eight more sentences, each
 * citing a line of a different excerpt it was given, so each review is shown eight windows.
 */
function citingModel(req: FakeRequest): FakeReply {
  const reply = realisticModel(req);
  if (roleOf(req) !== 'writer' || !('text' in reply)) return reply;
  // source files only: the citation check counts no lines in a file without a code language
  const lines = [...req.prompt.matchAll(/^FILE (\S+\.(?:ts|js|go|py|java|rs)) \(lines (\d+)-(\d+)\)/gm)]
    .slice(0, 8)
    .map((m) => `${m[1]}:${Math.min(Number(m[2]) + 3, Number(m[3]))}`);
  const cited = lines.map((c) => `The work continues at \`${c}\`.`).join(' ');
  return { text: `${reply.text}\n\n${cited}` };
}

/** A whole AI-mode report of `dir`, with every request's tokens counted by role. */
async function run(name: string, dir: string, model = realisticModel) {
  const byRole = new Map<string, { requests: number; tokens: number }>();
  const server = await startFakeModelServer((req) => {
    const reply = model(req);
    const tokens = inputTokensOf(req) + ('text' in reply ? countTokens(reply.text, req.model) : 0);
    const r = byRole.get(roleOf(req)) ?? { requests: 0, tokens: 0 };
    byRole.set(roleOf(req), { requests: r.requests + 1, tokens: r.tokens + tokens });
    return reply;
  });
  try {
    const ai = parseAiConfig({ provider: 'openai', model: 'gpt-4.1-mini', baseUrl: server.url, apiKey: 'k' });
    const r = await generateReport(
      { projectName: name, source: { kind: 'directory', path: dir }, template: generic },
      {
        workDir: path.join(work, name),
        now: () => new Date('2026-03-02T10:00:00Z'),
        onProgress: () => {},
        ai,
        modelCache: memoryCache(),
      },
      { pdfEngine: 'js' },
    );
    const total = [...byRole.values()].reduce((n, r) => n + r.tokens, 0);
    const reviewer = byRole.get('reviewer') ?? { requests: 0, tokens: 0 };
    const figures = {
      name,
      total,
      reviewer: reviewer.tokens,
      reviews: reviewer.requests,
      share: reviewer.tokens / total,
      estimate: r.ai!.estimate!.totalTokens,
      budget: ai.maxTokensPerReport,
      used: r.ai!.usage.inputTokens + r.ai!.usage.outputTokens,
      reading: r.ai!.estimate!.reading!,
      roles: Object.fromEntries(byRole),
    };
    console.log(JSON.stringify(figures));
    return figures;
  } finally {
    await server.close();
  }
}

/**
 * Every model section reviewed, the reviews at most 15 % of the run, the run within its budget and
 * (with drafts as long as the planner expects) within ±15 % of its estimate.
 */
function expectCheapReview(f: Awaited<ReturnType<typeof run>>, estimated = true) {
  expect(f.used).toBe(f.total);
  expect(f.reviews).toBeGreaterThan(20);
  expect(f.share).toBeLessThanOrEqual(0.15);
  expect(f.used).toBeLessThanOrEqual(f.budget);
  if (estimated) expect(Math.abs(f.used - f.estimate) / f.estimate).toBeLessThan(0.15);
}

describe('the model review on a small context', () => {
  it('takes at most 15 % of the tokens on the sample app', async () => {
    expectCheapReview(await run('sample-app', SAMPLE_APP_DIR));
  }, 120_000);

  it('takes at most 15 % of the tokens on a generated 30,000-line tree', async () => {
    const tree = path.join(work, 'tree');
    await generateTree(tree, 30_000);
    expectCheapReview(await run('tree', tree));
  }, 180_000);

  it('takes at most 15 % of the tokens on the sample app when every draft cites nine lines', async () => {
    // its drafts are longer than the planner expects: the share and the budget are what it measures
    expectCheapReview(await run('sample-app-citing', SAMPLE_APP_DIR, citingModel), false);
  }, 120_000);

  describe.runIf(corpus)('on corpus repositories', () => {
    it.each(REPOSITORIES)(
      '%s: at most 15 % of the tokens',
      async (name) => {
        expectCheapReview(await run(name, await unpackCorpus(corpus!, name)));
      },
      180_000,
    );
    it.each(REPOSITORIES)(
      '%s: at most 15 % of the tokens when every draft cites nine lines',
      async (name) => {
        expectCheapReview(await run(`${name}-citing`, await unpackCorpus(corpus!, name), citingModel), false);
      },
      180_000,
    );
  });
});
