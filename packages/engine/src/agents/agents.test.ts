import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyse } from '../analyse/index.ts';
import type { Analysis } from '../analyse/types.ts';
import { ingestDirectory } from '../ingest/index.ts';
import { parseTemplate } from '../template/parse.ts';
import type { Workspace } from '../types.ts';
import { factsOf, lineCount } from './facts.ts';
import { mapLimit, runAgents } from './index.ts';
import { PLACEHOLDERS } from './reviewer.ts';
import {
  bareLibraryAnalysis,
  SAMPLE_APP_DIR,
  sampleAppAnalysis,
  templateOf,
  testContext,
  workspaceFor,
} from './test-fixtures.ts';
import type { AgentOutput } from './types.ts';

// The fixture's fake AWS key, assembled so this test file does not itself look like a leaked key.
const FIXTURE_KEY = ['AKIA', 'IOSFODNN7', 'EXAMPLE'].join('');
const TEMPLATES_DIR = path.resolve(SAMPLE_APP_DIR, '../../../templates');

/** Every `path:line` in the markdown must name an analysed file and a line inside it. */
function expectCitationsResolve(out: AgentOutput, a: Analysis) {
  const fx = factsOf(a);
  for (const s of out.sections) {
    for (const m of s.markdown.matchAll(/`([\w@.+\-/]+):(\d+)`/g)) {
      if (!/[/]|\.[A-Za-z]/.test(m[1]!)) continue;
      const f = fx.fileByPath.get(m[1]!);
      expect(f, `${s.id} cites ${m[0]}`).toBeDefined();
      expect(Number(m[2]), `${s.id} cites ${m[0]}`).toBeLessThanOrEqual(lineCount(f!));
    }
    for (const c of s.citations)
      expect(fx.fileByPath.has(c.replace(/:\d+$/, '')), `${s.id} lists ${c}`).toBe(true);
  }
}

function expectNoPlaceholder(out: AgentOutput) {
  for (const s of out.sections) {
    // a chapter's intro is empty when its sections tell everything it found
    if (s.intro && !s.markdown) continue;
    expect(
      s.markdown.replace(/`[^`]*`/g, '').trim().length,
      `section ${s.id} ${s.title} is empty`,
    ).toBeGreaterThan(40);
    for (const p of PLACEHOLDERS)
      expect(p.re.test(s.markdown.replace(/`[^`]*`/g, '')), `${s.id} contains ${p.label}`).toBe(false);
  }
}

const section = (out: AgentOutput, title: string) => {
  const s = out.sections.find((x) => x.title === title);
  if (!s) throw new Error(`no section "${title}"`);
  return s.markdown;
};

