// What the product is built on: the frameworks it needs to run, never one it only offers as an extra.
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../analyse/types.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import { runsOnFrameworks } from './overview.ts';

describe('runsOnFrameworks()', () => {
  it('leaves out a framework declared only as an optional extra, matched by where it was found', () => {
    const a: Analysis = {
      ...sampleAppAnalysis(),
      frameworks: [
        { name: 'Jinja', category: 'web', evidence: 'pyproject.toml:36', area: 'product' },
        { name: 'AnyIO', category: 'other', evidence: 'pyproject.toml:29', area: 'product' },
      ] as Analysis['frameworks'],
      dependencies: [
        {
          name: 'anyio',
          version: '>=3',
          ecosystem: 'pip',
          scope: 'runtime',
          manifest: 'pyproject.toml',
          line: 29,
        },
        {
          name: 'jinja2',
          version: '*',
          ecosystem: 'pip',
          scope: 'optional',
          manifest: 'pyproject.toml',
          line: 36,
        },
      ] as Analysis['dependencies'],
    };
    expect(runsOnFrameworks(a).map((f) => f.name)).toEqual(['AnyIO']);
  });
});
