// Recommendations fit the kind of project: no lockfile advice for a library, no route protection for
// routes that belong to examples, no advice to split a generated file.

import { describe, expect, it } from 'vitest';
import type { Analysis, Identity } from '../analyse/types.ts';
import { recommendations } from './recommendations.ts';
import { sampleAppAnalysis } from './test-fixtures.ts';

const identity = (kind: Identity['kind'], productPaths = ['src']): Identity => ({
  kind,
  kinds: [],
  purpose: null,
  productPaths,
  nonProduct: [],
  entryPoints: [],
  publicApi: [],
  keyComponents: [],
});

function without(a: Analysis, lockfiles: RegExp): Analysis {
  return { ...a, files: a.files.filter((f) => !lockfiles.test(f.path)) };
}

const texts = (a: Analysis) => recommendations(a).map((r) => r.text);

const functionsIn = (path: string, n: number): Analysis['symbols'] =>
  Array.from({ length: n }, (_, i) => ({
    path,
    name: `f${i}`,
    kind: 'function',
    line: i * 50 + 1,
    exported: true,
  }));

describe('recommendations by kind of project', () => {
  const base = without(sampleAppAnalysis(), /lock|yarn\.lock|pnpm-lock/);

  it('asks an application, never a library, to commit a lockfile', () => {
    expect(
      texts({ ...base, identity: identity('application') }).some((t) => t.startsWith('Commit a lockfile')),
    ).toBe(true);
    expect(
      texts({ ...base, identity: identity('library') }).some((t) => t.startsWith('Commit a lockfile')),
    ).toBe(false);
    expect(
      texts({ ...base, identity: identity('framework') }).some((t) => t.startsWith('Commit a lockfile')),
    ).toBe(false);
  });

  it("protects only the product's own routes", () => {
    const app = { ...base, dependencies: [], identity: identity('application') };
    expect(texts(app).some((t) => t.startsWith('Protect the'))).toBe(true);
    const examples = { ...app, routes: app.routes.map((r) => ({ ...r, area: 'examples' as const })) };
    expect(texts(examples).some((t) => t.startsWith('Protect the'))).toBe(false);
  });

  it('never asks to split a generated file or one outside the product', () => {
    const big = (path: string) => ({ ...base.files[0]!, path, code: 1200, language: 'TypeScript' });
    const withFile = (path: string): Analysis => ({
      ...base,
      identity: identity('application', ['src']),
      files: [...base.files, big(path)],
      symbols: [...base.symbols, ...functionsIn(path, 12)],
    });
    // size alone is no defect: no file, the product's own included, is recommended for splitting
    expect(texts(withFile('src/huge.ts')).some((t) => t.startsWith('Split the'))).toBe(false);
    expect(texts(withFile('src/generated/api.ts')).some((t) => t.startsWith('Split the'))).toBe(false);
    expect(texts(withFile('examples/demo.ts')).some((t) => t.startsWith('Split the'))).toBe(false);
  });

  it('never asks to split a data table: a file the analysis found to be mostly literals', () => {
    const table = {
      ...base.files[0]!,
      path: 'src/unicode_tables.rs',
      code: 4000,
      language: 'Rust',
      literalData: true,
    };
    const a: Analysis = {
      ...base,
      identity: identity('application', ['src']),
      files: [...base.files, table],
      symbols: [...base.symbols, ...functionsIn(table.path, 2)],
    };
    expect(texts(a).some((t) => t.startsWith('Split the'))).toBe(false);
  });
});

describe('recommendations say what a maintainer would act on', () => {
  const base = sampleAppAnalysis();

  it("never turns a TODO marker into advice: it is the author's note, with no risk assessed", () => {
    const one = {
      ...base,
      todos: [{ tag: 'TODO' as const, text: 'use a library for this', file: 'lib/is-stream.js', line: 5 }],
    };
    const two = { ...one, todos: [...one.todos, { ...one.todos[0]!, line: 9 }] };
    for (const a of [one, two]) expect(texts(a).some((t) => /TODO|marker/.test(t))).toBe(false);
  });

  it('does not ask to document NODE_ENV, a convention every Node tool knows', () => {
    const envVars = [{ name: 'NODE_ENV', file: 'lib/application.js', line: 79, defaultValue: 'development' }];
    // no .env.example and no docs naming variables: only the code says what it reads
    const files = base.files.filter((f) => !/\.env\./.test(f.path));
    const a = { ...base, files, envVars, docs: { ...base.docs, envVarMentions: [] } };
    expect(texts(a).some((t) => /environment variable/.test(t))).toBe(false);
    const own = {
      ...a,
      envVars: [...envVars, { name: 'REPORTS_DIR', file: 'lib/application.js', line: 80 }],
    };
    expect(texts(own).some((t) => t.startsWith('Document the 1 environment variable'))).toBe(true);
  });
});

