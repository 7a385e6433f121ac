// The analysis step's cache: an unchanged tree is analysed once, a changed byte is analysed again,
// and a broken cache never fails a report (the step falls back to analysing).

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyse } from './analyse/index.ts';
import { EngineError } from './errors.ts';
import { ingestDirectory } from './ingest/index.ts';
import { analyseWithCache, generateReport } from './pipeline.ts';
import { parseTemplate } from './template/parse.ts';
import type {
  Analysis,
  AnalysisCache,
  EngineContext,
  PipelineStep,
  ReportInput,
  Workspace,
} from './types.ts';

let base: string;
let root: string;
beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
  root = path.join(base, 'shop');
  const files: Record<string, string> = {
    'package.json': JSON.stringify({
      name: 'shop',
      scripts: { start: 'node src/server.js' },
      dependencies: { express: '^4.19.0' },
    }),
    'src/server.js':
      "const express = require('express');\nconst app = express();\napp.get('/items', (req, res) => res.json([]));\napp.listen(process.env.PORT || 3000);\n",
    'src/items.js': '// TODO: paginate\nexport function list() {\n  return [];\n}\n',
    'README.md': '# Shop\n\nA tiny shop API.\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, rel)), { recursive: true });
    await fs.writeFile(path.join(root, rel), text);
  }
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

/** An in-memory cache that counts its calls. */
function memoryCache() {
  const entries = new Map<string, Analysis>();
  const calls = { get: 0, set: 0 };
  const cache: AnalysisCache = {
    async get(key) {
      calls.get++;
      // stored as JSON, as a database would, so a hit is a copy and not the same object
      const hit = entries.get(key);
      return hit ? (JSON.parse(JSON.stringify(hit)) as Analysis) : null;
    },
    async set(key, analysis) {
      calls.set++;
      entries.set(key, analysis);
    },
  };
  return { cache, entries, calls };
}

function context(extra: Partial<EngineContext> = {}) {
  const progress: [PipelineStep, number][] = [];
  const logs: string[] = [];
  const ctx: EngineContext = {
    workDir: path.join(base, 'work'),
    now: () => new Date('2026-03-02T10:00:00Z'),
    onProgress(step, percent) {
      progress.push([step, percent]);
    },
    log: (message) => logs.push(message),
    ...extra,
  };
  return { ctx, progress, logs };
}

/** The real analyser, counted. */
function countingAnalyse() {
  const counter = { runs: 0 };
  const run: typeof analyse = (ws, ctx) => {
    counter.runs++;
    return analyse(ws, ctx);
  };
  return { run, counter };
}

const workspace = async (): Promise<Workspace> => ingestDirectory(root, context().ctx);

