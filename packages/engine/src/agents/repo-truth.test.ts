// The offline report of a small monorepo that, like this repository, carries a fixture app and route
// tests: each section must describe the product, not its test data.

import { beforeAll, describe, expect, it } from 'vitest';
import { analyse } from '../analyse/index.ts';
import { testContext as analyseContext, writeTree } from '../analyse/test-helpers.ts';
import type { Analysis } from '../analyse/types.ts';
import { ingestDirectory } from '../ingest/index.ts';
import type { Workspace } from '../types.ts';
import { findContradictions } from './prose-claims.ts';
import { runAgents } from './index.ts';
import { clipSentences } from './writers/markdown.ts';
import { templateOf, testContext } from './test-fixtures.ts';
import type { AgentOutput } from './types.ts';

const TREE: Record<string, string> = {
  'README.md':
    '# Acme Reports\n\n```sh\nnpm install && npm start\n```\n\nThe first line installs everything and starts the app.\n\n## What it is\n\nAcme Reports turns invoices into monthly statements for accountants.\n',
  'package.json': '{\n  "name": "acme",\n  "private": true,\n  "workspaces": ["apps/*"]\n}\n',
  '.ci/run': '#!/usr/bin/env bash\nset -euo pipefail\necho "== Install"\nnpm ci\necho "== Tests"\nnpm test\n',
  'package-lock.json': '{\n  "name": "acme",\n  "lockfileVersion": 3\n}\n',
  'apps/server/package.json':
    '{\n  "name": "@acme/server",\n  "scripts": {\n    "start": "tsx src/server.ts",\n    "test": "vitest run"\n  },\n  "dependencies": {\n    "fastify": "5.0.0",\n    "zod": "4.0.0"\n  },\n  "devDependencies": {\n    "vitest": "4.0.0"\n  }\n}\n',
  'apps/server/src/server.ts': [
    '// Starts the API.',
    "import Fastify from 'fastify';",
    "import { authRoutes, AUTH_PREFIX } from './auth.ts';",
    "import { loadConfig } from './config.ts';",
    'const config = loadConfig();',
    'const app = Fastify();',
    'await app.register(authRoutes, { prefix: AUTH_PREFIX });',
    'await app.listen({ port: config.PORT });',
    '',
  ].join('\n'),
  'apps/server/src/auth.ts': [
    '// The auth routes.',
    "import type { FastifyInstance } from 'fastify';",
    "export const AUTH_PREFIX = '/auth/v1';",
    'export async function authRoutes(app: FastifyInstance) {',
    "  app.get('/health', async () => ({ ok: true }));",
    "  app.delete('/user', async () => ({ ok: true }));",
    '}',
    '',
  ].join('\n'),
  'apps/server/src/config.ts': [
    "import { z } from 'zod';",
    'const Schema = z.object({',
    '  PORT: z.coerce.number().default(3000),',
    "  DATA_DIR: z.string().default('./data'),",
    '});',
    'export function loadConfig(env: NodeJS.ProcessEnv = process.env) {',
    '  return Schema.parse(env);',
    '}',
    '',
  ].join('\n'),
  'apps/server/src/server.test.ts':
    "import { it } from 'vitest';\nconst app = makeApp();\napp.get('/only-in-a-test', h);\nit('answers', () => {});\n",
  'test/fixtures/shop/package.json':
    '{\n  "name": "shop",\n  "scripts": {\n    "start": "node src/app.js"\n  },\n  "dependencies": {\n    "express": "4.19.2"\n  }\n}\n',
  'test/fixtures/shop/Dockerfile': 'FROM node:20-alpine\nEXPOSE 8080\nCMD ["node", "src/app.js"]\n',
  'test/fixtures/shop/src/app.js':
    "const express = require('express');\nconst app = express();\napp.get('/fixture-books', list);\n// TODO reject loans for members with overdue books\napp.listen(process.env.SHOP_PORT);\n",
};

