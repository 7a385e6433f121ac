// Known Issues counts the product's own debt: no marker of a test file, no size risk outside the product.

import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import type { SectionPlan } from '../types.ts';
import type { WriterContext } from '../writers/context.ts';
import { knownIssues, writeKnownIssues } from './known-issues.ts';
import { productTodos } from '../model.ts';

describe('productTodos', () => {
  it("leaves out markers in test files, examples, generated output and the maintainers' scripts", () => {
    const app = sampleAppAnalysis();
    const file = (path: string, role: NonNullable<Analysis['files'][number]['role']>) => ({
      ...app.files[0]!,
      path,
      role,
    });
    const a: Analysis = {
      ...app,
      files: [
        file('src/app.ts', 'product'),
        file('tests/app.test.ts', 'tests'),
        file('examples/demo.ts', 'examples'),
        file('dist/app.js', 'generated'),
        // a maintainer's script is no product code; the build's manifest is
        file('scripts/test', 'other'),
        file('Cargo.toml', 'other'),
      ],
      todos: [
        'src/app.ts',
        'tests/app.test.ts',
        'examples/demo.ts',
        'dist/app.js',
        'scripts/test',
        'Cargo.toml',
      ].map((f) => ({
        tag: 'TODO' as const,
        text: 'x',
        file: f,
        line: 1,
      })),
    };
    expect(productTodos(a).map((t) => t.file)).toEqual(['src/app.ts', 'Cargo.toml']);
  });

  it("leaves out the markers of a file the layout sets apart (a checker's settings)", () => {
    const app = sampleAppAnalysis();
    const file = (path: string) => ({ ...app.files[0]!, path, role: 'product' as const });
    const a: Analysis = {
      ...app,
      files: [file('src/main/java/a/App.java'), file('src/conf/pmd-exclude.properties')],
      identity: { ...app.identity!, nonProduct: [{ path: 'src/conf', role: 'config' }] },
      todos: ['src/main/java/a/App.java', 'src/conf/pmd-exclude.properties'].map((f) => ({
        tag: 'TODO' as const,
        text: 'x',
        file: f,
        line: 1,
      })),
    };
    expect(productTodos(a).map((t) => t.file)).toEqual(['src/main/java/a/App.java']);
  });

  it("leaves out a CI pipeline's markers, and says then that none is in the product's code", () => {
    const app = sampleAppAnalysis();
    const a: Analysis = {
      ...app,
      files: [
        { ...app.files[0]!, path: 'server.go', role: 'product' },
        { ...app.files[0]!, path: '.github/workflows/scan.yml', role: 'other' },
      ],
      ci: [{ provider: 'GitHub Actions', path: '.github/workflows/scan.yml', jobs: ['scan'], commands: [] }],
      todos: [{ tag: 'TODO', text: 'scan the scripts too', file: '.github/workflows/scan.yml', line: 9 }],
    };
    expect(productTodos(a)).toEqual([]);
    expect(knownIssues.analyst(a)[0]!.statement).toBe(
      "No TODO, FIXME or HACK markers were found in the product's code.",
    );
  });

  it('says the markers all sit in one folder rather than "3 of them" of 3', () => {
    const app = sampleAppAnalysis();
    const a: Analysis = {
      ...app,
      files: [{ ...app.files[0]!, path: 'src/pay/models.py', role: 'product' }],
      todos: [1, 2, 3].map((line) => ({ tag: 'FIXME' as const, text: 'x', file: 'src/pay/models.py', line })),
    };
    expect(knownIssues.analyst(a)[0]!.statement).toBe('3 TODO/FIXME markers remain, all in src/pay.');
    const atRoot: Analysis = {
      ...a,
      files: [{ ...app.files[0]!, path: 'command.go', role: 'product' }],
      todos: [1, 2].map((line) => ({ tag: 'TODO' as const, text: 'x', file: 'command.go', line })),
    };
    expect(knownIssues.analyst(atRoot)[0]!.statement).toBe(
      '2 TODO/FIXME markers remain, all at the repository root.',
    );
  });
});

