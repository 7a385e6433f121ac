// The "largest file" and "files over N lines" findings rank the team's code only: a file a
// generator wrote or a file of literal data is never the largest source file nor one to split,
// and the findings say what they left out.

import { describe, expect, it } from 'vitest';
import type { Analysis, FileInfo, Identity } from '../analyse/types.ts';
import { factsOf, notRankedNote } from './facts.ts';
import { recommendations } from './recommendations.ts';
import { sampleAppAnalysis } from './test-fixtures.ts';

const identity: Identity = {
  kind: 'application',
  kinds: [],
  purpose: null,
  productPaths: ['src'],
  nonProduct: [],
  entryPoints: [],
  publicApi: [],
  keyComponents: [],
};

function withFiles(extra: Partial<FileInfo>[]): Analysis {
  const base = sampleAppAnalysis();
  const big = (f: Partial<FileInfo>): FileInfo => ({
    ...base.files[0]!,
    language: 'TypeScript',
    code: 1200,
    path: 'src/x.ts',
    ...f,
  });
  return { ...base, identity, files: [...base.files, ...extra.map(big)] };
}

describe('size findings leave generated files and data tables out, and say so', () => {
  const a = withFiles([
    { path: 'src/api.pb.ts', role: 'generated', code: 18_000 },
    { path: 'src/unicode-table.ts', literalData: true, code: 18_000 },
    { path: 'src/huge.ts', code: 1200 },
  ]);
  const fx = factsOf(a);

  it('ranks neither as the largest source file', () => {
    expect(fx.largestFiles[0]!.path).toBe('src/huge.ts');
    expect(fx.largestFiles.map((f) => f.path)).not.toContain('src/unicode-table.ts');
    expect(fx.notRanked.data.map((f) => f.path)).toEqual(['src/unicode-table.ts']);
    expect(fx.notRanked.generated.map((f) => f.path)).toEqual(['src/api.pb.ts']);
  });

  it('never recommends splitting a file, these or any other', () => {
    expect(recommendations(a).some((r) => /split/i.test(r.text))).toBe(false);
  });

  it('names them as not among the files a size figure counts, so no reader takes them out of the totals', () => {
    expect(notRankedNote(fx, 800)).toMatch(
      /^ Not among them: generated files|^ Not among them: the generated file/,
    );
    expect(notRankedNote(fx, 800)).not.toMatch(/Not counted/);
  });

  it('says nothing when no such file passes the threshold', () => {
    expect(notRankedNote(factsOf(withFiles([{ path: 'src/huge.ts' }])), 800)).toBe('');
    expect(notRankedNote(fx, 20_000)).toBe('');
  });
});

describe('a file of TypeScript type declarations is not ranked, and the note says why', () => {
  it('leaves it out of the largest files and names it as compile-time only', () => {
    const fx = factsOf(
      withFiles([
        { path: 'src/types.ts', typeDeclarations: true, code: 2400 },
        { path: 'src/huge.ts', code: 1200 },
      ]),
    );
    expect(fx.largestFiles[0]!.path).toBe('src/huge.ts');
    expect(fx.notRanked.types.map((f) => f.path)).toEqual(['src/types.ts']);
    expect(notRankedNote(fx, 800)).toBe(
      ' Not among them: `src/types.ts`, which declares TypeScript types only (compile-time, no code that runs).',
    );
  });
});

describe('a size finding counts the product code of a file, not the test module it carries', () => {
  it('leaves the lines of inline test modules out of the 800-line finding', async () => {
    const { writeKnownIssues } = await import('./sections/known-issues.ts');
    const a = withFiles([
      { path: 'src/parser.rs', language: 'Rust', code: 1500 },
      { path: 'src/lexer.rs', language: 'Rust', code: 1200 },
    ]);
    a.tests = {
      ...a.tests,
      inline: [
        { path: 'src/parser.rs', cases: 40, lines: 600 },
        { path: 'src/lexer.rs', cases: 30, lines: 700 },
      ],
    };
    const md = writeKnownIssues({ a, fx: factsOf(a) } as Parameters<typeof writeKnownIssues>[0]);
    expect(md).toContain(
      '1 file exceeds 800 lines of code outside inline test modules (`src/parser.rs` 900)',
    );
    expect(md).not.toContain('src/lexer.rs');
  });

  it('scopes the count wherever a test module kept a file under the mark, and tells it apart from the risks', async () => {
    const { writeKnownIssues } = await import('./sections/known-issues.ts');
    const a = withFiles([
      { path: 'src/printer.rs', language: 'Rust', code: 845 },
      { path: 'src/vscreen.rs', language: 'Rust', code: 953 },
    ]);
    a.tests = { ...a.tests, inline: [{ path: 'src/vscreen.rs', cases: 12, lines: 200 }] };
    const md = writeKnownIssues({ a, fx: factsOf(a) } as Parameters<typeof writeKnownIssues>[0]);
    expect(md).toContain(
      '1 file exceeds 800 lines of code outside inline test modules (`src/printer.rs` 845), which makes it hard to review.',
    );
    expect(md).not.toContain('- 1 file exceeds');
  });
});
