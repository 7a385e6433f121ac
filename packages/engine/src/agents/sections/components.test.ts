// The components section lists the modules without announcing the list.
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import { writeComponents } from './components.ts';

/** The components section of `a`, written on its own. */
const write = (a: Analysis) =>
  writeComponents({
    a,
    fx: factsOf(a),
    plan: { id: '4.1', level: 2, title: 'Components', kind: 'components', evidence: [], hasChildren: false },
    findings: [],
    allFindings: {},
    projectName: 'p',
    workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
  });

describe('writeComponents()', () => {
  it('gives no sentence that only announces the module list', () => {
    const a = sampleAppAnalysis();
    const md = write(a);
    expect(factsOf(a).modules.length).toBeGreaterThan(1);
    expect(md).toMatch(/\*\*`[^`]+`\*\* — /);
    expect(md).not.toMatch(/is organised in|the largest come first/);
  });

  it('never names a file without code lines among the largest files', () => {
    const a = sampleAppAnalysis();
    a.files.push({
      path: 'src/middleware/env.d.ts',
      size: 200,
      language: 'TypeScript',
      code: 0,
      comment: 4,
      blank: 1,
    });
    const md = write(a);
    expect(md).toMatch(/src\/middleware\/auth\.ts/);
    expect(md).not.toMatch(/env\.d\.ts/);
  });
});
