// Known Issues counts the product's own debt: no marker of a test file, no size risk outside the product.

import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../analyse/types.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import { factsOf } from '../facts.ts';
import type { WriterContext } from '../writers/context.ts';
import { productTodos, writeKnownIssues } from './known-issues.ts';

describe('productTodos', () => {
  it('leaves out markers in test files, examples and generated output', () => {
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
      ],
      todos: ['src/app.ts', 'tests/app.test.ts', 'examples/demo.ts', 'dist/app.js'].map((f) => ({
        tag: 'TODO' as const,
        text: 'x',
        file: f,
        line: 1,
      })),
    };
    expect(productTodos(a).map((t) => t.file)).toEqual(['src/app.ts']);
  });
});

describe('writeKnownIssues', () => {
  const ctx = (a: Analysis): WriterContext => ({
    a,
    fx: factsOf(a),
    plan: {
      id: '1',
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
  });
  const marked = (files: string[]) => {
    const a = sampleAppAnalysis();
    a.todos = files.map((file, i) => ({ tag: 'TODO' as const, text: `t${i}`, file, line: i + 1 }));
    return a;
  };

  it('says nothing of clusters when the markers sit in one folder', () => {
    const out = writeKnownIssues(ctx(marked(['src/app.ts', 'src/config.ts'])));
    expect(out).toContain('2 open markers');
    expect(out).not.toMatch(/cluster|By folder/);
  });

  it('counts the markers by folder when they are spread over several', () => {
    const out = writeKnownIssues(ctx(marked(['src/app.ts', 'src/routes/books.ts'])));
    expect(out).toMatch(/By folder: `src` \(1\) and `src\/routes` \(1\)\./);
  });
});
