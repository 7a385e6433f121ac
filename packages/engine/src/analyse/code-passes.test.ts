import { describe, expect, it } from 'vitest';
import { envVarsPass } from './env-vars.ts';
import { languagesPass } from './languages.ts';
import { buildResolveContext, moduleGraphPass } from './module-graph.ts';
import { routesPass } from './routes.ts';
import { sourcesFromMap } from './sources.ts';
import { symbolsPass } from './symbols.ts';
import type { SymbolsResult } from './types.ts';
import { loadTreeSitter } from './tree-sitter.ts';
import { testsPass } from './tests.ts';
import { todosPass } from './todos.ts';
import { dependenciesPass } from './dependencies.ts';

const FILES: Record<string, string> = {
  'package.json': '{ "name": "root", "workspaces": ["packages/*"] }',
  'packages/shared/package.json': '{ "name": "@x/shared" }',
  'packages/shared/src/index.ts':
    'export const LIMIT = 5;\nexport interface User { id: string }\nexport type Id = string;\nexport enum Role { A }\n',
  'packages/api/src/app.ts': [
    "import Fastify from 'fastify';",
    "import { LIMIT } from '@x/shared';",
    "import { helper } from './util/helper.js';",
    'const app = Fastify();',
    "app.get('/health', async () => ({ ok: true }));",
    "app.post('/users/:id', createUser);",
    "app.route({ method: ['PUT', 'PATCH'], url: '/items', handler });",
    "const port = Number(process.env.PORT ?? '3000');",
    "const db = process.env['DATABASE_URL'];",
    '// TODO: add rate limiting',
    'export async function createUser() {}',
    'export default class Server {}',
    'const todoList = []; // the word todo in an identifier is not a marker',
  ].join('\n'),
  'packages/api/src/util/helper.ts': 'export function helper() {}\n/* FIXME(bob): leaks */\n',
  'packages/api/src/app.test.ts':
    "import { it, test } from 'vitest';\nit('works', () => {});\ntest.each([1, 2])('n %i', () => {});\nit.skip('later', () => {});\n",
  'web/server.js':
    "const express = require('express');\nconst router = express.Router();\nrouter.delete('/posts/:id', remove);\nconst m = new Map(); m.get('/not-a-route');\n",
  'py/app.py':
    'from flask import Flask\nimport os\napp = Flask(__name__)\n\n@app.route("/login", methods=["GET", "POST"])\ndef login():\n    return os.environ.get("SECRET_KEY", "dev")\n\nclass Repo:\n    def save(self):\n        pass  # XXX slow\n',
  'py/api.py':
    'from fastapi import FastAPI\nfrom .models import User\napp = FastAPI()\n\n@app.get("/items/{id}")\nasync def read_item(id: int):\n    return os.getenv("REGION")\n',
  'py/models.py': 'class User:\n    pass\n',
  'py/__init__.py': '',
  'py/test_app.py':
    'def test_login():\n    pass\n\ndef test_logout():\n    pass\n\ndef helper():\n    pass\n',
  'shop/urls.py':
    "from django.urls import path\nurlpatterns = [\n    path('orders/<int:pk>/', views.order_detail),\n]\n",
  'go.mod': 'module example.com/svc\n',
  'cmd/main.go':
    'package main\n\nimport (\n\t"fmt"\n\t"example.com/svc/internal/store"\n\t"github.com/gin-gonic/gin"\n)\n\nfunc main() {\n\tr := gin.Default()\n\tr.GET("/ping", ping)\n\tfmt.Println(os.Getenv("GIN_MODE"))\n\tstore.Open()\n}\n\ntype Config struct{}\n\nfunc (c *Config) Load() {}\n',
  'internal/store/store.go': 'package store\n\nfunc Open() {}\n',
  'internal/store/store_test.go':
    'package store\n\nfunc TestOpen(t *testing.T) {}\nfunc TestClose(t *testing.T) {}\n',
  'src/main/java/shop/OrderController.java':
    '@RestController\n@RequestMapping("/api/orders")\npublic class OrderController {\n  @GetMapping("/{id}")\n  public Order get(@PathVariable long id) { return null; }\n  @PostMapping\n  public Order create() { String k = System.getenv("STRIPE_KEY"); return null; }\n}\n',
  'Api/Controllers/UsersController.cs':
    '[ApiController]\n[Route("api/[controller]")]\npublic class UsersController : ControllerBase {\n    [HttpGet("{id}")]\n    public IActionResult Get(int id) => Ok();\n}\n',
  'Api/Program.cs':
    'var app = WebApplication.Create();\napp.MapGet("/status", () => "ok");\nvar c = Environment.GetEnvironmentVariable("CONN");\n',
  'lib/x.rs': 'pub fn run() { let k = std::env::var("RUST_LOG"); }\nstruct Inner;\n#[test]\nfn t() {}\n',
  '.env.example': 'PORT=3000\nAPI_TOKEN=replace-me-with-a-real-token\n',
};

