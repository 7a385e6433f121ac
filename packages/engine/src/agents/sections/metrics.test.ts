// Code Metrics gives no figure the analysis could not measure, and counts what the other chapters count.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Analysis, FileInfo } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { sampleAppAnalysis, unpublishedModuleBuild } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import { productTodos } from '../model.ts';
import { writeArchitecture } from './architecture.ts';
import { fileHeader, writeComponents } from './components.ts';
import { fileKinds, writeMetrics } from './metrics.ts';

const ctx = (a: Analysis): WriterContext => ({
  a,
  fx: factsOf(a),
  plan: { id: '1', level: 2, title: 'Code Metrics', kind: 'metrics', evidence: [], hasChildren: false },
  findings: [],
  allFindings: {},
  projectName: 'p',
  workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
});

describe('code metrics', () => {
  it('shows the symbol counts only when the pass read at least the public names', () => {
    const a = sampleAppAnalysis();
    expect(writeMetrics(ctx(a))).toMatch(
      /\| (?:[A-Z][a-z, ]+ declared|Declarations) in the product[^|]*, exported ones in brackets \|/,
    );
    const b = sampleAppAnalysis();
    b.identity = {
      ...(b.identity ?? {}),
      publicApi: Array.from({ length: b.symbols.length + 1 }, (_, i) => ({
        name: `n${i}`,
        kind: 'function',
        path: 'src/app.ts',
        line: i + 1,
      })),
    } as Analysis['identity'];
    const out = writeMetrics(ctx(b));
    expect(out).not.toMatch(/declared in the product|Declarations in the product|Symbols by kind/);
  });

  it('gives no second count of exported names beside the public names every other chapter counts', () => {
    const a = sampleAppAnalysis();
    a.identity = {
      ...(a.identity ?? {}),
      publicApi: [{ name: 'n', kind: 'function', path: 'src/app.ts', line: 1 }],
    } as Analysis['identity'];
    const out = writeMetrics(ctx(a));
    expect(out).toMatch(
      /\| (?:[A-Z][a-z, ]+ declared|Declarations) in the product[^|]*, public and internal(?:, and its exported constants)? \| \d+ \|/,
    );
    expect(out).not.toMatch(/exported ones|\| \d[\d,]* \(\d[\d,]*\) \||Symbols by kind/);
  });

  it("counts the build's dependencies apart from the development ones, as the Dependencies chapter does", () => {
    const a = sampleAppAnalysis();
    const before = factsOf(sampleAppAnalysis());
    const dev = a.dependencies.find((d) => d.name === before.devDeps[0]!.name)!;
    a.dependencies.push({ ...dev, name: 'node-gyp', scope: 'build' });
    expect(writeMetrics(ctx(a))).toContain(
      `| Declared dependencies (runtime / development / build) | ${before.runtimeDeps.length} / ${before.devDeps.length} / 1 |`,
    );
  });

  it('counts the TODO markers of the product, as Known Issues does', () => {
    const a = sampleAppAnalysis();
    a.todos.push({ tag: 'TODO', text: 'in a test', file: 'tests/books.test.ts', line: 3 });
    expect(writeMetrics(ctx(a))).toContain(
      `| TODO / FIXME markers in the product | ${productTodos(a).length} |`,
    );
    expect(productTodos(a).length).toBeLessThan(a.todos.length);
  });

  it('counts the files beside the product file by file, never as a difference of two totals', () => {
    // the product base of an untouched copy (facts are kept per analysis once computed)
    const base = factsOf(sampleAppAnalysis()).productFiles;
    const a = sampleAppAnalysis();
    expect(base.length).toBeGreaterThan(1);
    const inBase = new Set(base.map((f) => f.path));
    for (const f of a.files) f.role = inBase.has(f.path) ? 'product' : 'tests';
    // a product file the base leaves out (a folder set apart) and a role total that disagrees with it
    a.identity = {
      publicApi: [],
      ...(a.identity ?? {}),
      nonProduct: [{ path: base[0]!.path, role: 'examples' }],
    } as Analysis['identity'];
    a.linesByRole = { product: { files: 1, code: 1 } } as Analysis['linesByRole'];
    const out = writeMetrics(ctx(a));
    const beside = /\|\s+of which files beside the product[^|]*\| ([\d,]+) in (-?\d+) files? \|/.exec(out);
    expect(beside?.[2]).toBe('1');
    expect(beside?.[1]).toBe(String(base[0]!.code));
    expect(out).not.toMatch(/in -\d+ files/);
  });

  it('counts the modules the build does not publish in a row of their own, by name', () => {
    const a = unpublishedModuleBuild();
    a.identity = {
      publicApi: [],
      ...(a.identity ?? {}),
      nonProduct: [{ path: 'extras', role: 'unpublished' }],
    } as Analysis['identity'];
    a.linesByRole = { product: { files: 2, code: 490 } } as Analysis['linesByRole'];
    const out = writeMetrics(ctx(a));
    expect(out).toMatch(/\| of which modules the build does not publish \(`extras`\) \| 90 in 1 file \|/);
    expect(out).not.toMatch(/files beside the product/);
  });

  it('gives no import count and no graph of a single module', () => {
    const a = sampleAppAnalysis();
    a.moduleGraph = { nodes: [{ id: 'src', files: 3, lines: 90 }], edges: [] };
    const out = writeMetrics(ctx(a));
    expect(out).not.toMatch(/Imports \(internal/);
    expect(out).not.toMatch(/Product modules \/ dependency edges/);
  });

  it('gives no graph of a folder and the sub-folder it uses both ways', () => {
    const a = sampleAppAnalysis();
    a.moduleGraph = {
      nodes: [
        { id: 'src', files: 3, lines: 36 },
        { id: 'src/middleware', files: 2, lines: 21 },
      ],
      edges: [
        { from: 'src', to: 'src/middleware', weight: 2 },
        { from: 'src/middleware', to: 'src', weight: 1 },
      ],
    };
    expect(factsOf(a).modules).toHaveLength(2);
    expect(writeMetrics(ctx(a))).not.toMatch(/Product modules \/ dependency edges/);
    expect(writeArchitecture(ctx(a))).not.toMatch(/Grouped by directory|Strongest dependencies/);
    // one-way use of the root package by a sub-package is a graph of two packages
    a.moduleGraph.edges.pop();
    const oneWay = sampleAppAnalysis();
    oneWay.moduleGraph = a.moduleGraph;
    expect(writeMetrics(ctx(oneWay))).toMatch(/\| Product modules \/ dependency edges \| 2 \/ 1 \|/);
  });

  it('counts no second "exported" figure beside a declared public surface', () => {
    const a = sampleAppAnalysis();
    a.identity = {
      ...(a.identity ?? {}),
      publicApi: [{ name: 'createApp', kind: 'function', path: 'src/app.ts', line: 10 }],
    } as Analysis['identity'];
    const out = writeMetrics(ctx(a));
    expect(out).toMatch(
      /\| (?:[A-Z][a-z, ]+ declared|Declarations) in the product[^|]*, public and internal(?:, and its exported constants)? \| \d+ \|/,
    );
    // no second figure of exported names (a count in brackets)
    expect(out).not.toMatch(/exported ones|\| \d[\d,]* \(\d[\d,]*\) \|/);
  });
  it('counts no migration among the symbols, and no Python name as exported', () => {
    const out = writeMetrics(ctx(djangoApp()));
    expect(out).toContain('| Classes and functions declared in the product | 3 |');
    expect(out).not.toMatch(/exported/);
  });
});

const py = (path: string, code: number): FileInfo => ({
  path,
  size: code * 30,
  language: 'Python',
  code,
  comment: 0,
  blank: 0,
  role: 'product',
});

/** A Django app: models, an admin and a migration, one module. */
function djangoApp(): Analysis {
  const a = sampleAppAnalysis();
  a.files = [py('shop/admin.py', 40), py('shop/models.py', 30), py('shop/migrations/0001_initial.py', 60)];
  a.symbols = [
    { path: 'shop/admin.py', name: 'BookAdmin', kind: 'class', line: 5, exported: true },
    { path: 'shop/admin.py', name: 'register', kind: 'function', line: 20, exported: true },
    { path: 'shop/models.py', name: 'Book', kind: 'class', line: 3, exported: true },
    { path: 'shop/migrations/0001_initial.py', name: 'Migration', kind: 'class', line: 4, exported: true },
  ];
  a.moduleGraph = { nodes: [{ id: 'shop', files: 3, lines: 130 }], edges: [] };
  a.identity = {
    kind: 'application',
    kinds: [],
    purpose: null,
    productPaths: ['shop'],
    nonProduct: [],
    entryPoints: [],
    publicApi: [],
    keyComponents: [],
    centrality: { 'shop/models.py': 0.5, 'shop/admin.py': 0.1 },
  };
  return a;
}

describe('module paragraphs', () => {
  it("sample a Python module's public classes and functions from its central files, migrations left out", () => {
    const a = djangoApp();
    a.flow = {
      abstractions: [],
      steps: [],
      defines: [{ path: 'shop/models.py', names: ['Book'] }],
    } as unknown as Analysis['flow'];
    const out = writeComponents({ ...ctx(a), plan: { ...ctx(a).plan, kind: 'components' } });
    expect(out).toContain(
      'Its largest files are `shop/admin.py` (40 lines) and `shop/models.py` (30 lines). It defines 3 public classes and functions: `Book` (class, `shop/models.py:3`), `BookAdmin` (class, `shop/admin.py:5`) and `register` (function, `shop/admin.py:20`).',
    );
    expect(out).not.toMatch(/Migration|exports|0001_initial/);
  });

  it('tells a module of a few files file by file, each with the header it opens with, never as its largest', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'atr-few-'));
    mkdirSync(path.join(root, 'shop'));
    writeFileSync(path.join(root, 'shop/admin.py'), '"""The staff pages for books."""\n\nimport x\n');
    // a comment right above a declaration documents it, not the file
    writeFileSync(path.join(root, 'shop/models.py'), '# A book on the shelf\nclass Book:\n    pass\n');
    const a = djangoApp();
    a.files = a.files.filter((f) => !f.path.includes('migrations'));
    const c = { ...ctx(a), plan: { ...ctx(a).plan, kind: 'components' as const }, workspace: { root } };
    const out = writeComponents(c as unknown as WriterContext);
    expect(out).toContain(
      'Its files are `shop/admin.py` (40 lines: The staff pages for books) and `shop/models.py` (30 lines).',
    );
    expect(out).not.toMatch(/largest file/);
    rmSync(root, { recursive: true, force: true });
  });

  it('reads a file header only where the file opens with it', () => {
    expect(
      fileHeader('a.ts', '/**\n * @module\n * The preset that uses `LinearRouter`.\n */\nimport x\n'),
    ).toBe('The preset that uses `LinearRouter`.');
    expect(
      fileHeader('a.ts', "import x from 'y'\n\n/**\n * Checks if T is a union.\n */\nexport type U = 1\n"),
    ).toBe(undefined);
    expect(fileHeader('a.ts', '// Toggles for the auth types allowed\nconst allowOauth = true\n')).toBe(
      undefined,
    );
  });

  it('counts a function declared again right after itself (an overload) once, and methods of two types apart', () => {
    const a = djangoApp();
    a.symbols = [
      { path: 'shop/models.py', name: 'env', kind: 'function', line: 3, exported: true },
      { path: 'shop/models.py', name: 'env', kind: 'function', line: 7, exported: true },
      { path: 'shop/models.py', name: 'Book', kind: 'class', line: 12, exported: true },
    ];
    const out = writeComponents({ ...ctx(a), plan: { ...ctx(a).plan, kind: 'components' } });
    expect(out).toContain(
      'It defines 2 public classes and functions: `env` (function, `shop/models.py:3`) and `Book` (class, `shop/models.py:12`).',
    );
  });
});

