// Hand-built analyses for the agents' tests: one modelled line by line on the sample-app fixture
// (a TypeScript Express API with a Python helper), and one of a bare library with little evidence.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Analysis, FileInfo, LanguageStat } from '../analyse/types.ts';
import type { ReportTemplate } from '../template/types.ts';
import type { EngineContext, Workspace } from '../types.ts';

export const SAMPLE_APP_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../test/fixtures/sample-app',
);

function file(p: string, lines: number, language: string | null, comment = 1, blank = 1): FileInfo {
  return { path: p, size: lines * 30, language, code: lines - comment - blank, comment, blank };
}

function languagesOf(files: FileInfo[]): LanguageStat[] {
  const m = new Map<string, LanguageStat>();
  for (const f of files) {
    if (!f.language) continue;
    const s = m.get(f.language) ?? { language: f.language, files: 0, code: 0, comment: 0, blank: 0 };
    s.files++;
    s.code += f.code;
    s.comment += f.comment;
    s.blank += f.blank;
    m.set(f.language, s);
  }
  return [...m.values()].sort((a, b) => b.code - a.code);
}

function base(name: string, files: FileInfo[]): Analysis {
  const lines = files.reduce(
    (s, f) => ({ code: s.code + f.code, comment: s.comment + f.comment, blank: s.blank + f.blank }),
    { code: 0, comment: 0, blank: 0 },
  );
  return {
    version: 1,
    generatedAt: '2026-01-01T00:00:00.000Z',
    project: { name, files: files.length, bytes: files.reduce((s, f) => s + f.size, 0), lines },
    files,
    skipped: [],
    languages: languagesOf(files),
    tree: { name: '', path: '', files: files.length, bytes: 0, lines: lines.code, children: [] },
    manifests: [],
    dependencies: [],
    frameworks: [],
    entryPoints: [],
    symbols: [],
    imports: [],
    moduleGraph: { nodes: [], edges: [] },
    routes: [],
    envVars: [],
    tests: { frameworks: [], files: [], totalCases: 0 },
    ci: [],
    containers: [],
    license: null,
    docs: { readme: null, files: [] },
    todos: [],
    git: null,
    secrets: [],
    config: { files: [] },
    timings: {},
  };
}

