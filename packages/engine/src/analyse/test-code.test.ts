import { describe, expect, it } from 'vitest';
import {
  isFixturePath,
  isPythonTestModule,
  isTestCode,
  isTestSourceFile,
  splitTestFindings,
  testDataManifests,
} from './test-code.ts';
import type { Analysis } from './types.ts';

describe('isTestCode()', () => {
  it.each([
    'packages/engine/src/analyse/route-mounts.test.ts',
    'src/app.spec.tsx',
    'packages/engine/test/fixtures/sample-app/src/routes/books.ts',
    'tests/integration/api.py',
    'src/__tests__/thing.js',
    'pkg/server_test.go',
    'app/test_views.py',
    'conftest.py',
    'e2e/harness.ts',
    'internal/testdata/main.go',
    'src/agents/test-fixtures.ts',
    'apps/server/src/modules/auth/test-harness.ts',
    'src/test/databases.ts',
    'spec/models/user_spec.rb',
    'src/test/java/com/acme/ShopTest.java',
    'runtime-tests/lambda/mock.ts',
    'integration_tests/helpers.py',
    'src/runtime/tests.rs',
  ])('%s is test code', (p) => expect(isTestCode(p)).toBe(true));

  it.each([
    'apps/server/src/modules/auth/routes.ts',
    'src/testing-library.ts',
    'src/attest.ts',
    'contest.py',
    'src/latest/index.ts',
    'Dockerfile',
    'src/protest_test_helpers.rs',
    'src/main/java/org/acme/owner/Visit.java',
    'src/Contests.java',
    'src/contests/rank.ts',
    'src/attests/sign.ts',
  ])('%s is product code', (p) => expect(isTestCode(p)).toBe(false));

  it('tells fixtures from test code', () => {
    expect(isFixturePath('packages/engine/test/fixtures/sample-app/package.json')).toBe(true);
    expect(isFixturePath('tests/requirements.txt')).toBe(false);
    expect(isFixturePath('go/testdata/go.mod')).toBe(true);
  });
});

describe('isPythonTestModule()', () => {
  it.each([
    ['hc/logs/tests.py', '                         \n'],
    ['app/tests.py', 'from django.test import TestCase\n'],
    ['hc/test.py', 'from x import y\n\nclass BaseTestCase(\n    TestCase,\n):\n    pass\n'],
    ['pkg/tests.py', 'import unittest\n'],
  ])('%s is test code', (p, code) => expect(isPythonTestModule(p, code)).toBe(true));

  it.each([
    ['src/jinja2/tests.py', 'import operator\n\ndef test_odd(value):\n    return value % 2 == 1\n'],
    ['src/werkzeug/test.py', 'class Client:\n    pass\n'],
    ['app/views.py', 'from django.test import TestCase\n'],
    ['src/click/testing.py', 'import unittest\n'],
  ])('%s is product code', (p, code) => expect(isPythonTestModule(p, code)).toBe(false));
});

describe('splitTestFindings()', () => {
  const a = {
    routes: [
      {
        method: 'GET',
        path: '/auth/v1/health',
        framework: 'Fastify',
        file: 'apps/server/src/routes.ts',
        line: 3,
      },
      { method: 'DELETE', path: '/:id', framework: 'Express', file: 'src/route-mounts.test.ts', line: 57 },
      {
        method: 'GET',
        path: '/api/books',
        framework: 'Express',
        file: 'test/fixtures/sample-app/src/routes/books.ts',
        line: 15,
      },
    ],
    entryPoints: [
      { kind: 'bin', name: 'atr', command: './bin/atr.js', path: 'package.json', line: 11 },
      { kind: 'dockerfile', name: 'Dockerfile', path: 'test/fixtures/sample-app/Dockerfile', line: 18 },
    ],
    envVars: [
      { name: 'PORT', file: 'src/server.ts', line: 1 },
      { name: 'PORT', file: 'src/server.test.ts', line: 9 },
      { name: 'JWT_SECRET', file: 'test/fixtures/sample-app/src/config.ts', line: 15 },
    ],
    containers: [
      {
        path: 'test/fixtures/sample-app/Dockerfile',
        kind: 'dockerfile',
        baseImages: ['node:20-alpine'],
        exposedPorts: [3000],
      },
    ],
    manifests: [
      { path: 'package.json', ecosystem: 'npm' },
      { path: 'tests/requirements.txt', ecosystem: 'pip' },
      { path: 'test/fixtures/sample-app/package.json', ecosystem: 'npm' },
    ],
    dependencies: [
      {
        ecosystem: 'npm',
        name: 'fastify',
        version: '5.0.0',
        scope: 'runtime',
        manifest: 'package.json',
        line: 5,
      },
      {
        ecosystem: 'pip',
        name: 'pytest',
        version: '8',
        scope: 'runtime',
        manifest: 'tests/requirements.txt',
        line: 1,
      },
      {
        ecosystem: 'npm',
        name: 'express',
        version: '4',
        scope: 'runtime',
        manifest: 'test/fixtures/sample-app/package.json',
        line: 15,
      },
    ],
    frameworks: [
      { name: 'Fastify', category: 'web', evidence: 'package.json:5' },
      { name: 'Express', category: 'web', evidence: 'test/fixtures/sample-app/package.json:15' },
    ],
    config: {
      files: [
        { path: 'tsconfig.json', kind: 'TypeScript compiler' },
        { path: 'test/fixtures/sample-app/tsconfig.json', kind: 'TypeScript compiler' },
      ],
    },
    docs: { readme: null, files: ['docs/a.md', 'test/fixtures/sample-app/README.md'] },
  } satisfies Partial<Analysis> as unknown as Analysis;
  const { product, testOnly } = splitTestFindings(a);

  it('keeps only the product routes, entry points and containers, and counts the rest as test-only', () => {
    expect(product.routes.map((r) => r.path)).toEqual(['/auth/v1/health']);
    expect(testOnly.routes).toHaveLength(2);
    expect(product.entryPoints.map((e) => e.name)).toEqual(['atr']);
    expect(product.containers).toEqual([]);
    expect(testOnly.containers).toHaveLength(1);
  });

  it('keeps an env var the product reads, without its test reads; a fixture-only var is test-only', () => {
    expect(product.envVars).toEqual([{ name: 'PORT', file: 'src/server.ts', line: 1 }]);
    expect(testOnly.envVars.map((e) => e.name)).toEqual(['JWT_SECRET']);
  });

  it('drops fixture manifests, dependencies, frameworks, config and docs but keeps tests/ manifests', () => {
    expect(product.manifests.map((m) => m.path)).toEqual(['package.json', 'tests/requirements.txt']);
    expect(product.dependencies.map((d) => d.name)).toEqual(['fastify', 'pytest']);
    expect(product.frameworks.map((f) => f.name)).toEqual(['Fastify']);
    expect(product.config.files.map((f) => f.path)).toEqual(['tsconfig.json']);
    expect(product.docs.files).toEqual(['docs/a.md']);
  });
});

