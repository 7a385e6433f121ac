// `atr report --ai-*`: the flags reach the engine, the usage line and trace.json record the model's
// work, a bad setting is a usage error (exit 2) naming the flag, and the key appears nowhere.

import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_APP_DIR } from '../agents/test-fixtures.ts';
import { main } from '../cli.ts';
import { type FakeServer, fixtureModel, startFakeModelServer } from './fake-model-server.ts';

const KEY = ['sk', 'cli', 'fake0123456789abcdef'].join('-');
const TEMPLATE = path.resolve(SAMPLE_APP_DIR, '../../../templates/generic_template.yaml');
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

async function cli(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(
    args,
    (l) => void out.push(l),
    (l) => void err.push(l),
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('atr report with a language model', () => {
  it('runs the agents on the model given by flags, key from the environment', async () => {
    const outDir = path.join(dir, 'out');
    process.env.AI_API_KEY = KEY;
    try {
      const r = await cli([
        'report',
        SAMPLE_APP_DIR,
        '--template',
        TEMPLATE,
        '--out',
        outDir,
        '--ai-provider',
        'openai',
        '--ai-base-url',
        server.url,
        '--ai-model',
        'gpt-4o-mini',
        '--ai-model-writer',
        'gpt-4o',
        '--ai-max-concurrency',
        '2',
      ]);
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(
        /atr: openai\/gpt-4o-mini: \d+ requests \(0 cached, 0 retried\), [\d,]+ tokens, \$\d+\.\d{4}/,
      );
      // progress inside the writing step: modules read and sections written, as units done of planned
      expect(r.out).toMatch(/^ {4}Summarised the repository \((\d+) of \1\)$/m);
      expect(r.out).toMatch(/^ {4}Wrote (\d+) of \1 sections$/m);
      const trace = JSON.parse(await fs.readFile(path.join(outDir, 'trace.json'), 'utf8'));
      expect(trace.ai.usage.requests).toBeGreaterThan(10);
      expect(
        trace.agents
          .filter((t: { role: string; details?: { model?: string } }) => t.role === 'writer')
          .every((t: { details?: { model?: string } }) => t.details?.model === 'openai/gpt-4o'),
      ).toBe(true);
      expect(
        server.requests.filter((q) => /Role: writer/.test(q.system)).every((q) => q.model === 'gpt-4o'),
      ).toBe(true);
      expect(server.requests.every((q) => q.headers.authorization === `Bearer ${KEY}`)).toBe(true);
      for (const f of await fs.readdir(outDir))
        expect((await fs.readFile(path.join(outDir, f))).includes(KEY), f).toBe(false);
      expect(r.out).not.toContain(KEY);
    } finally {
      delete process.env.AI_API_KEY;
    }
  });

  it('rejects a bad setting with exit code 2, naming the flag and never echoing the key', async () => {
    const r = await cli([
      'report',
      SAMPLE_APP_DIR,
      '--template',
      TEMPLATE,
      '--ai-provider',
      'openai',
      '--ai-model',
      'm',
      '--ai-api-key',
      KEY,
      '--ai-timeout-s',
      'soon',
    ]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/AI_TIMEOUT_S \(--ai-timeout-s\)/);
    expect(r.err).not.toContain(KEY);
    const r2 = await cli([
      'report',
      SAMPLE_APP_DIR,
      '--template',
      TEMPLATE,
      '--ai-provider',
      'anthropic',
      '--ai-model',
      'claude-3-5-haiku-latest',
    ]);
    expect(r2.code).toBe(2);
    expect(r2.err).toMatch(/AI_API_KEY \(--ai-api-key\) is required/);
  });
});