/** The sample-app fixture as the analysis passes should see it (paths and lines are real). */
export function sampleAppAnalysis(): Analysis {
  const files = [
    file('.env.example', 5, null, 0, 0),
    file('.github/workflows/ci.yml', 28, 'YAML', 0, 3),
    file('.gitignore', 5, null, 0, 0),
    file('Dockerfile', 18, 'Dockerfile', 2, 1),
    file('LICENSE', 21, null, 0, 2),
    file('Makefile', 11, 'make', 0, 3),
    file('README.md', 42, 'Markdown', 0, 10),
    file('package.json', 28, 'JSON', 0, 0),
    file('scripts/pyhelper/import_catalog.py', 43, 'Python', 6, 8),
    file('scripts/pyhelper/requirements.txt', 3, null, 0, 0),
    file('scripts/pyhelper/test_import_catalog.py', 40, 'Python', 2, 8),
    file('src/app.ts', 18, 'TypeScript', 1, 2),
    file('src/config.ts', 18, 'TypeScript', 1, 2),
    file('src/middleware/auth.ts', 16, 'TypeScript', 1, 2),
    file('src/middleware/errors.ts', 13, 'TypeScript', 2, 2),
    file('src/routes/books.ts', 39, 'TypeScript', 2, 6),
    file('src/routes/health.ts', 8, 'TypeScript', 1, 2),
    file('src/routes/loans.ts', 19, 'TypeScript', 2, 4),
    file('src/schema.sql', 23, 'SQL', 2, 3),
    file('src/server.ts', 10, 'TypeScript', 1, 2),
    file('src/services/book-service.ts', 42, 'TypeScript', 1, 6),
    file('src/services/db.ts', 16, 'TypeScript', 3, 3),
    file('src/services/loan-service.ts', 32, 'TypeScript', 1, 5),
    file('tests/books.test.ts', 28, 'TypeScript', 1, 5),
    file('tsconfig.json', 12, 'JSON', 0, 0),
  ];
  const a = base('bookshelf-api', files);
  const dir = (p: string) => files.filter((f) => f.path.startsWith(`${p}/`));
  const node = (name: string, p: string, children: Analysis['tree']['children'] = []) => ({
    name,
    path: p,
    files: dir(p).length,
    bytes: 0,
    lines: dir(p).reduce((s, f) => s + f.code, 0),
    children,
  });
  a.tree.children = [
    node('src', 'src', [
      node('services', 'src/services'),
      node('routes', 'src/routes'),
      node('middleware', 'src/middleware'),
    ]),
    node('scripts', 'scripts', [node('pyhelper', 'scripts/pyhelper')]),
    node('tests', 'tests'),
    node('.github', '.github', [node('workflows', '.github/workflows')]),
  ];
  a.manifests = [
    {
      path: 'package.json',
      ecosystem: 'npm',
      name: 'bookshelf-api',
      version: '1.4.0',
      description: 'A small REST API to manage a shared library of books and loans.',
    },
    { path: 'scripts/pyhelper/requirements.txt', ecosystem: 'pip' },
  ];
  a.dependencies = [
    {
      ecosystem: 'npm',
      name: 'express',
      version: '4.19.2',
      scope: 'runtime',
      manifest: 'package.json',
      line: 15,
    },
    { ecosystem: 'npm', name: 'pg', version: '8.11.3', scope: 'runtime', manifest: 'package.json', line: 16 },
    {
      ecosystem: 'npm',
      name: 'zod',
      version: '3.23.8',
      scope: 'runtime',
      manifest: 'package.json',
      line: 17,
    },
    {
      ecosystem: 'npm',
      name: 'jsonwebtoken',
      version: '9.0.2',
      scope: 'runtime',
      manifest: 'package.json',
      line: 18,
    },
    {
      ecosystem: 'npm',
      name: '@types/express',
      version: '4.17.21',
      scope: 'dev',
      manifest: 'package.json',
      line: 21,
    },
    {
      ecosystem: 'npm',
      name: '@types/node',
      version: '20.11.30',
      scope: 'dev',
      manifest: 'package.json',
      line: 22,
    },
    { ecosystem: 'npm', name: 'tsx', version: '4.7.1', scope: 'dev', manifest: 'package.json', line: 23 },
    {
      ecosystem: 'npm',
      name: 'typescript',
      version: '5.4.3',
      scope: 'dev',
      manifest: 'package.json',
      line: 24,
    },
    { ecosystem: 'npm', name: 'vitest', version: '1.4.0', scope: 'dev', manifest: 'package.json', line: 25 },
    {
      ecosystem: 'npm',
      name: 'supertest',
      version: '6.3.4',
      scope: 'dev',
      manifest: 'package.json',
      line: 26,
    },
    {
      ecosystem: 'pip',
      name: 'psycopg2-binary',
      version: '==2.9.9',
      scope: 'runtime',
      manifest: 'scripts/pyhelper/requirements.txt',
      line: 1,
    },
    {
      ecosystem: 'pip',
      name: 'requests',
      version: '==2.31.0',
      scope: 'runtime',
      manifest: 'scripts/pyhelper/requirements.txt',
      line: 2,
    },
    {
      ecosystem: 'pip',
      name: 'pytest',
      version: '==8.1.1',
      scope: 'runtime',
      manifest: 'scripts/pyhelper/requirements.txt',
      line: 3,
    },
  ];
  a.frameworks = [
    { name: 'Express', category: 'web', evidence: 'package.json', version: '4.19.2' },
    { name: 'Vitest', category: 'test', evidence: 'package.json', version: '1.4.0' },
    { name: 'pytest', category: 'test', evidence: 'scripts/pyhelper/requirements.txt', version: '8.1.1' },
  ];
  a.entryPoints = [
    { kind: 'npm-script', name: 'build', command: 'tsc -p tsconfig.json', path: 'package.json', line: 8 },
    { kind: 'npm-script', name: 'start', command: 'node dist/server.js', path: 'package.json', line: 9 },
    { kind: 'npm-script', name: 'dev', command: 'tsx watch src/server.ts', path: 'package.json', line: 10 },
    { kind: 'npm-script', name: 'test', command: 'vitest run', path: 'package.json', line: 11 },
    { kind: 'npm-script', name: 'lint', command: 'eslint src', path: 'package.json', line: 12 },
    { kind: 'main', name: 'main', command: 'dist/server.js', path: 'package.json', line: 5 },
    { kind: 'make-target', name: 'build', path: 'Makefile', line: 3 },
    { kind: 'make-target', name: 'test', path: 'Makefile', line: 6 },
    { kind: 'make-target', name: 'docker', path: 'Makefile', line: 10 },
    { kind: 'dockerfile', name: 'Dockerfile', command: 'node dist/server.js', path: 'Dockerfile', line: 18 },
    { kind: 'ci-workflow', name: 'test', path: '.github/workflows/ci.yml', line: 8 },
  ];
  a.symbols = [
    { path: 'src/app.ts', name: 'createApp', kind: 'function', line: 10, exported: true },
    { path: 'src/config.ts', name: 'Config', kind: 'interface', line: 2, exported: true },
    { path: 'src/config.ts', name: 'loadConfig', kind: 'function', line: 9, exported: true },
    { path: 'src/middleware/auth.ts', name: 'requireAuth', kind: 'function', line: 5, exported: true },
    { path: 'src/middleware/errors.ts', name: 'errorHandler', kind: 'function', line: 5, exported: true },
    { path: 'src/routes/books.ts', name: 'booksRouter', kind: 'const', line: 6, exported: true },
    { path: 'src/routes/health.ts', name: 'healthRouter', kind: 'const', line: 4, exported: true },
    { path: 'src/routes/loans.ts', name: 'loansRouter', kind: 'const', line: 5, exported: true },
    { path: 'src/services/book-service.ts', name: 'Book', kind: 'interface', line: 4, exported: true },
    { path: 'src/services/book-service.ts', name: 'listBooks', kind: 'function', line: 14, exported: true },
    { path: 'src/services/book-service.ts', name: 'getBook', kind: 'function', line: 19, exported: true },
    { path: 'src/services/book-service.ts', name: 'createBook', kind: 'function', line: 24, exported: true },
    { path: 'src/services/book-service.ts', name: 'updateBook', kind: 'function', line: 32, exported: true },
    { path: 'src/services/book-service.ts', name: 'deleteBook', kind: 'function', line: 40, exported: true },
    { path: 'src/services/db.ts', name: 'query', kind: 'function', line: 6, exported: true },
    { path: 'src/services/db.ts', name: 'LEGACY_S3', kind: 'const', line: 13, exported: true },
    { path: 'src/services/loan-service.ts', name: 'Loan', kind: 'interface', line: 4, exported: true },
    {
      path: 'src/services/loan-service.ts',
      name: 'listOpenLoans',
      kind: 'function',
      line: 14,
      exported: true,
    },
    { path: 'src/services/loan-service.ts', name: 'lendBook', kind: 'function', line: 18, exported: true },
    { path: 'src/services/loan-service.ts', name: 'returnBook', kind: 'function', line: 29, exported: true },
  ];
  a.imports = [
    { from: 'src/app.ts', specifier: 'express', line: 2 },
    { from: 'src/app.ts', specifier: './routes/books.ts', resolved: 'src/routes/books.ts', line: 5 },
    { from: 'src/app.ts', specifier: './middleware/auth.ts', resolved: 'src/middleware/auth.ts', line: 7 },
    {
      from: 'src/routes/books.ts',
      specifier: '../services/book-service.ts',
      resolved: 'src/services/book-service.ts',
      line: 3,
    },
    {
      from: 'src/routes/loans.ts',
      specifier: '../services/loan-service.ts',
      resolved: 'src/services/loan-service.ts',
      line: 3,
    },
    { from: 'src/services/book-service.ts', specifier: './db.ts', resolved: 'src/services/db.ts', line: 2 },
    { from: 'src/services/loan-service.ts', specifier: './db.ts', resolved: 'src/services/db.ts', line: 2 },
    { from: 'src/middleware/auth.ts', specifier: 'jsonwebtoken', line: 3 },
  ];
  a.moduleGraph = {
    nodes: [
      { id: 'src', files: 3, lines: 36 },
      { id: 'src/routes', files: 3, lines: 49 },
      { id: 'src/services', files: 3, lines: 70 },
      { id: 'src/middleware', files: 2, lines: 21 },
      { id: 'scripts/pyhelper', files: 2, lines: 59 },
      { id: 'tests', files: 1, lines: 22 },
    ],
    edges: [
      { from: 'src', to: 'src/routes', weight: 3 },
      { from: 'src', to: 'src/middleware', weight: 2 },
      { from: 'src/routes', to: 'src/services', weight: 2 },
      { from: 'tests', to: 'src', weight: 1 },
    ],
  };
  a.routes = [
    { method: 'GET', path: '/health', framework: 'Express', file: 'src/routes/health.ts', line: 6 },
    { method: 'GET', path: '/api/books', framework: 'Express', file: 'src/routes/books.ts', line: 15 },
    { method: 'GET', path: '/api/books/:id', framework: 'Express', file: 'src/routes/books.ts', line: 20 },
    { method: 'POST', path: '/api/books', framework: 'Express', file: 'src/routes/books.ts', line: 26 },
    { method: 'PUT', path: '/api/books/:id', framework: 'Express', file: 'src/routes/books.ts', line: 31 },
    { method: 'DELETE', path: '/api/books/:id', framework: 'Express', file: 'src/routes/books.ts', line: 36 },
    { method: 'GET', path: '/api/loans', framework: 'Express', file: 'src/routes/loans.ts', line: 7 },
    { method: 'POST', path: '/api/loans', framework: 'Express', file: 'src/routes/loans.ts', line: 11 },
    {
      method: 'POST',
      path: '/api/loans/:id/return',
      framework: 'Express',
      file: 'src/routes/loans.ts',
      line: 17,
    },
  ];
  a.envVars = [
    { name: 'DATABASE_URL', file: 'src/config.ts', line: 10 },
    { name: 'PORT', file: 'src/config.ts', line: 13, defaultValue: '3000' },
    { name: 'JWT_SECRET', file: 'src/config.ts', line: 15, defaultValue: 'change-me' },
    { name: 'LOG_LEVEL', file: 'src/config.ts', line: 16, defaultValue: 'info' },
    { name: 'DATABASE_URL', file: 'src/services/db.ts', line: 4 },
    { name: 'DATABASE_URL', file: 'scripts/pyhelper/import_catalog.py', line: 37 },
  ];
  a.tests = {
    frameworks: ['Vitest', 'pytest'],
    files: [
      { path: 'tests/books.test.ts', cases: 3 },
      { path: 'scripts/pyhelper/test_import_catalog.py', cases: 1 },
    ],
    totalCases: 4,
  };
  a.ci = [{ provider: 'GitHub Actions', path: '.github/workflows/ci.yml', jobs: ['test'] }];
  a.containers = [
    {
      path: 'Dockerfile',
      kind: 'dockerfile',
      baseImages: ['node:20-alpine', 'node:20-alpine'],
      exposedPorts: [3000],
    },
  ];
  a.license = { spdx: 'MIT', path: 'LICENSE' };
  a.docs = {
    readme: {
      path: 'README.md',
      title: 'Bookshelf API',
      summary:
        'A small REST API to manage a shared library of books and the loans of those books to members.',
      headings: ['Bookshelf API', 'Getting started', 'API', 'Importing a catalogue'],
    },
    files: ['README.md'],
  };
  a.todos = [
    {
      tag: 'HACK',
      text: 'log to stdout until structured logging is in place',
      file: 'src/middleware/errors.ts',
      line: 10,
    },
    {
      tag: 'FIXME',
      text: 'move these into the secret store before the next release',
      file: 'src/services/db.ts',
      line: 12,
    },
    {
      tag: 'TODO',
      text: 'reject loans for members with overdue books',
      file: 'src/routes/loans.ts',
      line: 12,
    },
    {
      tag: 'TODO',
      text: 'cache covers locally instead of hitting the API every run',
      file: 'scripts/pyhelper/import_catalog.py',
      line: 11,
    },
  ];
  a.secrets = [
    { kind: 'AWS access key', file: 'src/services/db.ts', line: 14, masked: 'AKIA************MPLE' },
  ];
  a.config = {
    files: [
      { path: '.env.example', kind: 'env example' },
      { path: 'tsconfig.json', kind: 'TypeScript' },
    ],
  };
  return a;
}

