import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { analyse } from './index.ts';
import { maskSecret } from './secrets.ts';
import { testContext, workspaceOf, writeTree } from './test-helpers.ts';

// secrets are generated at run time so no credential-shaped string lives in the repository
const alnum = (n: number, set = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789') =>
  [...randomBytes(n)].map((b) => set[b % set.length]).join('');
const AWS = 'AKIA' + alnum(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567');
const GH = 'ghp_' + alnum(36);
const SLACK = ['xoxb', alnum(12, '0123456789'), alnum(24)].join('-');
const GENERIC = alnum(20) + '9';
const KEY_BODY = alnum(64);
const PEM = `-----BEGIN RSA PRIVATE KEY-----\n${KEY_BODY}\n${alnum(64)}\n-----END RSA PRIVATE KEY-----\n`;

const MIT =
  'MIT License\n\nCopyright (c) 2026 Acme\n\nPermission is hereby granted, free of charge, to any person obtaining a copy\nof this software... THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND.\n';

const TREE: Record<string, string> = {
  'README.md':
    '# Acme Shop\n\n[![ci](https://x/badge.svg)](https://x)\n\nAcme Shop is a **small** web shop with a REST API and a worker.\n\n## Getting started\n\nRun `make dev`.\n\n## Architecture\n',
  LICENSE: MIT,
  'package.json':
    '{\n  "name": "acme-shop",\n  "version": "1.0.0",\n  "main": "src/server.js",\n  "bin": { "acme": "bin/acme.js" },\n  "scripts": {\n    "start": "node src/server.js",\n    "test": "vitest run"\n  },\n  "dependencies": {\n    "express": "^4.19.2"\n  },\n  "devDependencies": {\n    "vitest": "^1.6.0"\n  }\n}\n',
  'src/server.js': `const express = require('express');\nconst { db } = require('./db');\nconst app = express();\napp.get('/products', list);\n// TODO rotate ${GH} before launch\nconst slack = "${SLACK}";\napp.listen(process.env.PORT || 8080);\n`,
  'src/db.js': `const aws = '${AWS}';\nconst config = { api_key: "${GENERIC}" };\nmodule.exports = { db: process.env.DATABASE_URL };\n`,
  'src/server.test.js':
    "import { it } from 'vitest';\nit('lists products', () => {});\nit('rejects bad ids', () => {});\n",
  'deploy/key.pem': PEM,
  Dockerfile:
    'FROM node:20-alpine AS build\nRUN npm ci\nFROM node:20-alpine\nEXPOSE 8080\nCMD ["node", "src/server.js"]\n',
  'docker-compose.yml':
    'services:\n  web:\n    build: .\n    ports:\n      - "8080:8080"\n  db:\n    image: postgres:16\n',
  '.github/workflows/ci.yml':
    'name: CI\non: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm test\n  lint:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm run lint\n',
  Makefile: '.PHONY: dev\ndev:\n\tnpm start\n\ntest: dev\n\tnpm test\n',
  Procfile: 'web: node src/server.js\nworker: node src/worker.js\n',
  '.env.example': 'PORT=8080\nDATABASE_URL=postgres://localhost/shop\n',
  'tsconfig.json': '{}\n',
  'docs/api.md': '# API\n',
};

function git(root: string, ...args: string[]) {
  execFileSync('git', ['-C', root, '-c', 'user.name=Ada', '-c', 'user.email=ada@example.com', ...args], {
    stdio: 'pipe',
  });
}

describe('analyse()', async () => {
  const root = await writeTree(TREE);
  let haveGit = true;
  try {
    git(root, 'init', '-q');
    git(root, 'add', '.');
    git(root, 'commit', '-q', '-m', 'Initial shop');
    git(root, 'commit', '-q', '--allow-empty', '-m', `Oops, committed ${GH}`);
  } catch {
    haveGit = false;
    if (process.env.CI) throw new Error('git is required under CI');
    console.warn('git is not installed: the git history assertions are skipped');
  }
  const progress: [string, number][] = [];
  const analysis = await analyse(await workspaceOf(root, 'acme-shop'), testContext(progress));
  const json = JSON.stringify(analysis);

  it('never contains a detected secret in full, anywhere in analysis.json', () => {
    for (const raw of [AWS, GH, SLACK, GENERIC, KEY_BODY])
      expect(json.includes(raw), raw.slice(0, 4)).toBe(false);
    const kinds = analysis.secrets.map((s) => s.kind).sort();
    expect(kinds).toEqual(['AWS access key', 'Generic secret', 'GitHub token', 'Private key', 'Slack token']);
    expect(analysis.secrets.find((s) => s.kind === 'AWS access key')).toMatchObject({
      file: 'src/db.js',
      line: 1,
      masked: maskSecret(AWS),
    });
    // at most 4 + 4 characters shown, and never more than a third of the value
    for (const raw of [AWS, GH, SLACK, GENERIC]) {
      const shown = maskSecret(raw).replace(/\*/g, '');
      expect(shown.length).toBeLessThanOrEqual(Math.min(8, raw.length / 3));
      expect(maskSecret(raw).startsWith(shown.slice(0, shown.length / 2))).toBe(true);
    }
    // the TODO that quoted the token is still reported, with the token masked
    expect(analysis.todos[0]).toMatchObject({ tag: 'TODO', file: 'src/server.js', line: 5 });
    expect(analysis.todos[0]!.text).toContain(maskSecret(GH));
  });

  it('reports languages, tree, manifests, frameworks and entry points', () => {
    expect(analysis.project).toMatchObject({ name: 'acme-shop', files: Object.keys(TREE).length });
    expect(analysis.languages.find((l) => l.language === 'JavaScript')).toMatchObject({ files: 3 });
    expect(analysis.tree.children.map((c) => c.name)).toEqual(
      expect.arrayContaining(['src', 'deploy', 'docs', '.github']),
    );
    expect(analysis.tree.files).toBe(Object.keys(TREE).length);
    expect(analysis.dependencies.find((d) => d.name === 'express')).toMatchObject({
      line: 11,
      scope: 'runtime',
    });
    expect(analysis.frameworks.map((f) => f.name)).toEqual(expect.arrayContaining(['Express', 'Vitest']));
    const ep = (kind: string, name: string) =>
      analysis.entryPoints.find((e) => e.kind === kind && e.name === name);
    expect(ep('npm-script', 'start')).toMatchObject({ command: 'node src/server.js', line: 7 });
    expect(ep('bin', 'acme')).toMatchObject({ command: 'bin/acme.js' });
    expect(ep('main', 'src/server.js')).toBeDefined();
    expect(ep('make-target', 'dev')).toMatchObject({ command: 'npm start', line: 2 });
    expect(ep('make-target', 'test')).toMatchObject({ line: 5 });
    expect(ep('make-target', '.PHONY')).toBeUndefined();
    expect(ep('dockerfile', 'Dockerfile')).toMatchObject({
      command: 'CMD ["node", "src/server.js"]',
      line: 5,
    });
    expect(ep('compose-service', 'db')).toMatchObject({ command: 'postgres:16', line: 6 });
    expect(ep('ci-workflow', 'CI')).toMatchObject({ path: '.github/workflows/ci.yml' });
    expect(ep('procfile', 'worker')).toMatchObject({ command: 'node src/worker.js', line: 2 });
  });

  it('reports routes, env vars, tests, CI, containers, licence, docs and config', () => {
    expect(analysis.routes).toContainEqual(
      expect.objectContaining({
        method: 'GET',
        path: '/products',
        file: 'src/server.js',
        line: 4,
        framework: 'Express',
        area: 'product',
      }),
    );
    expect(analysis.envVars.map((e) => e.name)).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL']));
    expect(analysis.tests).toMatchObject({ totalCases: 2, frameworks: ['Vitest'] });
    expect(analysis.ci).toEqual([
      {
        provider: 'GitHub Actions',
        path: '.github/workflows/ci.yml',
        jobs: ['test', 'lint'],
        commands: ['npm test', 'npm run lint'],
        publishes: false,
        jobRuns: [
          { job: 'test', commands: ['npm test'] },
          { job: 'lint', commands: ['npm run lint'] },
        ],
      },
    ]);
    expect(analysis.containers.find((c) => c.kind === 'dockerfile')).toMatchObject({
      baseImages: ['node:20-alpine', 'node:20-alpine'],
      exposedPorts: [8080],
    });
    expect(analysis.containers.find((c) => c.kind === 'compose')).toMatchObject({
      services: ['web', 'db'],
      baseImages: ['postgres:16'],
      exposedPorts: [8080],
    });
    expect(analysis.license).toEqual({ spdx: 'MIT', path: 'LICENSE' });
    expect(analysis.docs.readme).toMatchObject({
      path: 'README.md',
      title: 'Acme Shop',
      summary: 'Acme Shop is a small web shop with a REST API and a worker.',
      headings: ['Getting started', 'Architecture'],
    });
    expect(analysis.docs.files).toContain('docs/api.md');
    expect(analysis.config.files).toEqual(
      expect.arrayContaining([
        { path: '.env.example', kind: 'environment variables' },
        { path: 'tsconfig.json', kind: 'TypeScript compiler' },
      ]),
    );
  });

  it.skipIf(!haveGit)('reads git history, with secrets in commit subjects masked', () => {
    expect(analysis.git).toMatchObject({ commits: 2, authors: [{ name: 'Ada', commits: 2 }] });
    expect(analysis.git!.recent[1]!.subject).toBe('Initial shop');
    expect(analysis.git!.recent[0]!.subject).toContain(maskSecret(GH));
  });

  it('reports progress up to 100 and times every pass', () => {
    const pcts = progress.filter(([s]) => s === 'ai_code_analysis').map(([, p]) => p);
    expect(pcts.length).toBeGreaterThan(10);
    expect([...pcts].sort((a, b) => a - b)).toEqual(pcts);
    expect(pcts.at(-1)).toBe(100);
    for (const pass of [
      'read',
      'languages',
      'tree',
      'dependencies',
      'treeSitterInit',
      'symbols',
      'moduleGraph',
      'routes',
      'secrets',
      'git',
    ])
      expect(typeof analysis.timings[pass], pass).toBe('number');
    // a small tree gets real syntax trees for its JavaScript
    expect(analysis.symbolExtractors).toEqual({ treeSitter: 3, regex: 0 });
  });
});

describe('analyse() without git', () => {
  it('returns git: null and honours cancellation', async () => {
    const root = await writeTree({ 'a.py': 'print(1)\n' });
    const ws = await workspaceOf(root);
    expect((await analyse(ws, testContext())).git).toBeNull();
    const ac = new AbortController();
    ac.abort();
    await expect(analyse(ws, { ...testContext(), signal: ac.signal })).rejects.toMatchObject({
      kind: 'cancelled',
    });
  });
});

describe('analyse() labels findings with the identity layer', () => {
  it("marks an example app's routes, entry points and frameworks as the examples', not the product's", async () => {
    const root = await writeTree({
      'package.json': '{ "name": "router-kit", "description": "A tiny router library", "main": "index.js" }',
      'index.js': 'exports.route = function route() {};\n',
      'index.test.js': "const app = require('express')();\napp.get('/probe', ok);\n",
      'examples/app/package.json':
        '{ "name": "demo", "private": true, "main": "server.js", "dependencies": { "express": "^5.0.0" } }',
      'examples/app/server.js':
        "const express = require('express');\nconst app = express();\napp.get('/users', list);\n",
    });
    const analysis = await analyse(await workspaceOf(root, 'src'), testContext());
    expect(analysis.identity).toMatchObject({
      kind: 'library',
      entryPoints: [{ path: 'index.js' }],
      productPaths: ['index.js'],
    });
    expect(analysis.project.manifestName).toBe('router-kit');
    expect(analysis.routes).toEqual([expect.objectContaining({ path: '/users', area: 'examples' })]);
    expect(analysis.testOnly?.routes).toEqual([expect.objectContaining({ path: '/probe', area: 'tests' })]);
    expect(analysis.frameworks).toContainEqual(
      expect.objectContaining({ name: 'Express', area: 'examples' }),
    );
    expect(analysis.entryPoints).toContainEqual(
      expect.objectContaining({ kind: 'main', name: 'index.js', area: 'product' }),
    );
    expect(analysis.entryPoints).toContainEqual(
      expect.objectContaining({ kind: 'main', name: 'server.js', area: 'examples' }),
    );
  });

  it("keeps a test's config file that the product's own scripts name, and the JSR manifest", async () => {
    const root = await writeTree({
      'package.json':
        '{ "name": "web-kit", "main": "index.js", "scripts": { "test": "tsc -p tsconfig.spec.json && vitest --run" } }',
      'index.js': 'exports.route = function route() {};\n',
      'tsconfig.json': '{}',
      'tsconfig.spec.json': '{}',
      'jsr.json': '{ "name": "@web/kit" }',
      'examples/app/tsconfig.json': '{}',
    });
    const analysis = await analyse(await workspaceOf(root, 'src'), testContext());
    const files = analysis.config.files.map((c) => c.path);
    expect(files).toEqual(expect.arrayContaining(['tsconfig.json', 'tsconfig.spec.json', 'jsr.json']));
    expect(files).not.toContain('examples/app/tsconfig.json');
  });
});