function expectSymbols(sym: SymbolsResult) {
  const find = (name: string) => sym.symbols.find((s) => s.name === name);
  expect(find('LIMIT')).toMatchObject({
    kind: 'const',
    exported: true,
    line: 1,
    path: 'packages/shared/src/index.ts',
  });
  expect(find('User')).toMatchObject({ kind: 'interface' });
  expect(find('Role')).toMatchObject({ kind: 'enum', line: 4 });
  expect(find('createUser')).toMatchObject({ kind: 'function', exported: true, line: 11 });
  expect(find('Server')).toMatchObject({ kind: 'class', exported: true });
  expect(find('todoList')).toBeUndefined(); // unexported local constants are not API
  expect(find('save')).toMatchObject({ kind: 'method', path: 'py/app.py', line: 10 });
  expect(find('Config')).toMatchObject({ kind: 'struct', exported: true });
  expect(find('Load')).toMatchObject({ kind: 'method' });
  expect(find('run')).toMatchObject({ kind: 'function', exported: true });
  expect(find('Inner')).toMatchObject({ kind: 'struct', exported: false });
  expect(find('OrderController')).toMatchObject({ kind: 'class', exported: true });
}

describe('code passes', () => {
  const src = sourcesFromMap(FILES);
  const { files } = languagesPass(src);
  const sym = symbolsPass(src, files);

  it('extracts symbols with kind, line and visibility (regex extractor)', () => expectSymbols(sym));

  it('resolves imports and builds a directory-level module graph', () => {
    const deps = dependenciesPass(src);
    const graph = moduleGraphPass(files, sym.imports, buildResolveContext(src, deps.manifests));
    const imp = (spec: string) => sym.imports.find((i) => i.specifier === spec);
    expect(imp('./util/helper.js')).toMatchObject({ resolved: 'packages/api/src/util/helper.ts', line: 3 });
    expect(imp('@x/shared')!.resolved).toBe('packages/shared/src/index.ts');
    expect(imp('fastify')!.resolved).toBeUndefined();
    expect(imp('.models')!.resolved).toBe('py/models.py');
    expect(imp('example.com/svc/internal/store')!.resolved).toBe('internal/store');
    expect(imp('github.com/gin-gonic/gin')!.resolved).toBeUndefined();
    const edge = (from: string, to: string) => graph.edges.find((e) => e.from === from && e.to === to);
    const ids = graph.nodes.map((n) => n.id);
    expect(ids.length).toBeLessThanOrEqual(24);
    // whatever depth was chosen, the api package depends on the shared package and cmd on internal
    expect(
      graph.edges.some((e) => e.from.startsWith('packages/api') && e.to.startsWith('packages/shared')),
    ).toBe(true);
    expect(graph.edges.some((e) => e.from.startsWith('cmd') && e.to.startsWith('internal'))).toBe(true);
    expect(edge('py', 'py')).toBeUndefined(); // no self-loops
  });

  it('finds HTTP routes of each framework with file:line', () => {
    const routes = routesPass(src, files);
    const r = (method: string, path: string) => routes.find((x) => x.method === method && x.path === path);
    expect(r('GET', '/health')).toMatchObject({
      framework: 'Fastify',
      file: 'packages/api/src/app.ts',
      line: 5,
    });
    expect(r('POST', '/users/:id')).toMatchObject({ handler: 'createUser', line: 6 });
    expect(r('PUT', '/items')).toBeDefined();
    expect(r('PATCH', '/items')).toBeDefined();
    expect(r('DELETE', '/posts/:id')).toMatchObject({ framework: 'Express', line: 3 });
    expect(routes.find((x) => x.path === '/not-a-route')).toBeUndefined();
    expect(r('GET', '/login')).toMatchObject({ framework: 'Flask', handler: 'login', line: 5 });
    expect(r('POST', '/login')).toBeDefined();
    expect(r('GET', '/items/{id}')).toMatchObject({ framework: 'FastAPI', handler: 'read_item' });
    expect(r('ANY', '/orders/<int:pk>/')).toMatchObject({ framework: 'Django', line: 3 });
    expect(r('GET', '/ping')).toMatchObject({ framework: 'Gin', line: 11 });
    expect(r('GET', '/api/orders/{id}')).toMatchObject({ framework: 'Spring', line: 4, handler: 'get' });
    expect(r('POST', '/api/orders')).toMatchObject({ framework: 'Spring', line: 6 });
    expect(r('GET', '/api/users/{id}')).toMatchObject({ framework: 'ASP.NET', line: 4 });
    expect(r('GET', '/status')).toMatchObject({ framework: 'ASP.NET', line: 2 });
  });

  it('lists environment variables with defaults, hiding example values of secret-looking names', () => {
    const env = envVarsPass(src, files);
    const v = (name: string) => env.find((e) => e.name === name);
    expect(v('PORT')).toMatchObject({ file: 'packages/api/src/app.ts', line: 8, defaultValue: '3000' });
    expect(v('DATABASE_URL')).toMatchObject({ line: 9 });
    expect(v('SECRET_KEY')).toMatchObject({ file: 'py/app.py', line: 7 });
    expect(v('SECRET_KEY')!.defaultValue).toBeUndefined();
    for (const n of ['REGION', 'GIN_MODE', 'STRIPE_KEY', 'CONN', 'RUST_LOG']) expect(v(n), n).toBeDefined();
    const token = env.find((e) => e.name === 'API_TOKEN');
    expect(token).toMatchObject({ file: '.env.example', line: 2 });
    expect(token!.defaultValue).toBeUndefined();
  });

  it('counts test cases per file and names the frameworks', () => {
    const deps = dependenciesPass(src);
    const t = testsPass(src, files, [
      ...deps.dependencies,
      { ecosystem: 'npm', name: 'vitest', version: '4', scope: 'dev', manifest: 'package.json' },
    ]);
    const cases = (p: string) => t.files.find((f) => f.path === p)?.cases;
    expect(cases('packages/api/src/app.test.ts')).toBe(3);
    expect(cases('py/test_app.py')).toBe(2);
    expect(cases('internal/store/store_test.go')).toBe(2);
    expect(t.totalCases).toBeGreaterThanOrEqual(7);
    expect(t.frameworks).toEqual(expect.arrayContaining(['Vitest', 'go test']));
  });

  it('finds TODO-style markers only in comments', () => {
    const todos = todosPass(src, files);
    expect(todos).toContainEqual({
      tag: 'TODO',
      text: 'add rate limiting',
      file: 'packages/api/src/app.ts',
      line: 10,
    });
    expect(todos).toContainEqual({
      tag: 'FIXME',
      text: 'leaks',
      file: 'packages/api/src/util/helper.ts',
      line: 2,
    });
    expect(todos).toContainEqual({ tag: 'XXX', text: 'slow', file: 'py/app.py', line: 11 });
    expect(todos.filter((t) => t.file === 'packages/api/src/app.ts')).toHaveLength(1);
  });
});