/** A tiny library: one source file, no manifest, no tests, no routes — the "no evidence" paths. */
export function bareLibraryAnalysis(): Analysis {
  const a = base('tinylib', [
    file('lib/strings.js', 60, 'JavaScript', 10, 10),
    file('lib/numbers.js', 30, 'JavaScript', 4, 6),
  ]);
  a.tree.children = [{ name: 'lib', path: 'lib', files: 2, bytes: 0, lines: 60, children: [] }];
  a.symbols = [
    { path: 'lib/strings.js', name: 'slugify', kind: 'function', line: 12, exported: true },
    { path: 'lib/numbers.js', name: 'clamp', kind: 'function', line: 3, exported: true },
  ];
  return a;
}

export function workspaceFor(a: Analysis, root: string): Workspace {
  return {
    root,
    name: a.project.name,
    files: a.files.map((f) => ({ path: f.path, size: f.size })),
    skipped: [],
    source: { kind: 'directory' },
  };
}

export function testContext(): EngineContext & { progress: [string, number][] } {
  const progress: [string, number][] = [];
  return {
    workDir: '',
    now: () => new Date('2026-01-01T00:00:00Z'),
    onProgress: (s, p) => void progress.push([s, p]),
    progress,
  };
}

/** Builds a template from titles: "A" is a chapter, "A > B" a section, "A > B > C" a subsection. */
export function templateOf(chapters: (string | [string, (string | [string, string[]])[]])[]): ReportTemplate {
  return {
    warnings: [],
    chapters: chapters.map((c) =>
      typeof c === 'string'
        ? { title: c, sections: [] }
        : {
            title: c[0],
            sections: c[1].map((s) =>
              typeof s === 'string'
                ? { title: s, subsections: [] }
                : { title: s[0], subsections: s[1].map((t) => ({ title: t })) },
            ),
          },
    ),
  };
}

/**
 * The sample app as a Maven build of two product modules, `core` (400 Java lines) and `extras` (90),
 * of which the build publishes only `core`: its files, before any identity is set.
 */
export function unpublishedModuleBuild(): Analysis {
  const a = sampleAppAnalysis();
  const java = (p: string, code: number) => ({
    ...a.files[0]!,
    path: p,
    language: 'Java',
    code,
    role: 'product' as const,
  });
  a.files = [java('core/src/main/java/a/Core.java', 400), java('extras/src/main/java/a/Extra.java', 90)];
  return a;
}