describe('the offline report of a monorepo with a fixture app', () => {
  let out: AgentOutput;
  let analysis: Analysis;
  let ws: Workspace;
  const section = (title: string) => out.sections.find((s) => s.title === title)!.markdown;

  beforeAll(async () => {
    const root = await writeTree(TREE);
    ws = await ingestDirectory(root, analyseContext());
    analysis = await analyse(ws, analyseContext());
    const t = templateOf([
      'Overview',
      ['Architecture', ['Entry Points']],
      'Technology Stack',
      'API and Endpoints',
      'Configuration',
      ['Build and Deployment', ['Build Scripts', 'Continuous Integration']],
      'Code Metrics',
      'Dependencies',
      'Known Issues',
      'Conclusion',
      'Getting Started',
    ]);
    out = await runAgents(
      { analysis, template: t, workspace: ws, projectName: 'Acme Reports', imageNames: [] },
      testContext(),
    );
  });

  it('lists the product routes with their constant prefix, and only counts those found in tests and fixtures', () => {
    const api = section('API and Endpoints');
    expect(api).toContain('/auth/v1/health');
    expect(api).toContain('DELETE');
    expect(api).not.toContain('/only-in-a-test');
    expect(api).not.toContain('/fixture-books');
    expect(api).toMatch(/2 further routes are declared only in test code or test fixtures/);
  });

  it("names the file the start script runs as the entry point, not the fixture's Dockerfile", () => {
    const entry = section('Entry Points');
    expect(entry).toContain('apps/server/src/server.ts');
    expect(entry).not.toContain('test/fixtures');
    expect(
      out.sections
        .filter((s) => s.title === 'Build and Deployment' || s.title === 'Build Scripts')
        .map((s) => s.markdown)
        .join('\n'),
    ).not.toContain('test/fixtures/shop/Dockerfile');
    expect(section('Getting Started')).not.toContain('test/fixtures');
  });

  it("does not take the fixture's framework, env vars or TODOs for the product's", () => {
    expect(section('Technology Stack')).toContain('Fastify');
    expect(section('Technology Stack')).not.toContain('Express');
    const config = section('Configuration');
    expect(config).toContain('DATA_DIR');
    expect(config).toContain('PORT');
    expect(config).not.toContain('SHOP_PORT');
    expect(section('Known Issues')).not.toContain('overdue books');
  });

  it('says the code runs on its web framework, not on its first dependency', () => {
    expect(section('Conclusion')).toMatch(/serving 2 HTTP routes on Fastify\./);
  });

  it('uses the given project name and the README paragraph that says what the project is', () => {
    const overview = section('Overview');
    expect(overview).toContain('Acme Reports');
    expect(overview).toContain('turns invoices into monthly statements');
    expect(overview).not.toContain('The first line installs');
  });

  it('sees the committed lockfile although ingest leaves it out of the analysis', () => {
    expect(analysis.skipped.map((s) => s.path)).toContain('package-lock.json');
    expect(section('Dependencies')).not.toMatch(/no lockfile/i);
  });

  it("finds the repository's own CI script and its steps", () => {
    expect(analysis.ci).toEqual([{ provider: 'CI script', path: '.ci/run', jobs: ['Install', 'Tests'] }]);
    const ci = section('Continuous Integration');
    expect(ci).toContain('`.ci/run`');
    expect(ci).toContain('2 steps');
    expect(ci).not.toMatch(/No CI workflow/);
  });

  it('counts that add up and sentences that stand alone', () => {
    // 2 scripts in apps/server (the fixture's are not the product's), told once in their section;
    // the chapter's introduction does not repeat them
    const scripts = section('Build Scripts');
    expect(scripts).toMatch(/^2 package scripts automate the work:/);
    expect(scripts.match(/^\| `\w+` \|/gm)).toHaveLength(2);
    expect(section('Build and Deployment')).not.toMatch(/package scripts/);
    expect(section('Code Metrics')).toMatch(/Largest source file \| `[^`]+` \(\d+ lines?\)/);
  });

  it('states no count, licence, kind or framework that the analysis or another section contradicts', () => {
    const notes = out.trace
      .filter((t) => t.role === 'reviewer')
      .flatMap((t) => (t.details?.notes as string[] | undefined) ?? []);
    expect(notes.filter((n) => /contradicts/.test(n))).toEqual([]);
    for (const s of out.sections)
      expect(findContradictions(s.markdown, analysis, undefined, ['Acme Reports']), s.title).toEqual([]);
  });
});

describe('clipSentences()', () => {
  it('keeps whole sentences and cuts a single long one at a word', () => {
    expect(clipSentences('One two. Three four five six.', 12)).toBe('One two.');
    expect(clipSentences('Short.', 40)).toBe('Short.');
    const long = clipSentences('alpha beta gamma delta epsilon zeta eta theta', 20);
    expect(long.endsWith('…')).toBe(true);
    expect(long.length).toBeLessThanOrEqual(20);
    expect('alpha beta gamma delta epsilon'.startsWith(long.slice(0, -1))).toBe(true);
  });
});
