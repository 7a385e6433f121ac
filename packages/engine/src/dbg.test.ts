import { promises as fs } from 'node:fs';
import path from 'node:path';
import { it } from 'vitest';
import { memoryCache } from './llm/cache.ts';
import { parseAiConfig } from './llm/config.ts';
import { fixtureModel, realisticModel, startFakeModelServer } from './llm/fake-model-server.ts';
import { generateReport } from './pipeline.ts';
import { parseTemplate } from './template/parse.ts';
import { SAMPLE_APP_DIR } from './agents/test-fixtures.ts';
it('x', async () => {
  const server = await startFakeModelServer(realisticModel);
  const template = parseTemplate(await fs.readFile(path.resolve(SAMPLE_APP_DIR, '../../../templates/generic_template.yaml'), 'utf8'));
  const r = await generateReport({ projectName: 'B', source: { kind: 'directory', path: SAMPLE_APP_DIR }, template }, {
    workDir: '/tmp/dbgwork', now: () => new Date(), onProgress: (s, p, m, u) => console.log('P', s, p, m, u),
    ai: parseAiConfig({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: server.url, apiKey: 'k' }), modelCache: memoryCache(),
  }, { pdfEngine: 'js' });
  for (const t of r.trace.filter((t) => t.role === 'writer' && t.details?.source !== 'model')) console.log(t.sectionId, t.details?.source, t.details?.reason, JSON.stringify(t.details?.reviewProblems));
  console.log(JSON.stringify(r.trace.find((t) => t.role === 'planner')?.details?.reading), JSON.stringify(r.ai?.estimate), JSON.stringify(r.ai?.usage));
  const by: Record<string, number[]> = {}; for (const q of server.requests) { const role = /Role: (\w+)/.exec(q.system)?.[1] ?? '?'; (by[role] ??= []).push(Math.ceil((q.system.length + q.prompt.length) / 4)); } for (const [k, v] of Object.entries(by)) console.log(k, v.length, Math.round(v.reduce((a, b) => a + b, 0) / v.length));
  await server.close();
}, 120000);