describe('analyseWithCache', () => {
  it('analyses a tree once; the same tree again is served from the cache with progress to 100', async () => {
    const { cache, entries, calls } = memoryCache();
    const { run, counter } = countingAnalyse();

    const first = context({ analysisCache: cache });
    const a = await analyseWithCache(await workspace(), first.ctx, run);
    expect(counter.runs).toBe(1);
    expect(a.cache).toEqual({ key: expect.stringMatching(/^[0-9a-f]{64}$/), hit: false });
    expect([...entries.keys()]).toEqual([a.cache!.key]);

    const second = context({ analysisCache: cache });
    const b = await analyseWithCache(await workspace(), second.ctx, run);
    expect(counter.runs).toBe(1); // analyse() was not called again
    expect(b.cache).toEqual({ key: a.cache!.key, hit: true });
    expect(calls).toEqual({ get: 2, set: 1 });
    expect(b.analysis).toEqual(a.analysis);
    expect(b.analysis.routes.some((r) => r.path === '/items')).toBe(true);
    expect(second.progress.at(-1)).toEqual(['ai_code_analysis', 100]);
    expect(second.logs).toContain('analysis cache hit');
  });

  it('analyses again after a one-byte change', async () => {
    const { cache, entries } = memoryCache();
    const { run, counter } = countingAnalyse();
    const a = await analyseWithCache(await workspace(), context({ analysisCache: cache }).ctx, run);
    const file = path.join(root, 'src/items.js');
    const original = await fs.readFile(file, 'utf8');
    try {
      await fs.writeFile(file, original.replace('[]', '[1]').replace('paginate', 'paginat'));
      const b = await analyseWithCache(await workspace(), context({ analysisCache: cache }).ctx, run);
      expect(counter.runs).toBe(2);
      expect(b.cache?.hit).toBe(false);
      expect(b.cache?.key).not.toBe(a.cache?.key);
      expect(entries.size).toBe(2);
    } finally {
      await fs.writeFile(file, original);
    }
  });

  it('goes on analysing when the cache throws on get and on set', async () => {
    const { run, counter } = countingAnalyse();
    const broken: AnalysisCache = {
      get: () => Promise.reject(new Error('database is down')),
      set: () => Promise.reject(new Error('database is down')),
    };
    const { ctx, logs } = context({ analysisCache: broken });
    const r = await analyseWithCache(await workspace(), ctx, run);
    expect(counter.runs).toBe(1);
    expect(r.cache?.hit).toBe(false);
    expect(r.analysis.project.files).toBe(4);
    expect(logs.filter((l) => l.startsWith('analysis cache:'))).toHaveLength(2);
  });

  it('ignores an entry that is not an analysis of this workspace', async () => {
    const { run, counter } = countingAnalyse();
    const wrong: AnalysisCache = {
      get: async () => ({ version: 99 }) as unknown as Analysis,
      set: async () => {},
    };
    const r = await analyseWithCache(await workspace(), context({ analysisCache: wrong }).ctx, run);
    expect(counter.runs).toBe(1);
    expect(r.cache?.hit).toBe(false);
    expect(r.analysis.version).toBe(1);
  });

  it('without a cache it just analyses and reports no cache outcome', async () => {
    const { run, counter } = countingAnalyse();
    const r = await analyseWithCache(await workspace(), context().ctx, run);
    expect(counter.runs).toBe(1);
    expect(r.cache).toBeUndefined();
  });

  it('a cancel during the lookup still cancels', async () => {
    const controller = new AbortController();
    const slow: AnalysisCache = {
      async get() {
        controller.abort();
        return null;
      },
      set: async () => {},
    };
    const error = await analyseWithCache(
      await workspace(),
      context({ analysisCache: slow, signal: controller.signal }).ctx,
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('cancelled');
  });
});

describe('generateReport with an analysis cache', () => {
  const template = parseTemplate('report_structure:\n  - title: Overview\n  - title: API Endpoints\n');
  const input = (): ReportInput => ({
    projectName: 'Shop',
    source: { kind: 'directory', path: root },
    template,
  });

  it('the second report of an unchanged tree reuses the analysis and still completes every step', async () => {
    const { cache, calls } = memoryCache();
    const first = await generateReport(input(), context({ analysisCache: cache }).ctx, { pdfEngine: 'js' });
    const second = context({ analysisCache: cache });
    const result = await generateReport(input(), second.ctx, { pdfEngine: 'js' });
    expect(first.analysisCache).toEqual({ key: expect.any(String), hit: false });
    expect(result.analysisCache).toEqual({ key: first.analysisCache!.key, hit: true });
    expect(calls.set).toBe(1);
    expect(result.analysis).toEqual(first.analysis);
    expect(second.progress).toContainEqual(['ai_code_analysis', 100]);
    expect(second.progress.at(-1)).toEqual(['done', 100]);
    expect(result.pageCount).toBeGreaterThan(1);
  }, 120_000);

  it('a cache that throws never fails the report', async () => {
    const broken: AnalysisCache = {
      get: () => Promise.reject(new Error('connection reset')),
      set: () => Promise.reject(new Error('connection reset')),
    };
    const { ctx, logs } = context({ analysisCache: broken });
    const result = await generateReport(input(), ctx, { pdfEngine: 'js' });
    expect(result.analysisCache?.hit).toBe(false);
    expect(result.analysis.routes.some((r) => r.path === '/items')).toBe(true);
    expect(Buffer.from(result.pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(logs.some((l) => l.includes('lookup failed'))).toBe(true);
  }, 120_000);
});
