// The product's modules, computed once for every chapter that counts or draws them.
import { describe, expect, it } from 'vitest';
import { factsOf, moduleUnits } from './facts.ts';
import type { FileInfo } from '../analyse/types.ts';
import { sampleAppAnalysis } from './test-fixtures.ts';

describe('product modules', () => {
  it('are the module-graph folders holding product code, counted from the product files in them', () => {
    const a = sampleAppAnalysis();
    const fx = factsOf(a);
    const ids = fx.modules.map((m) => m.id);
    expect(ids).toContain('src/services');
    // the tests folder is a module of the graph, not of the product
    expect(ids).not.toContain('tests');
    for (const m of fx.modules) {
      const files = fx.sourceFiles.filter(
        (f) =>
          f.path.startsWith(`${m.id}/`) &&
          !fx.modules.some((o) => o.id.length > m.id.length && f.path.startsWith(`${o.id}/`)),
      );
      expect(m.files, m.id).toBe(files.filter((f) => !f.role || f.role === 'product').length);
    }
    // edges only between product modules
    for (const e of fx.moduleEdges) expect(ids).toEqual(expect.arrayContaining([e.from, e.to]));
  });

  it('leave out a folder of build files alone, and the files of other roles', () => {
    const a = sampleAppAnalysis();
    a.moduleGraph.nodes.push({ id: '.', files: 2, lines: 40 });
    a.files.push(
      { path: 'Makefile', size: 100, language: 'make', role: 'product', code: 20, comment: 0, blank: 0 },
      { path: 'gradlew', size: 100, language: 'Bourne Shell', role: 'other', code: 20, comment: 0, blank: 0 },
    );
    expect(factsOf(a).modules.map((m) => m.id)).not.toContain('.');
    a.files.push({
      path: 'main.py',
      size: 100,
      language: 'Python',
      role: 'product',
      code: 5,
      comment: 0,
      blank: 0,
    });
    const b = structuredClone(a);
    const fx = factsOf(b);
    const root = fx.sourceFiles.filter((f) => !f.path.includes('/') && f.role !== 'other');
    expect(root.map((f) => f.path)).toContain('main.py');
    expect(fx.modules.find((m) => m.id === '.')).toEqual({
      id: '.',
      files: root.length,
      lines: root.reduce((n, f) => n + f.code, 0),
    });
  });
});

describe('one product base', () => {
  const file = (path: string, code: number, role: FileInfo['role'], language = 'Go'): FileInfo => ({
    path,
    size: code * 20,
    language,
    code,
    comment: 0,
    blank: 0,
    role,
  });

  it('measures the product on its own source files, and its modules add up to it', () => {
    const a = sampleAppAnalysis();
    a.files = [
      file('mux.go', 300, 'product'),
      file('tree.go', 600, 'product'),
      file('middleware/logger.go', 100, 'product'),
      file('Makefile', 17, 'other', 'make'),
      file('_examples/hello/main.go', 40, 'examples'),
      file('mux_test.go', 900, 'tests'),
      file('go.mod', 3, 'other', 'Go Module'),
    ];
    a.moduleGraph = {
      nodes: [
        { id: '.', files: 3, lines: 917 },
        { id: 'middleware', files: 1, lines: 100 },
      ],
      edges: [],
    };
    a.tests = { frameworks: ['go test'], files: [{ path: 'mux_test.go', cases: 40 }], totalCases: 40 };
    const fx = factsOf(a);
    expect(fx.productFiles.map((f) => f.path).sort()).toEqual(['middleware/logger.go', 'mux.go', 'tree.go']);
    const total = fx.productFiles.reduce((n, f) => n + f.code, 0);
    expect(fx.modules.reduce((n, m) => n + m.lines, 0)).toBe(total);
    expect(fx.modules.find((m) => m.id === '.')).toMatchObject({ files: 2, lines: 900 });
    // the largest files and exported symbols are the product's, not an example's or a test's
    expect(fx.largestFiles.map((f) => f.path)).not.toContain('mux_test.go');
    expect(fx.largestFiles.map((f) => f.path)).not.toContain('_examples/hello/main.go');
  });

  it("counts a Rust module's file beside its folder (`src/assets.rs`, `src/assets/`) in that folder's module", () => {
    const a = sampleAppAnalysis();
    a.files = [
      file('src/lib.rs', 50, 'product', 'Rust'),
      file('src/printer.rs', 400, 'product', 'Rust'),
      file('src/assets.rs', 300, 'product', 'Rust'),
      file('src/assets/build.rs', 200, 'product', 'Rust'),
      file('src/net/mod.rs', 10, 'product', 'Rust'),
      file('src/net/tcp.rs', 90, 'product', 'Rust'),
    ];
    a.moduleGraph = {
      nodes: [
        { id: 'src', files: 2, lines: 450 },
        { id: 'src/assets', files: 2, lines: 500 },
        { id: 'src/net', files: 2, lines: 100 },
      ],
      edges: [],
    };
    expect(factsOf(a).modules).toEqual([
      { id: 'src/assets', files: 2, lines: 500 },
      { id: 'src', files: 2, lines: 450 },
      { id: 'src/net', files: 2, lines: 100 },
    ]);
  });

  it('counts files holding cases as test files and helpers as test support', () => {
    const a = sampleAppAnalysis();
    a.files = [
      file('mux.go', 300, 'product'),
      file('mux_test.go', 900, 'tests'),
      file('export_test.go', 5, 'tests'),
    ];
    a.tests = {
      frameworks: ['go test'],
      files: [{ path: 'mux_test.go', cases: 40 }],
      support: ['export_test.go'],
      totalCases: 40,
    };
    const fx = factsOf(a);
    expect(fx.testFiles).toEqual(['mux_test.go']);
    expect(fx.testSupport).toEqual(['export_test.go']);
    expect(fx.sourceFiles.map((f) => f.path)).toEqual(['mux.go']);
  });
});

