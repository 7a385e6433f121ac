// The project model: each fact worked out once, with its scope, evidence and what was searched; the
// chapters and the consistency review read it rather than working the fact out again.

import { describe, expect, it } from 'vitest';
import type { Analysis } from '../analyse/types.ts';
import { extractClaims, findContradictions } from './consistency.ts';
import { factsOf } from './facts.ts';
import { agrees, projectModel, truthOf } from './model.ts';
import { writeConclusion } from './sections/conclusion.ts';
import { writeKnownIssues } from './sections/known-issues.ts';
import { writeSecurity } from './sections/security.ts';
import { sampleAppAnalysis } from './test-fixtures.ts';
import type { SectionPlan } from './types.ts';
import type { WriterContext } from './writers/context.ts';

const ctx = (a: Analysis, kind: SectionPlan['kind'], title: string, focus?: string): WriterContext => ({
  a,
  fx: factsOf(a),
  plan: { id: '9', level: 1, title, kind, evidence: [], hasChildren: false, ...(focus ? { focus } : {}) },
  findings: [],
  allFindings: {},
  projectName: 'p',
  workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
  report: [],
});

/** The sample app with two test files, one product file holding inline tests, and 17 cases. */
function tested(): Analysis {
  const a = sampleAppAnalysis();
  a.tests = {
    frameworks: ['Vitest'],
    files: [
      { path: 'test/a.test.ts', cases: 10 },
      { path: 'test/b.test.ts', cases: 5 },
    ],
    inline: [{ path: 'src/parse.rs', cases: 2 }],
    totalCases: 17,
  };
  return a;
}

describe('projectModel()', () => {
  it('is built once per analysis and shares the facts every chapter reads', () => {
    const a = tested();
    expect(projectModel(a)).toBe(projectModel(a));
    expect(projectModel(a).facts).toBe(factsOf(a));
    expect(projectModel(tested())).not.toBe(projectModel(a));
  });

  it('gives each fact its value, scope, evidence and what was searched', () => {
    const m = projectModel(tested());
    expect(m.tests.value).toEqual({
      cases: 17,
      files: ['test/a.test.ts', 'test/b.test.ts'],
      inline: ['src/parse.rs'],
    });
    expect(m.tests.evidence.map((e) => e.path)).toEqual(['test/a.test.ts', 'test/b.test.ts', 'src/parse.rs']);
    expect(m.tests.checked).toContain('Vitest');
    expect(m.todos.scope).toBe('product');
    expect(m.todos.checked).toMatch(/^the comments of the \d+ product source files?$/);
  });

  it('keeps the settings a user sets apart from .env files, CI variables and the tests', () => {
    const a = sampleAppAnalysis();
    const read = { file: 'src/config.ts', line: 3, hasDefault: false };
    a.envVars = [
      { ...read, name: 'PORT' },
      { ...read, name: 'DEBUG', file: '.env.example' },
      { ...read, name: 'GITHUB_SHA', class: 'ci' },
      { ...read, name: 'TEST_URL', area: 'tests' },
    ] as Analysis['envVars'];
    const m = projectModel(a);
    expect(m.settings.value.map((e) => e.name)).toEqual(['PORT']);
    expect(m.settings.evidence).toEqual([{ path: 'src/config.ts', line: 3 }]);
  });
});

describe('the model as what every mention says', () => {
  it('lets a count claim through only with a value the model holds', () => {
    const a = tested();
    const [claim] = extractClaims('The project has 17 test cases.', a);
    expect(claim).toMatchObject({ key: 'test-cases', value: 17 });
    expect(agrees(claim!, truthOf(claim!, a)!)).toBe(true);
    expect(findContradictions('The project has 17 test cases.', a)).toEqual([]);
    const wrong = findContradictions('The project has 18 test cases.', a);
    expect(wrong.map((x) => x.reason)).toEqual(['the analysis finds 17 test cases']);
  });

  it('has the conclusion and the model count the same tests', () => {
    const a = tested();
    const md = writeConclusion(ctx(a, 'conclusion', 'Conclusion'));
    expect(md).toContain('17 test cases in 2 test files and 1 source file with inline tests');
  });

  it('tells a missing licence as what was searched, never as a bare "there is none"', () => {
    const a = sampleAppAnalysis();
    a.license = null;
    const checked = projectModel(a).licence.checked;
    expect(checked).toMatch(/LICENSE.*COPYING.*manifests/);
    expect(writeKnownIssues(ctx(a, 'known-issues', 'Known Issues'))).toContain(
      `no licence was found in ${checked}`,
    );
    expect(writeSecurity(ctx(a, 'security', 'Supply chain', 'supply-chain'))).toContain(
      `No licence was found in ${checked}.`,
    );
    expect(findContradictions('The project has no licence.', a)).toEqual([]);
  });
});
