// The offline writers agree with themselves: on the fixtures of the agents' tests, for every shipped
// template, the consistency pass finds no claim that contradicts the analysis or another section.

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyse } from '../analyse/index.ts';
import type { Analysis } from '../analyse/types.ts';
import { ingestDirectory } from '../ingest/index.ts';
import { parseTemplate } from '../template/parse.ts';
import type { Workspace } from '../types.ts';
import { extractClaims, findContradictions } from './prose-claims.ts';
import { runAgents } from './index.ts';
import {
  bareLibraryAnalysis,
  SAMPLE_APP_DIR,
  sampleAppAnalysis,
  testContext,
  workspaceFor,
} from './test-fixtures.ts';
import type { AgentOutput } from './types.ts';

const TEMPLATES_DIR = path.resolve(SAMPLE_APP_DIR, '../../../templates');

async function templates() {
  const files = (await readdir(TEMPLATES_DIR)).filter((f) => f.endsWith('.yaml')).sort();
  return Promise.all(
    files.map(async (f) => ({
      file: f,
      template: parseTemplate(await readFile(path.join(TEMPLATES_DIR, f), 'utf8')),
    })),
  );
}

/** Every contradiction the reviewer noted, and every claim it read, over a whole report. */
function audit(out: AgentOutput, a: Analysis, name: string) {
  const notes = out.trace
    .filter((t) => t.role === 'reviewer')
    .flatMap((t) => ((t.details?.notes as string[] | undefined) ?? []).map((n) => `${t.sectionId}: ${n}`))
    .filter((n) => /contradicts/.test(n));
  // and, independently of the ledger's order, each final section against the analysis alone
  const against = out.sections.flatMap((s) =>
    findContradictions(s.markdown, a, undefined, [name]).map(
      (x) => `${s.id}: "${x.claim.phrase}" (${x.reason})`,
    ),
  );
  const claims = out.sections.flatMap((s) => extractClaims(s.markdown, a, [name]));
  return { notes, against, claims };
}

async function report(a: Analysis, ws: Workspace, name: string) {
  const out: { file: string; notes: string[]; against: string[]; keys: Set<string> }[] = [];
  for (const { file, template } of await templates()) {
    const r = await runAgents(
      { analysis: a, template, workspace: ws, projectName: name, imageNames: [] },
      testContext(),
    );
    const { notes, against, claims } = audit(r, a, name);
    out.push({ file, notes, against, keys: new Set(claims.map((c) => c.key)) });
  }
  return out;
}

describe('the offline writers against the consistency pass', () => {
  let workDir: string;
  let ws: Workspace;
  let real: Analysis;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'atr-'));
    const ctx = { ...testContext(), workDir };
    ws = await ingestDirectory(SAMPLE_APP_DIR, ctx);
    real = await analyse(ws, ctx);
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('find no contradiction in the real analysis of the sample-app fixture, for every shipped template', async () => {
    const runs = await report(real, ws, 'Bookshelf');
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const r of runs) {
      expect(r.notes, r.file).toEqual([]);
      expect(r.against, r.file).toEqual([]);
    }
    // the pass did read the report: the counts the sections state are claims it checked
    const generic = runs.find((r) => r.file === 'generic_template.yaml')!;
    expect([...generic.keys]).toEqual(
      expect.arrayContaining([
        'test-cases',
        'test-files',
        'routes',
        'dependencies',
        'licence',
        'lines-of-code',
      ]),
    );
  });

  it('find no contradiction in the hand-built sample app or the bare library', async () => {
    for (const [a, name, root] of [
      [sampleAppAnalysis(), 'Bookshelf', SAMPLE_APP_DIR],
      [bareLibraryAnalysis(), 'tinylib', path.join(os.tmpdir(), 'atr-missing')],
    ] as const) {
      for (const r of await report(a, workspaceFor(a, root), name)) {
        expect(r.notes, `${name} ${r.file}`).toEqual([]);
        expect(r.against, `${name} ${r.file}`).toEqual([]);
      }
    }
  });

  it('say nothing of serving or running on what only the examples serve and run on', async () => {
    // the sample app's routes and web framework moved to its examples: the product serves none
    const a = sampleAppAnalysis();
    a.routes = a.routes.map((r) => ({ ...r, area: 'examples' as const }));
    a.frameworks = a.frameworks.map((f) => (f.category === 'web' ? { ...f, area: 'examples' as const } : f));
    a.dependencies = a.dependencies.map((d) =>
      d.name === 'express' ? { ...d, area: 'examples' as const } : d,
    );
    const runs = await report(a, workspaceFor(a, SAMPLE_APP_DIR), 'Bookshelf');
    for (const r of runs) {
      expect(r.notes, r.file).toEqual([]);
      expect(r.against, r.file).toEqual([]);
    }
  });
});