describe('launchers', () => {
  it('are the files start scripts run, not the build tooling a build script runs', () => {
    const a = sampleAppAnalysis();
    a.files.push(
      {
        path: 'build/build.ts',
        size: 100,
        language: 'TypeScript',
        code: 80,
        comment: 0,
        blank: 0,
        role: 'other',
      },
      {
        path: 'src/server.ts',
        size: 100,
        language: 'TypeScript',
        code: 80,
        comment: 0,
        blank: 0,
        role: 'product',
      },
    );
    a.entryPoints = [
      { kind: 'npm-script', name: 'build', path: 'package.json', line: 5, command: 'bun ./build/build.ts' },
      { kind: 'npm-script', name: 'start', path: 'package.json', line: 6, command: 'node src/server.ts' },
    ];
    expect(factsOf(a).launchers.map((l) => l.file)).toEqual(['src/server.ts']);
  });

  it("an example's page loads its own script, not the product's", () => {
    const a = sampleAppAnalysis();
    const file = (path: string, role: 'product' | 'examples') => ({
      path,
      size: 100,
      language: 'JavaScript',
      code: 40,
      comment: 0,
      blank: 0,
      role,
    });
    a.files.push(file('examples/search/public/client.js', 'examples'), file('web/main.js', 'product'));
    a.entryPoints = [
      {
        kind: 'html-script',
        name: 'examples/search/public/client.js',
        path: 'examples/search/public/index.html',
        line: 19,
      },
      { kind: 'html-script', name: 'web/main.js', path: 'web/index.html', line: 5 },
    ];
    expect(factsOf(a).launchers.map((l) => l.file)).toEqual(['web/main.js']);
  });

  it('a make target that runs the packaging script (`python setup.py check`) starts no product file', () => {
    const a = sampleAppAnalysis();
    a.files.push({
      path: 'setup.py',
      size: 100,
      language: 'Python',
      code: 3,
      comment: 0,
      blank: 0,
      role: 'product',
    });
    a.entryPoints = [
      {
        kind: 'make-target',
        name: 'test-readme',
        path: 'Makefile',
        line: 10,
        command: 'python setup.py check --restructuredtext --strict',
      },
    ];
    expect(factsOf(a).launchers).toEqual([]);
  });
});

describe('data model scope', () => {
  it("keeps an example's or a tutorial's schema out of what the product stores", () => {
    const a = sampleAppAnalysis();
    const file = (path: string, role: FileInfo['role']): FileInfo => ({
      path,
      size: 100,
      language: 'SQL',
      role,
      code: 10,
      comment: 0,
      blank: 0,
    });
    a.files.push(
      file('db/schema.sql', 'product'),
      file('examples/tutorial/schema.sql', 'examples'),
      file('examples/tutorial/migrations/0001_init.sql', 'examples'),
    );
    const table = (name: string, path: string) => ({
      kind: 'sql-table' as const,
      name,
      file: path,
      line: 1,
      fields: [],
      relations: [],
    });
    a.dataModel = [table('orders', 'db/schema.sql'), table('post', 'examples/tutorial/schema.sql')];
    const dm = factsOf(a).dataModel;
    expect(dm.tables.map((t) => t.name)).toEqual(['orders']);
    expect(dm.schemaFiles.map((f) => f.path)).toContain('db/schema.sql');
    expect(dm.schemaFiles.map((f) => f.path)).not.toContain('examples/tutorial/schema.sql');
    expect(dm.migrations.flatMap((m) => m.path)).not.toContain('examples/tutorial/migrations/0001_init.sql');
  });
});