describe('small helpers', () => {
  it('summarises a README that opens with a code block, keeping links and snake_case words', async () => {
    const { summariseReadme } = await import('./docs.ts');
    const r = summariseReadme(
      '# Tool\n\n```sh\nnpm i\n```\n\nStarts at <http://localhost:3000> when `MY_PORT` is unset, see [docs](d.md).\n\n## Usage\n### Flags\n',
    );
    expect(r).toEqual({
      title: 'Tool',
      summary: 'Starts at http://localhost:3000 when MY_PORT is unset, see docs.',
      headings: ['Usage', 'Flags'],
    });
  });

  it('takes no heading from a code block fenced with more backticks than the fences it shows', async () => {
    const { summariseReadme } = await import('./docs.ts');
    const r = summariseReadme(
      '# Tool\n\n## Strings\n\n````text\nx := ```\n  echo\n```\n````\n\n```text\n# a comment, not a heading\n```\n\n## Usage\n',
    );
    expect(r.headings).toEqual(['Strings', 'Usage']);
  });

  it('identifies common licences', async () => {
    const { identifyLicense } = await import('./license.ts');
    expect(identifyLicense('Apache License\nVersion 2.0, January 2004')).toBe('Apache-2.0');
    expect(identifyLicense('GNU GENERAL PUBLIC LICENSE\nVersion 3, 29 June 2007')).toBe('GPL-3.0');
    expect(identifyLicense('Redistribution and use in source and binary forms ... Neither the name of')).toBe(
      'BSD-3-Clause',
    );
    expect(identifyLicense('All rights reserved.')).toBeNull();
  });

  it('quotes an empty marker by the comment lines below it, never the next line with its comment marker', () => {
    const src = sourcesFromMap({
      'c.go':
        'package c\n\n// Encoders.\n//\n// TODO:\n// lzma: Opera.\n// br: Brotli.\n\n// TODO:\nfunc f() {}\n',
    });
    const { files } = languagesPass(src);
    expect(todosPass(src, files)).toEqual([
      { tag: 'TODO', text: 'lzma: Opera. br: Brotli.', file: 'c.go', line: 5 },
      { tag: 'TODO', text: '', file: 'c.go', line: 9 },
    ]);
  });

  it('skips markers in the sample code a page shows, keeping its own comments', () => {
    const src = sourcesFromMap({
      'templates/usage.html':
        '<!-- TODO: add a tab -->\n<div><pre><span class="c1"># FIXME: replace the schedule</span>\n' +
        '<span># TODO: run the job here</span></pre></div>\n<p><code># XXX: sample</code></p>\n' +
        '<script>\n// FIXME: debounce\n</script>\n',
    });
    const { files } = languagesPass(src);
    expect(todosPass(src, files).map((t) => `${t.line} ${t.tag} ${t.text}`)).toEqual([
      '1 TODO add a tab',
      '6 FIXME debounce',
    ]);
  });

  it('does not take a list of marker names or an async handler for findings', () => {
    const src = sourcesFromMap({
      'a.ts':
        "import express from 'express';\n// TODO/FIXME markers are listed here\napp.get('/x', async (req) => 1);\n",
    });
    const { files } = languagesPass(src);
    expect(todosPass(src, files)).toEqual([]);
    expect(routesPass(src, files)[0]).toMatchObject({ path: '/x', handler: undefined });
  });
});

