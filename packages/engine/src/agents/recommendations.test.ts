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
    });
    expect(texts(withFile('src/huge.ts')).some((t) => t.startsWith('Split the'))).toBe(true);
    expect(texts(withFile('src/generated/api.ts')).some((t) => t.startsWith('Split the'))).toBe(false);
    expect(texts(withFile('examples/demo.ts')).some((t) => t.startsWith('Split the'))).toBe(false);
  });
});

describe('recommendations say what a maintainer would act on', () => {
  const base = sampleAppAnalysis();

  it('names the one marker where it is, and counts several by where most sit', () => {
    const one = {
      ...base,
      todos: [{ tag: 'TODO' as const, text: 'use a library', file: 'lib/is-stream.js', line: 5 }],
    };
    expect(texts(one)).toContain('Resolve the TODO marker in lib/is-stream.js.');
    const two = { ...one, todos: [...one.todos, { ...one.todos[0]!, line: 9 }] };
    expect(texts(two).some((t) => t.startsWith('Work through the 2 TODO/FIXME markers; 2 sit in'))).toBe(
      true,
    );
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