describe('the lines kept apart from the product', () => {
  it('name the folders a role adds up when it spans several', () => {
    const a = sampleAppAnalysis();
    const f = a.files.find((x) => x.path === 'src/app.ts')!;
    a.files.push(
      { ...f, path: 'benchmarks/run.ts', role: 'benchmarks' },
      { ...f, path: 'perf-measures/size.ts', role: 'benchmarks', size: f.size + 1 },
    );
    a.linesByRole = {
      ...(a.linesByRole ?? {}),
      benchmarks: { files: 2, code: 2 * f.code, comment: 0, blank: 0 },
    };
    expect(writeMetrics(ctx(a))).toMatch(/of which benchmarks \(`benchmarks`, `perf-measures`\) \|/);
  });

  it('name the base of the whole-tree rows where generated files swell it', () => {
    const a = sampleAppAnalysis();
    expect(writeMetrics(ctx(a))).toMatch(/\| Lines of code \|/);
    a.linesByRole = { ...(a.linesByRole ?? {}), generated: { files: 1, code: 9000, comment: 0, blank: 0 } };
    const out = writeMetrics(ctx(a));
    expect(out).toMatch(/\| Lines of code \(whole tree, generated files included\) \|/);
    expect(out).toMatch(/\| Comment lines \(whole tree\) \|/);
  });
});