describe('runAgents on the hand-built sample-app analysis', () => {
  const a = sampleAppAnalysis();
  const ws = workspaceFor(a, SAMPLE_APP_DIR);

  it('writes every kind with facts of this repository, and traces every role', async () => {
    const t = templateOf([
      'Overview',
      'Architecture',
      'Modules',
      'Tech Stack',
      'Dependencies',
      'Data Model',
      'REST API',
      'Configuration',
      'Deployment',
      'Testing',
      'Security',
      'Performance',
      'Code Metrics',
      'Project Structure',
      'Getting Started',
      'Technical Debt',
      'Recommendations',
      'Loan Handling',
    ]);
    const ctx = testContext();
    const out = await runAgents(
      { analysis: a, template: t, workspace: ws, projectName: 'Bookshelf', imageNames: [] },
      ctx,
    );
    expect(out.sections.map((s) => s.kind)).toEqual([
      'overview',
      'architecture',
      'components',
      'technology',
      'dependencies',
      'data-model',
      'api',
      'configuration',
      'build-deploy',
      'testing',
      'security',
      'performance',
      'metrics',
      'structure',
      'getting-started',
      'known-issues',
      'conclusion',
      'custom',
    ]);
    expectNoPlaceholder(out);
    expectCitationsResolve(out, a);
    expect(section(out, 'Overview')).toContain('A small REST API to manage a shared library of books');
    expect(section(out, 'Architecture')).toMatch(/`src\/routes` \(3 imports from elsewhere\)/);
    expect(section(out, 'Modules')).toContain('`listBooks` (function, `src/services/book-service.ts:14`)');
    expect(section(out, 'Tech Stack')).toMatch(/\| TypeScript \| 12 \| 201 \|/);
    expect(section(out, 'Dependencies')).toContain(
      '| `express` | `4.19.2` | npm | runtime | `package.json:15` |',
    );
    expect(section(out, 'Data Model')).toContain('`src/schema.sql`');
    expect(section(out, 'Data Model')).toContain('`pg` `8.11.3`');
    expect(section(out, 'REST API')).toContain(
      '| POST | `/api/loans/:id/return` | — | `src/routes/loans.ts:17` |',
    );
    expect(section(out, 'Configuration')).toMatch(
      /`DATABASE_URL` has no default value but is optional: unset, the lookup returns nothing/,
    );
    expect(section(out, 'Deployment')).toContain(
      'GitHub Actions in `.github/workflows/ci.yml` with 1 job (`test`)',
    );
    expect(section(out, 'Testing')).toContain('`tests/books.test.ts` | 3 |');
    expect(section(out, 'Security')).toContain('`AKIA************MPLE`');
    expect(section(out, 'Security')).toContain('`JWT_SECRET` at `src/config.ts:15` falls back to a default');
    expect(section(out, 'Performance')).toMatch(/async\/await \| \d+ \| \d+ \|/);
    expect(section(out, 'Code Metrics')).toContain('| TODO / FIXME markers in the product | 4 |');
    expect(section(out, 'Project Structure')).toContain('services/  (3 files');
    expect(section(out, 'Getting Started')).toContain('pip install -r scripts/pyhelper/requirements.txt');
    expect(section(out, 'Technical Debt')).toContain(
      '| FIXME | `move these into the secret store before the next release` | `src/services/db.ts:12` |',
    );
    expect(section(out, 'Recommendations')).toMatch(
      /1\. Remove the hard-coded secret \(AWS access key\) and rotate it\. \(`src\/services\/db\.ts:14`\)/,
    );
    expect(section(out, 'Loan Handling')).toMatch(/1\. `src\/(services\/loan-service|routes\/loans)\.ts`/);
    // No secret value in full anywhere.
    expect(out.sections.map((s) => s.markdown).join('\n')).not.toContain(FIXTURE_KEY);
    const roles = new Set(out.trace.map((t) => t.role));
    expect([...roles].sort()).toEqual(['analyst', 'planner', 'reviewer', 'writer']);
    expect(out.trace.filter((t) => t.role === 'writer')).toHaveLength(out.plan.length);
    expect(out.trace.every((t) => t.model === 'offline' && t.ms >= 0)).toBe(true);
    expect(ctx.progress.at(-1)).toEqual(['generating_markdown', 100]);
  });

  it('writes chapter intros that repeat nothing their sections say, and focused children', async () => {
    const t = templateOf([
      ['Build and Deployment', ['Build Scripts', 'Containers', 'Continuous Integration']],
    ]);
    const out = await runAgents(
      { analysis: a, template: t, workspace: ws, projectName: 'Bookshelf', imageNames: [] },
      testContext(),
    );
    const intro = section(out, 'Build and Deployment');
    // no scaffolding ("the sections below rest on…") and no sentence a section below states again
    expect(intro).not.toMatch(/sections? below/);
    const below = ['Build Scripts', 'Containers', 'Continuous Integration']
      .map((t) => section(out, t))
      .join('\n');
    for (const sentence of intro.split(/(?<=\.)\s+/).filter((x) => x.length > 20))
      expect(below, sentence).not.toContain(sentence);
    expect(section(out, 'Containers')).toContain('node:20-alpine');
    expect(section(out, 'Continuous Integration')).toContain('GitHub Actions');
    expect(section(out, 'Containers')).toContain('multi-stage build');
    expect(section(out, 'Containers')).not.toContain('GitHub Actions');
    expect(section(out, 'Continuous Integration')).not.toContain('node:20-alpine');
  });

  it('stops at the first boundary when cancelled', async () => {
    const ctl = new AbortController();
    ctl.abort();
    await expect(
      runAgents(
        { analysis: a, template: templateOf(['Overview']), workspace: ws, projectName: 'B', imageNames: [] },
        { ...testContext(), signal: ctl.signal },
      ),
    ).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

describe('runAgents with little evidence (a bare library)', () => {
  it('says specifically what is missing instead of writing filler', async () => {
    const a = bareLibraryAnalysis();
    const t = templateOf([
      'REST API',
      'Dependencies',
      'Testing',
      'Data Model',
      'Configuration',
      'Deployment',
      'Conclusion',
      'Quantum Chromodynamics',
    ]);
    const out = await runAgents(
      {
        analysis: a,
        template: t,
        workspace: workspaceFor(a, path.join(os.tmpdir(), 'atr-missing')),
        projectName: 'tinylib',
        imageNames: [],
      },
      testContext(),
    );
    expectNoPlaceholder(out);
    expectCitationsResolve(out, a);
    expect(section(out, 'REST API')).toMatch(
      /^No HTTP routes were found in the product's 2 source files; the project appears to be a library/,
    );
    expect(section(out, 'REST API')).toContain('`lib/strings.js`');
    expect(section(out, 'Dependencies')).toMatch(/No package manifest .* was found among the 2 files/);
    expect(section(out, 'Testing')).toContain('No automated tests were found');
    expect(section(out, 'Data Model')).toContain(
      "No SQL table, ORM model, migration or entity schema was found in the product's 2 source files",
    );
    expect(section(out, 'Configuration')).toContain(
      'No environment variables are read by the 2 source files',
    );
    expect(section(out, 'Deployment')).toContain('No CI workflow');
    // the missing tests and CI are told in their chapters; advice true of any code base is no advice
    expect(section(out, 'Conclusion')).not.toMatch(/Add automated tests|Add a CI workflow/);
    expect(section(out, 'Conclusion')).toContain('Add a LICENSE file');
    expect(section(out, 'Quantum Chromodynamics')).toMatch(/None of the \d+ indexed files mentions/);
  });
});

describe('mapLimit', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let inFlight = 0;
    let peak = 0;
    const out = await mapLimit([5, 1, 4, 2, 3, 0], 2, async (n) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, n * 3));
      inFlight--;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0]);
    expect(peak).toBe(2);
  });
});