describe('tree-sitter extractor', async () => {
  const ts = await loadTreeSitter();
  const src = sourcesFromMap(FILES);
  const { files } = languagesPass(src);

  it('loads the shipped grammars for TypeScript, JavaScript, Python and Go', () => {
    expect(ts).not.toBeNull();
    expect(ts!.languages).toEqual(
      expect.arrayContaining(['typescript', 'tsx', 'javascript', 'python', 'go']),
    );
  });

  it('finds the same symbols and imports from real syntax trees', () => {
    const sym = symbolsPass(src, files, ts);
    expectSymbols(sym);
    const imp = (spec: string) => sym.imports.find((i) => i.specifier === spec);
    expect(imp('./util/helper.js')).toMatchObject({ from: 'packages/api/src/app.ts', line: 3 });
    expect(imp('express')).toMatchObject({ from: 'web/server.js', line: 1 });
    expect(imp('.models')).toMatchObject({ from: 'py/api.py', line: 2 });
    expect(imp('example.com/svc/internal/store')).toMatchObject({ from: 'cmd/main.go', line: 5 });
  });

  it('is not fooled by declarations inside strings and comments, unlike a regex', () => {
    const text =
      'const doc = `\nfunction fake() {}\n`;\n/*\nclass Hidden {}\n*/\nexport function real() {}\n';
    const r = ts!.extract('a.ts', text, 'TypeScript')!;
    expect(r.symbols.map((s) => s.name)).toEqual(['real']);
  });
});

