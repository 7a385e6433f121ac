// The languages finding counts the product's files once the product is told apart.
import { describe, expect, it } from 'vitest';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis } from '../test-fixtures.ts';
import { technology, writeTechnology } from './technology.ts';
import { writeDependencies } from './dependencies.ts';
import type { WriterContext } from '../writers/context.ts';

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

describe('a library the product goes through one file for', () => {
  const withClient = (users: string[]) => {
    const a = sampleAppAnalysis();
    a.dependencies = [
      ...a.dependencies,
      {
        ecosystem: 'npm',
        name: 'undici',
        version: '6.0.0',
        scope: 'runtime',
        manifest: 'package.json',
        line: 20,
      },
    ];
    a.frameworks = [
      ...a.frameworks,
      {
        name: 'undici',
        category: 'http',
        role: 'http-client',
        evidence: 'package.json:20',
        version: '6.0.0',
      },
    ] as typeof a.frameworks;
    a.imports = [
      { from: 'src/services/db.ts', specifier: 'undici', line: 1 },
      ...users.map((from) => ({ from, specifier: './db', resolved: 'src/services/db.ts', line: 1 })),
    ];
    return writeTechnology({ a, fx: factsOf(a), plan: {} } as unknown as WriterContext);
  };

  it('is wrapped by that file when several product files use it, and only in it otherwise', () => {
    expect(
      withClient(['src/routes/books.ts', 'src/routes/loans.ts', 'src/services/book-service.ts']),
    ).toContain('HTTP client, wrapped by `src/services/db.ts`, which 3 product files use');
    expect(withClient(['src/routes/books.ts'])).toContain('HTTP client, only in `src/services/db.ts`');
  });
});

describe('a product of one language', () => {
  it('gives no languages finding, since the summary already tells its size and place', () => {
    const a = sampleAppAnalysis();
    const langs = new Set(factsOf(a).productFiles.map((x) => x.language));
    expect(langs.size).toBeGreaterThan(1);
    expect(technology.analyst(a).some((x) => x.aspect === 'languages')).toBe(true);
    const product = new Set(factsOf(a).productFiles.map((x) => x.path));
    const b = sampleAppAnalysis();
    b.files = b.files.map((x) => (product.has(x.path) ? { ...x, language: 'TypeScript' } : x));
    expect(technology.analyst(b).some((x) => x.aspect === 'languages')).toBe(false);
  });

  it('says of one manifest without third-party packages that it declares none', () => {
    const a = sampleAppAnalysis();
    a.dependencies = [];
    a.manifests = [a.manifests[0]!];
    const md = writeDependencies({ a, fx: factsOf(a), plan: {} } as unknown as WriterContext);
    expect(md).toMatch(/^Its manifest \(`[^`]+`\) declares no third-party dependencies/);
  });
});
