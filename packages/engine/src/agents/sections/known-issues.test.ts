// Known Issues counts the product's own debt: no marker of a test file, no size risk outside the product.

import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../analyse/types.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import { productTodos } from './known-issues.ts';

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