describe('writeKnownIssues()', () => {
  const ctx = (a: Analysis, report: SectionPlan[] = []): WriterContext => ({
    a,
    fx: factsOf(a),
    plan: {
      id: '9',
      level: 1,
      title: 'Known Issues',
      kind: 'known-issues',
      evidence: [],
      hasChildren: false,
    },
    findings: [],
    allFindings: {},
    projectName: 'p',
    workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
    report,
  });
  const section = (id: string, kind: SectionPlan['kind'], focus?: string): SectionPlan => ({
    id,
    level: 2,
    title: id,
    kind,
    evidence: [],
    hasChildren: false,
    ...(focus ? { focus } : {}),
  });
  const untested = (): Analysis => {
    const a = sampleAppAnalysis();
    a.files = a.files.filter((f) => f.role !== 'tests' && !/test/i.test(f.path));
    a.tests = { frameworks: [], files: [], totalCases: 0 };
    a.ci = [];
    return a;
  };

  it('does not repeat the missing tests and CI as risks when their own sections tell them', () => {
    const md = writeKnownIssues(
      ctx(untested(), [section('7.3', 'build-deploy', 'ci'), section('8.1', 'testing', 'suites')]),
    );
    expect(md).not.toMatch(/regressions go unnoticed/);
    expect(md).not.toMatch(/No CI workflow/);
  });

  it("counts the product's files where no marker was found, as the markers counted are the product's", () => {
    const a = untested();
    const src = { ...a.files[0]!, language: 'TypeScript' };
    a.files = [
      { ...src, path: 'src/a.ts', role: 'product' },
      { ...src, path: 'src/b.ts', role: 'product' },
      { ...src, path: 'scripts/release.ts', role: 'other' },
    ];
    a.todos = [];
    const md = writeKnownIssues(ctx(a));
    expect(md).toContain("No TODO, FIXME, HACK or XXX markers were found in the product's 2 source files.");
  });

  it('names them when no other section does', () => {
    const md = writeKnownIssues(ctx(untested()));
    expect(md).toMatch(/regressions go unnoticed/);
    expect(md).toMatch(/No CI workflow runs builds or tests/);
  });

  it('says markers all in one folder sit there, not that they "cluster"', () => {
    const a = sampleAppAnalysis();
    const src = a.files.find((f) => f.role === 'product' || !f.role)!.path;
    a.todos = [1, 2].map((line) => ({ tag: 'TODO' as const, text: 'x', file: src, line }));
    const md = writeKnownIssues(ctx(a));
    expect(md).not.toMatch(/cluster/);
    expect(md).toMatch(/carries 2 open markers \(2 TODO\)\. All sit in /);
  });

  it('cuts a long note at a word, never inside a URL', () => {
    const a = sampleAppAnalysis();
    const src = a.files.find((f) => f.role === 'product' || !f.role)!.path;
    const note = `${'Remove the patch '.repeat(7)}once https://github.com/trishume/syntect/issues/222 has been fixed`;
    a.todos = [{ tag: 'TODO', text: note, file: src, line: 1 }];
    const md = writeKnownIssues(ctx(a));
    expect(md).toContain(`\`${'Remove the patch '.repeat(7)}once…\``);
    expect(md).not.toContain('https://github.com/trishume/syntect/issu');
  });

  const marked = (files: string[]) => {
    const a = sampleAppAnalysis();
    a.todos = files.map((file, i) => ({ tag: 'TODO' as const, text: `t${i}`, file, line: i + 1 }));
    return a;
  };

  it('says a credential falls back only where the code supplies it, and a sample file value apart', () => {
    const a = sampleAppAnalysis();
    const secret = (kind: string, file: string, line: number, variable: string) => ({
      kind,
      file,
      line,
      masked: '---',
      variable,
      area: 'product' as const,
    });
    a.secrets = [
      secret('Placeholder fallback secret', 'src/config.ts', 3, 'SECRET_KEY'),
      secret('Placeholder secret in a sample env file', '.env.example', 2, 'SECRET_KEY'),
      secret('Placeholder secret in a sample env file', '.env.example', 5, 'DB_PASSWORD'),
    ];
    const out = writeKnownIssues(ctx(a));
    expect(out).toContain(
      '`SECRET_KEY` falls back to a placeholder value that production must replace (`src/config.ts:3`).',
    );
    expect(out).toContain(
      'The sample env file sets `SECRET_KEY` and `DB_PASSWORD` to placeholders that a deployment copying it would run on',
    );
    expect(out).not.toMatch(/DB_PASSWORD` fall|3 credentials/);
  });

  it('says nothing of clusters when the markers sit in one folder', () => {
    const out = writeKnownIssues(ctx(marked(['src/app.ts', 'src/config.ts'])));
    expect(out).toContain('2 open markers');
    expect(out).not.toMatch(/cluster|By folder/);
  });

  it('does not say the markers all sit in the one folder the whole product is', () => {
    const a = marked(['lib/app.ts', 'lib/config.ts']);
    a.files = a.files.map((f) => ({ ...f, path: `lib/${f.path.slice(f.path.lastIndexOf('/') + 1)}` }));
    const out = writeKnownIssues(ctx(a));
    expect(out).toContain('carries 2 open markers (2 TODO).');
    expect(out).not.toMatch(/All sit in/);
  });

  it('counts the markers by folder when they are spread over several', () => {
    const out = writeKnownIssues(ctx(marked(['src/app.ts', 'src/routes/books.ts'])));
    expect(out).toMatch(/By folder: `src` \(1\) and `src\/routes` \(1\)\./);
  });
});