describe('dependency advice that is right or absent', () => {
  const base = without(sampleAppAnalysis(), /lock|yarn\.lock|pnpm-lock/);
  const app = { ...base, identity: identity('application', ['src', 'package.json']) };
  const open: Analysis['dependencies'][number] = {
    ecosystem: 'npm',
    name: 'left-pad',
    version: '>=1.0.0',
    scope: 'runtime',
    manifest: 'package.json',
    line: 20,
  };
  const has = (a: Analysis, start: string) => texts(a).some((t) => t.startsWith(start));

  it('never asks a library to pin its ranges or commit a lockfile', () => {
    const lib = { ...app, identity: identity('library'), dependencies: [...app.dependencies, open] };
    expect(has(lib, 'Pin the')).toBe(false);
    expect(has(lib, 'Commit a lockfile')).toBe(false);
    expect(has({ ...lib, identity: identity('application') }, 'Pin the')).toBe(true);
  });

  it('takes .npmrc package-lock=false as a decision, and a committed lockfile as the lock', () => {
    expect(has(app, 'Commit a lockfile')).toBe(true);
    const optOut = { ...app, lockfileOptOuts: [{ path: '.npmrc', line: 1, ecosystem: 'npm' as const }] };
    expect(has(optOut, 'Commit a lockfile')).toBe(false);
    const locked = {
      ...app,
      lockfiles: [{ path: 'bun.lock', manager: 'Bun', ecosystem: 'npm' as const, area: 'product' as const }],
      dependencies: [...app.dependencies, open],
    };
    expect(has(locked, 'Commit a lockfile')).toBe(false);
    expect(has(locked, 'Pin the')).toBe(false);
  });

  it('counts a requirements file pinning every package with == as the pip lock of an application', () => {
    const pip = (name: string, version: string) => ({
      ecosystem: 'pip' as const,
      name,
      version,
      scope: 'runtime' as const,
      manifest: 'requirements.txt',
    });
    const frozen = {
      ...app,
      lockfiles: [],
      dependencies: [pip('Django', '==6.1'), pip('psycopg', '==3.3.4')],
    };
    expect(has(frozen, 'Commit a lockfile')).toBe(false);
    const loose = { ...frozen, dependencies: [pip('Django', '>=6'), pip('psycopg', '==3.3.4')] };
    expect(has(loose, 'Commit a lockfile')).toBe(true);
  });

  it('leaves the dependencies of examples and benchmarks out of the advice', () => {
    const examples = app.dependencies.map((d) => ({ ...d, area: 'examples' as const }));
    expect(has({ ...app, dependencies: examples }, 'Commit a lockfile')).toBe(false);
  });

  it('never asks to document variables that CI, Cargo or a shell completion sets', () => {
    const files = app.files.filter((f) => !/\.env\./.test(f.path));
    const envVars = [
      'GITHUB_TOKEN',
      'CARGO_CFG_TARGET_OS',
      'CARGO_PKG_VERSION',
      'COMP_CWORD',
      'TARGETARCH',
    ].map((name, i) => ({ name, file: 'src/main.ts', line: i + 1 }));
    const a = { ...app, files, envVars, docs: { ...app.docs, envVarMentions: [] } };
    expect(texts(a).some((t) => /environment variable/.test(t))).toBe(false);
  });

  it('never asks to document a variable the Configuration chapter classes as build, CI, platform or completion', () => {
    const files = app.files.filter((f) => !/\.env\./.test(f.path));
    const classed = [
      ['SOURCE_DATE_EPOCH', 'build'],
      ['MY_TOOL_BUILD_ID', 'ci'],
      ['HOSTNAME', 'platform'],
      ['_MYTOOL_COMPLETE', 'completion'],
    ] as const;
    const envVars = classed.map(([name, cls], i) => ({ name, file: 'src/main.ts', line: i + 1, class: cls }));
    const docs = { ...app.docs, envVarMentions: [{ name: 'APP_PORT', file: 'README.md', line: 3 }] };
    expect(texts({ ...app, files, envVars, docs }).some((t) => /environment variable/.test(t))).toBe(false);
    const own = [...envVars, { name: 'APP_MODE', file: 'src/main.ts', line: 9, class: 'config' as const }];
    const advice = texts({ ...app, files, envVars: own, docs }).find((t) => t.startsWith('Document'));
    expect(advice).toMatch(
      /^Document the 1 environment variable the code reads but .*README.* does not name \(APP\\?_MODE\)/,
    );
  });
});