describe('runAgents on the real analysis of the sample-app fixture, for every shipped template', () => {
  let workDir: string;
  let ws: Workspace;
  let a: Analysis;
  beforeAll(async () => {
    workDir = await mkdtemp(path.join(os.tmpdir(), 'atr-'));
    const ctx = { ...testContext(), workDir };
    ws = await ingestDirectory(SAMPLE_APP_DIR, ctx);
    a = await analyse(ws, ctx);
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it('fills every section of every template with specific, cited facts', async () => {
    const files = (await readdir(TEMPLATES_DIR)).filter((f) => f.endsWith('.yaml'));
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const t = parseTemplate(await readFile(path.join(TEMPLATES_DIR, file), 'utf8'));
      const out = await runAgents(
        { analysis: a, template: t, workspace: ws, projectName: 'Bookshelf', imageNames: [] },
        testContext(),
      );
      expect(out.sections.length, file).toBe(out.plan.length);
      expectNoPlaceholder(out);
      expectCitationsResolve(out, a);
      // Each section carries at least one concrete fact: a citation, a number or a name from the analysis.
      for (const s of out.sections.filter((x) => x.markdown || !x.intro))
        expect(/`[^`]+`|\d/.test(s.markdown), `${file} ${s.id} ${s.title}`).toBe(true);
      // No two leaf sections say exactly the same thing.
      const leaves = out.sections
        .filter((s) => !out.plan.find((p) => p.id === s.id)!.hasChildren)
        .map((s) => s.markdown);
      expect(new Set(leaves).size, file).toBe(leaves.length);
      const all = out.sections.map((s) => s.markdown).join('\n');
      expect(all, file).toContain('src/services/db.ts:14'); // the hard-coded key is reported where it is
      expect(all).not.toContain(FIXTURE_KEY);
    }
  });

  it('names real dependencies, routes and variables of the fixture', async () => {
    const t = parseTemplate(await readFile(path.join(TEMPLATES_DIR, 'generic_template.yaml'), 'utf8'));
    const out = await runAgents(
      { analysis: a, template: t, workspace: ws, projectName: 'Bookshelf', imageNames: [] },
      testContext(),
    );
    expect(section(out, 'Dependencies')).toMatch(
      /`express` \| `4\.19\.2` \| npm \| runtime \| `package\.json:\d+`/,
    );
    expect(section(out, 'API and Endpoints')).toMatch(
      /\| POST \| `[^`]*\/:id\/return` \| [^|]+ \| `src\/routes\/loans\.ts:17` \|/,
    );
    expect(section(out, 'Environment Variables')).toContain('`DATABASE_URL`');
    expect(section(out, 'Continuous Integration')).toContain('`.github/workflows/ci.yml`');
    expect(section(out, 'Known Issues and Technical Debt')).toContain('`src/routes/loans.ts:12`');
  });
});
