// The languages finding counts the product's files once the product is told apart.
import { describe, expect, it } from 'vitest';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import { technology } from './technology.ts';

describe('the languages finding', () => {
  it("gives the product's languages, not the whole tree's with its tests", () => {
    const a = sampleAppAnalysis();
    const fx = factsOf(a);
    expect(fx.productFiles.length).toBeGreaterThan(0);
    const ts = fx.productFiles.filter((x) => x.language === 'TypeScript');
    const said = technology.analyst(a).find((x) => x.aspect === 'languages')?.statement ?? '';
    expect(said).toContain(`TypeScript (${ts.length} files, ${ts.reduce((n, x) => n + x.code, 0)} lines)`);
    expect(said).toMatch(/make up the product's code\.$/);
  });

  it('counts no empty file, as the language table does', () => {
    const ts = factsOf(sampleAppAnalysis()).productFiles.filter((x) => x.language === 'TypeScript');
    const a = sampleAppAnalysis();
    const empty = { ...a.files.find((f) => f.path === ts[0]!.path)!, path: 'src/empty.ts', size: 0, code: 0 };
    a.files = [...a.files, empty];
    const said = technology.analyst(a).find((x) => x.aspect === 'languages')?.statement ?? '';
    expect(said).toContain(`TypeScript (${ts.length} files,`);
  });
});