describe('fileKinds()', () => {
  it('names the files of a row by what they are, only the kinds that are there', () => {
    expect(fileKinds(['public/logo.svg', 'supabase/config.toml'])).toBe('served assets, configuration');
    expect(fileKinds(['package.json', 'tsconfig.json', 'fixtures/stripe-fixtures.json'])).toBe(
      'build, data, configuration',
    );
    expect(fileKinds(['.github/workflows/ci.yml', 'mvnw', 'k8s/app.yml', 'docker-compose.yml'])).toBe(
      'CI, build, deployment',
    );
    expect(fileKinds(['tune.gemspec', 'contrib/Rakefile', 'contrib/Gemfile', 'crates/x/build.rs'])).toBe(
      'build',
    );
  });
});

const rs = (path: string, code: number): FileInfo => ({
  ...py(path, code),
  language: 'Rust',
  size: code * 30,
});

describe("a command-line program's modules", () => {
  /** A Rust program with a `filter` module its options are turned into, and no library. */
  function finder(root: string, extend: (a: Analysis) => void = () => {}): WriterContext {
    const files: Record<string, string> = {
      'src/main.rs':
        'use crate::filter::TimeFilter;\nfn run(opts: Opts) {\n    let mut all = Vec::new();\n    if let Some(ref t) = opts.changed_within {\n        if let Some(f) = TimeFilter::after(t) {\n            all.push(f);\n        }\n    }\n    let n = opts.threads;\n    let keep = TimeFilter::default();\n}\n',
      'src/cli.rs':
        'use crate::filter::SizeFilter;\npub struct Opts {\n    #[arg(long, value_parser = SizeFilter::from_string)]\n    pub size: Vec<SizeFilter>,\n    #[arg(long)]\n    pub changed_within: Option<String>,\n    #[arg(long)]\n    pub threads: usize,\n}\n',
      'src/filter/size.rs': 'pub enum SizeFilter {}\npub fn from_string() {}\n',
      'src/filter/time.rs': 'pub enum TimeFilter {}\nimpl TimeFilter { pub fn after() {} }\n',
    };
    for (const [p, body] of Object.entries(files)) {
      mkdirSync(path.join(root, path.dirname(p)), { recursive: true });
      writeFileSync(path.join(root, p), body);
    }
    const a = sampleAppAnalysis();
    a.files = [
      rs('src/main.rs', 11),
      rs('src/cli.rs', 9),
      rs('src/filter/size.rs', 2),
      rs('src/filter/time.rs', 2),
    ];
    a.symbols = [
      { path: 'src/filter/size.rs', name: 'from_string', kind: 'function', line: 2, exported: true },
      { path: 'src/filter/size.rs', name: 'SizeFilter', kind: 'enum', line: 1, exported: true },
      { path: 'src/filter/time.rs', name: 'TimeFilter', kind: 'enum', line: 1, exported: true },
      { path: 'src/cli.rs', name: 'Opts', kind: 'struct', line: 2, exported: true },
    ];
    a.imports = [];
    a.moduleGraph = {
      nodes: [
        { id: 'src', files: 2, lines: 20 },
        { id: 'src/filter', files: 2, lines: 4 },
      ],
      edges: [],
    };
    a.identity = {
      kind: 'cli',
      kinds: [],
      purpose: null,
      productPaths: ['src'],
      nonProduct: [],
      entryPoints: [],
      publicApi: [
        { name: '--size', kind: 'option', path: 'src/cli.rs', line: 3 },
        { name: '--changed-within', kind: 'option', path: 'src/cli.rs', line: 5 },
        { name: '--threads', kind: 'option', path: 'src/cli.rs', line: 7 },
      ],
      keyComponents: [],
      centrality: {},
    };
    extend(a);
    const c = ctx(a);
    return { ...c, plan: { ...c.plan, kind: 'components' }, workspace: { ...c.workspace, root } };
  }

  it('says once that its files each define one name, and samples no name twice', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'atr-cli-cmd-'));
    try {
      const cmds = ['cat', 'count', 'sort'];
      const c = finder(root, (a) => {
        a.files.push(...cmds.map((n) => rs(`src/filter/${n}.rs`, 1)));
        a.symbols.push(
          ...cmds.map((n) => ({
            path: `src/filter/${n}.rs`,
            name: 'run',
            kind: 'function' as const,
            line: 1,
            exported: true,
          })),
        );
      });
      for (const n of cmds) writeFileSync(path.join(root, `src/filter/${n}.rs`), 'pub fn run() {}\n');
      writeFileSync(
        path.join(root, 'src/filter/mod.rs'),
        'pub mod cat;\npub mod count;\npub mod sort;\npub mod size;\npub mod time;\n',
      );
      const out = writeComponents(c);
      const filter = out.split('\n\n').find((p) => p.startsWith('**`src/filter`**'))!;
      expect(filter).toContain('3 of its files each define `run`.');
      expect(filter.match(/`run` \(function/g)).toBeNull();
      expect(filter).toMatch(/Its other public /);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('tells what options a module holds the values of, and its types before a count of names', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'atr-cli-mod-'));
    try {
      const out = writeComponents(finder(root));
      const filter = out.split('\n\n').find((p) => p.startsWith('**`src/filter`**'))!;
      expect(filter).toContain(
        "The command line's `--size` option is turned into its `SizeFilter` (`src/cli.rs:4`); `--changed-within` into its `TimeFilter` (`src/main.rs:5`).",
      );
      // types first, one from each file, and no count of names a program exports to no one
      expect(filter).toMatch(
        /Its public names are `SizeFilter` \(enum[^)]*\), `TimeFilter` \(enum[^)]*\) and `from_string`/,
      );
      expect(filter).not.toMatch(/exports|symbols/);
      // an option whose field sits beside a type in another statement is not linked to it
      expect(out).not.toContain('--threads');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