describe('Python dependencies named in several extras and groups', () => {
  it('count once, in the scope they are needed most', () => {
    const a = sampleAppAnalysis();
    const dep = (name: string, scope: string, line: number) =>
      ({ ecosystem: 'pip', name, version: '*', scope, manifest: 'pyproject.toml', line }) as const;
    a.dependencies = [
      dep('werkzeug', 'runtime', 1),
      dep('asgiref', 'optional', 2),
      dep('pytest', 'test', 3),
      dep('asgiref', 'test', 4),
      dep('python_dotenv', 'dev', 5),
      dep('python-dotenv', 'optional', 6),
      dep('pytest', 'dev', 7),
    ] as unknown as typeof a.dependencies;
    const fx = factsOf(a);
    expect(fx.runtimeDeps.map((d) => `${d.name}:${d.scope}`)).toEqual([
      'werkzeug:runtime',
      'asgiref:optional',
      'python-dotenv:optional',
    ]);
    expect(fx.devDeps.map((d) => `${d.name}:${d.scope}`)).toEqual(['pytest:test']);
  });
});

describe('npm dependencies counted as what they are', () => {
  it('counts a package of two sections once, an optional peer apart and type declarations never at run time', () => {
    const a = sampleAppAnalysis();
    const dep = (name: string, scope: string, line: number, optionalPeer?: true) =>
      ({
        ecosystem: 'npm',
        name,
        version: '*',
        scope,
        manifest: 'package.json',
        line,
        ...(optionalPeer ? { optionalPeer } : {}),
      }) as const;
    a.dependencies = [
      dep('express', 'runtime', 1),
      dep('@types/express', 'runtime', 2),
      dep('react', 'peer', 3, true),
      dep('scheduler', 'peer', 4),
      dep('react', 'dev', 5),
      dep('vitest', 'dev', 6),
    ] as unknown as typeof a.dependencies;
    const fx = factsOf(a);
    expect(fx.runtimeDeps.map((d) => d.name)).toEqual(['express', 'scheduler']);
    expect(fx.optionalPeerDeps.map((d) => `${d.name}:${d.line}`)).toEqual(['react:3']);
    expect(fx.devDeps.map((d) => d.name)).toEqual(['@types/express', 'vitest']);
  });
});

describe('libraries the product relies on', () => {
  it('are those its code imports: a declared hardening or authentication package nothing imports is none', () => {
    const a = sampleAppAnalysis();
    const dep = (name: string, line: number) =>
      ({ ecosystem: 'npm', name, version: '*', scope: 'runtime', manifest: 'package.json', line }) as const;
    a.dependencies = [
      dep('cors', 1),
      dep('helmet', 2),
      dep('jsonwebtoken', 3),
    ] as unknown as typeof a.dependencies;
    // facts are kept per analysis: the product's files are read off another copy
    const from = factsOf(sampleAppAnalysis()).productFiles[0]!.path;
    a.imports = [
      { from, specifier: 'helmet', kind: 'import', line: 1 },
      { from, specifier: 'jsonwebtoken', kind: 'import', line: 2 },
    ] as unknown as typeof a.imports;
    const fx = factsOf(a);
    expect(fx.productFiles.length).toBeGreaterThanOrEqual(5);
    expect(fx.securityLibs.map((d) => d.name)).toEqual(['helmet']);
    expect(fx.authLibs.map((d) => d.name)).toEqual(['jsonwebtoken']);
  });
});

describe('how many modules a graph tells apart', () => {
  const modules = [{ id: 'src/org/acme' }, { id: 'src/org/acme/web' }];
  const edges = [
    { from: 'src/org/acme', to: 'src/org/acme/web' },
    { from: 'src/org/acme/web', to: 'src/org/acme' },
  ];
  it('joins a folder and its own sub-folder that use each other, but never two JVM packages', () => {
    expect(moduleUnits(modules, edges)).toBe(1);
    // `org.acme.web` is a package of its own, not a part of `org.acme`
    expect(moduleUnits(modules, edges, ['src/org/acme', 'src/org/acme/web'])).toBe(2);
  });
});

describe('a file the module graph places in its package folder', () => {
  it('counts in that module, not in its own folder', () => {
    // facts are kept per analysis: the one measured before is another
    const before = factsOf(sampleAppAnalysis()).modules.find((m) => m.id === 'src/routes')!.files;
    const a = sampleAppAnalysis();
    const routes = a.files.find((f) => f.path.startsWith('src/routes/'))!;
    a.files.push({ ...routes, path: 'src/java11/routes/extra.ts' });
    a.moduleGraph.placed = { 'src/java11/routes/extra.ts': 'src/routes' };
    expect(factsOf(a).modules.find((m) => m.id === 'src/routes')!.files).toBe(before + 1);
  });
});
