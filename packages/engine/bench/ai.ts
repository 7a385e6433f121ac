// The AI-mode benchmark: a whole report with the agents on the loopback model server, which counts
// the tokens it receives and answers like a real model (realistic lengths) after a fixed delay.
// Prints, per code base: the wall time, requests, the planner's estimate against the counted use,
// and how much of the product reached the model. Usage:
//   npm run bench:ai -w packages/engine -- [--delay-ms 2000] [--concurrency 4] [--lines 100000] [dirs…]
// With no dirs it benchmarks the generated tree of --lines lines.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { memoryCache } from '../src/llm/cache.ts';
import { estimateFromListing } from '../src/llm/estimate.ts';
import { parseAiConfig } from '../src/llm/config.ts';
import { inputTokensOf, realisticModel, startFakeModelServer } from '../src/llm/fake-model-server.ts';
import { countTokens } from '../src/llm/tokens.ts';
import { generateReport } from '../src/pipeline.ts';
import { parseTemplate } from '../src/template/parse.ts';
import { generateTree } from './generate-tree.ts';
import { listingOf } from './listing.ts';

const { values, positionals } = parseArgs({
  options: {
    'delay-ms': { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '4' },
    lines: { type: 'string', default: '100000' },
    budget: { type: 'string' },
  },
  allowPositionals: true,
});
const delayMs = Number(values['delay-ms']);
const here = path.dirname(new URL(import.meta.url).pathname);
const template = parseTemplate(
  await fs.readFile(path.join(here, '../templates/generic_template.yaml'), 'utf8'),
);

// the server counts what it receives: the input and output tokens of its `usage` answers
let received = 0;
const server = await startFakeModelServer(async (req) => {
  const reply = realisticModel(req);
  received += inputTokensOf(req);
  if ('text' in reply) received += countTokens(reply.text, req.model);
  return { ...reply, delayMs };
});

const work = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-bench-ai-'));
const dirs = positionals.length ? positionals : [path.join(work, 'tree')];
if (!positionals.length) await generateTree(dirs[0]!, Number(values.lines));

for (const dir of dirs) {
  received = 0;
  const first = server.requests.length;
  const units: string[] = [];
  const t0 = performance.now();
  const ai = parseAiConfig({
    provider: 'openai',
    model: 'gpt-4.1-mini',
    baseUrl: server.url,
    apiKey: 'bench',
    maxConcurrency: values.concurrency,
    ...(values.budget ? { maxTokensPerReport: values.budget } : {}),
  });
  const r = await generateReport(
    { projectName: '', source: { kind: 'directory', path: dir }, template },
    {
      workDir: path.join(work, `run-${path.basename(dir)}`),
      now: () => new Date(),
      onProgress: (_s, _p, message, u) => void (u && message && units.push(message)),
      ai,
      modelCache: memoryCache(),
    },
    { pdfEngine: 'js' },
  );
  const ms = performance.now() - t0;
  const e = r.ai!.estimate!;
  // what the upload form estimates from the archive's listing before anything is uploaded
  const upload = estimateFromListing(await listingOf(dir), template, ai);
  const used = r.ai!.usage.inputTokens + r.ai!.usage.outputTokens;
  const reading = e.reading!;
  const reached = Math.round(((reading.full + reading.signatures) / Math.max(1, reading.files)) * 100);
  const product = r.analysis.languages.reduce((n, l) => n + (l.byRole?.product?.code ?? 0), 0);
  console.log(
    [
      `${path.basename(dir)}: ${product.toLocaleString('en')} product lines in ${reading.files} source files`,
      `  wall time ${(ms / 1000).toFixed(1)} s (model delay ${delayMs} ms, concurrency ${values.concurrency}); ${r.ai!.usage.requests} requests`,
      `  estimate ${e.totalTokens.toLocaleString('en')} tokens, used ${used.toLocaleString('en')} (${(((used - e.totalTokens) / e.totalTokens) * 100).toFixed(1)}%), server counted ${received.toLocaleString('en')}, budget ${e.budgetTokens.toLocaleString('en')}`,
      `  upload-form estimate from the listing ${upload.totalTokens.toLocaleString('en')} tokens (${(((used - upload.totalTokens) / upload.totalTokens) * 100).toFixed(1)}% used against it)`,
      `  read: ${reading.full} in full, ${reading.signatures} as signatures, ${reading.names} by name, ${reading.none} not at all (${reached}% in full or as signatures); ${e.offlineSections} of ${e.sections} sections offline`,
      `  mean input tokens per request: ${meanByRole(server.requests.slice(first))}`,
      `  estimated per role: ${Object.entries(e.roles)
        .map(([k, v]) => `${k} ${v.requests}× ${Math.round(v.inputTokens / Math.max(1, v.requests))}`)
        .join(', ')}`,
      `  cost at gpt-4.1-mini list prices: $${r.ai!.usage.costUsd.toFixed(3)}; progress messages with units: ${units.length}`,
    ].join('\n'),
  );
}
function meanByRole(requests: { system: string; prompt: string; model: string }[]): string {
  const by = new Map<string, number[]>();
  for (const q of requests) {
    const role = /Role: (\w+)/.exec(q.system)?.[1] ?? 'other';
    by.set(role, [...(by.get(role) ?? []), inputTokensOf(q)]);
  }
  return [...by.entries()]
    .map(
      ([role, list]) =>
        `${role} ${list.length}× ${Math.round(list.reduce((a, b) => a + b, 0) / list.length)}`,
    )
    .join(', ');
}

await server.close();
await fs.rm(work, { recursive: true, force: true });