describe('env vars declared as a schema over the whole environment', () => {
  it('reads the keys of a zod schema parsed from process.env, with their defaults, and ignores plain objects', () => {
    const src = sourcesFromMap({
      'src/config.ts': [
        "import { z } from 'zod';",
        'const optionalUrl = z.url().optional();',
        'export const ConfigSchema = z.object({',
        "  NODE_ENV: z.enum(['development', 'production']).default('production'),",
        '  PORT: z.coerce.number().int().default(3000),',
        '  SITE_URL: optionalUrl,',
        '  REFRESH_INTERVAL_S: z.coerce.number().default(86_400),',
        '});',
        'export const LIMITS = {',
        "  MAX_SIZE: 'big',",
        '};',
        'export function loadConfig(env: NodeJS.ProcessEnv = process.env) {',
        '  return ConfigSchema.parse(env);',
        '}',
      ].join('\n'),
      'src/other.ts':
        'const Schema = z.object({\n  NOT_ENV: z.string(),\n});\nconst port = process.env.PORT;\n',
    });
    const vars = envVarsPass(src, languagesPass(src).files);
    const inConfig = vars.filter((v) => v.file === 'src/config.ts');
    expect(inConfig.map((v) => [v.name, v.line, v.defaultValue])).toEqual([
      ['NODE_ENV', 4, 'production'],
      ['PORT', 5, '3000'],
      ['SITE_URL', 6, undefined],
      ['REFRESH_INTERVAL_S', 7, '86400'],
    ]);
    // a schema in a file that only reads single variables is not an environment schema
    expect(vars.some((v) => v.name === 'NOT_ENV')).toBe(false);
  });
});

describe('env vars in comments', () => {
  it('a variable named in a comment is not read', () => {
    const src = sourcesFromMap({
      'src/a.ts':
        '// reads `process.env.DOCUMENTED` elsewhere\n/*\n * process.env.IN_BLOCK\n */\nconst x = process.env.REAL;\n',
      'run.sh': '# ${COMMENTED}\necho "${USED}"\n',
    });
    expect(
      envVarsPass(src, languagesPass(src).files)
        .map((v) => v.name)
        .sort(),
    ).toEqual(['REAL', 'USED']);
  });
});

describe('TODO markers', () => {
  it('counts a marker only where it opens a real comment, not in prose about markers or in strings', () => {
    const src = sourcesFromMap({
      'a.ts': [
        '// only prose-free languages: a TODO in a markdown checklist is not a code marker',
        "const sample = '// TODO add rate limiting';",
        'const tpl = `x;\\n// FIXME leaks`;',
        '// TODO: real one',
        "const s = 'it''s'; // FIXME after a string",
      ].join('\n'),
      'b.py': 'msg = "it\'s"  # TODO python one\n',
    });
    expect(
      todosPass(src, languagesPass(src).files).map((t) => `${t.file}:${t.line} ${t.tag} ${t.text}`),
    ).toEqual(['a.ts:4 TODO real one', 'a.ts:5 FIXME after a string', 'b.py:1 TODO python one']);
  });
});

describe('README summary', () => {
  it('takes the paragraph that says what the project is, not the one explaining a command block', async () => {
    const { summariseReadme } = await import('./docs.ts');
    const readme =
      '# Shop\n\n```sh\nnpm install && npm start\n```\n\nThe first line installs everything and starts the app.\n\n## Layout\n\nFolders are listed below for reference.\n\n## What it is\n\nShop sells books online and ships them.\n';
    expect(summariseReadme(readme).summary).toBe('Shop sells books online and ships them.');
    expect(
      summariseReadme(
        '# X\n\n```\nrun\n```\n\nExplains the command above in detail.\n\n## Usage\n\nX formats dates for humans.\n',
      ).summary,
    ).toBe('X formats dates for humans.');
    expect(
      summariseReadme(
        '# X\n\nX is a tiny date library for humans.\n\n## What it is\n\nA longer story about the library.\n',
      ).summary,
    ).toBe('A longer story about the library.');
  });
});

describe('secret-looking variable names', () => {
  it('a credential is secret; a limit, duration, switch or address about one is not', async () => {
    const { isSecretName } = await import('./env-vars.ts');
    for (const n of [
      'JWT_SECRET',
      'AI_API_KEY',
      'STRIPE_SECRET_KEY',
      'GITHUB_TOKEN',
      'DB_PASSWORD',
      'SUPABASE_JWT_SECRET',
    ])
      expect(isSecretName(n), n).toBe(true);
    for (const n of [
      'ACCESS_TOKEN_TTL_S',
      'AI_MAX_TOKENS_PER_REPORT',
      'AUTH_RATE_LIMIT_PER_IP',
      'AUTH_AUTOCONFIRM',
      'SUPABASE_JWKS_URL',
      'PORT',
    ])
      expect(isSecretName(n), n).toBe(false);
  });
});