describe('isTestSourceFile()', () => {
  const f = (path: string, language: string | null, code = 10) => ({ path, language, code });
  it('takes test code and its helpers', () => {
    for (const x of [
      f('tests/test_api.py', 'Python'),
      f('tests/conftest.py', 'Python'),
      f('runtime-tests/lambda/mock.ts', 'TypeScript'),
      f('src/test/java/a/EntityUtils.java', 'Java'),
      f('test-helpers/context.js', 'JavaScript'),
    ])
      expect(isTestSourceFile(x)).toBe(true);
  });
  it('leaves out Makefiles, keys, pages, runner configs, fixtures and empty package markers', () => {
    for (const x of [
      f('tests/certs/Makefile', 'make'),
      f('tests/certs/server.key', null),
      f('runtime-tests/bun/static/index.html', 'HTML'),
      f('runtime-tests/node/vitest.config.ts', 'TypeScript'),
      f('fixtures/stripe-fixtures.json', 'JSON'),
      f('tests/fixtures/app/main.py', 'Python'),
      f('tests/__init__.py', 'Python', 0),
    ])
      expect(isTestSourceFile(x)).toBe(false);
  });
});

describe('testDataManifests()', () => {
  it('takes a manifest under a test folder for test data when no test code the suite runs sits beside it', () => {
    const suite = ['tests/integration_tests.rs', 'tests/py/test_api.py', 'fuzz/fuzz_targets/parse.rs'];
    const data = testDataManifests(
      [
        'Cargo.toml',
        'tests/syntax-tests/source/Go/go.mod',
        'tests/syntax-tests/source/TOML/Cargo.toml',
        'tests/syntax-tests/source/Requirements.txt/requirements.txt',
        'tests/py/requirements.txt',
        'tests/Cargo.toml',
        'fuzz/Cargo.toml',
        'test/fixtures/app/package.json',
        'examples/demo/package.json',
      ],
      suite,
    );
    expect([...data].sort()).toEqual([
      'tests/syntax-tests/source/Go/go.mod',
      'tests/syntax-tests/source/Requirements.txt/requirements.txt',
      'tests/syntax-tests/source/TOML/Cargo.toml',
    ]);
  });

  it('moves the dependencies of test data out of the product, as a fixture’s', () => {
    const a = {
      routes: [],
      entryPoints: [],
      envVars: [],
      containers: [],
      manifests: [
        { path: 'Cargo.toml', ecosystem: 'cargo' },
        { path: 'tests/syntax-tests/source/Go/go.mod', ecosystem: 'go' },
      ],
      dependencies: [
        { ecosystem: 'cargo', name: 'clap', version: '4', scope: 'runtime', manifest: 'Cargo.toml', line: 9 },
        {
          ecosystem: 'go',
          name: 'golang.org/x/tools',
          version: 'v0.37.0',
          scope: 'runtime',
          manifest: 'tests/syntax-tests/source/Go/go.mod',
          line: 5,
        },
      ],
      frameworks: [],
    } satisfies Partial<Analysis> as unknown as Analysis;
    const { product, testOnly } = splitTestFindings(a, new Set(['tests/syntax-tests/source/Go/go.mod']));
    expect(product.manifests.map((m) => m.path)).toEqual(['Cargo.toml']);
    expect(product.dependencies.map((d) => d.name)).toEqual(['clap']);
    expect(testOnly.dependencies.map((d) => d.name)).toEqual(['golang.org/x/tools']);
  });
});
