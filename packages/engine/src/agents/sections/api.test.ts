import { describe, expect, it } from 'vitest';
import type { Analysis, Route } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { bareLibraryAnalysis, sampleAppAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import { api as apiSection, pathParams, shareOut, versionsSentence, writeApi } from './api.ts';

const apiCtx = (a: Analysis): WriterContext => ({
  a,
  fx: factsOf(a),
  plan: { id: '1', level: 1, title: 'API', kind: 'api', evidence: [], hasChildren: false },
  findings: [],
  allFindings: {},
  projectName: 'p',
  workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
});

const route = (path: string, method = 'ANY'): Route => ({
  method,
  path,
  framework: 'Django',
  file: 'urls.py',
  line: 1,
});

describe('the routes table', () => {
  it('shares its rows among the first path segments when there are too many, so a small part still shows', () => {
    const routes = [
      ...Array.from({ length: 40 }, (_, i) => route(`/api/v${i}`)),
      route('/ping/<uuid:code>'),
      route('/ping/<uuid:code>/fail'),
      ...Array.from({ length: 40 }, (_, i) => route(`/projects/${i}`)),
    ];
    const shown = shareOut(routes, 10).map((r) => r.path);
    expect(shown).toHaveLength(10);
    expect(shown).toContain('/ping/<uuid:code>');
    expect(shown).toContain('/ping/<uuid:code>/fail');
    expect(shown.filter((p) => p.startsWith('/api/'))).toHaveLength(4);
    // the order is kept
    expect(shown[0]).toBe('/api/v0');
    expect(shareOut(routes.slice(0, 3), 10)).toHaveLength(3);
  });

  it('shows the methods of one path together or not at all', () => {
    const routes = [
      route('/api/checks/<uuid:code>', 'GET'),
      route('/api/checks/<uuid:code>', 'POST'),
      route('/api/checks/<uuid:code>', 'DELETE'),
      route('/api/status', 'GET'),
      route('/ping/<uuid:code>'),
      route('/ping/<uuid:code>/fail'),
    ];
    expect(shareOut(routes, 4).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/checks/<uuid:code>',
      'POST /api/checks/<uuid:code>',
      'DELETE /api/checks/<uuid:code>',
      'ANY /ping/<uuid:code>',
    ]);
  });
});

describe('path parameters', () => {
  it('a typed converter or a pattern checks a parameter when the route is matched; a string one does not', () => {
    const kinds = (path: string) => pathParams(path).map((p) => `${p.kind || '-'}${p.checked ? '+' : ''}`);
    expect(kinds('/checks/<uuid:code>/<int:n>/<slug:s>')).toEqual(['uuid+', 'int+', 'slug+']);
    expect(kinds('/tokens/<str:token>/<name>/<path:rest>')).toEqual(['str', '-', 'path']);
    expect(kinds('/users/{id:[0-9]+}/{name}/{file:path}')).toEqual(['pattern+', '-', 'path']);
    expect(kinds('/books/:id(\\d+)/:slug')).toEqual(['pattern+', '-']);
    expect(kinds('/blog/[slug]/[[...rest]]')).toEqual(['-', '-']);
    expect(kinds('/health')).toEqual([]);
  });

  it('never asks handlers to validate what a typed converter already checked', () => {
    const a = sampleAppAnalysis();
    const r = (path: string, line: number): Route => ({ ...route(path), file: 'shop/urls.py', line });
    a.routes = [r('/checks/<uuid:code>/', 1), r('/checks/<uuid:code>/pings/<int:n>/', 2), r('/status/', 3)];
    expect(writeApi(apiCtx(a))).toContain(
      '2 routes take path parameters (e.g. `/checks/<uuid:code>/`); typed ones (`uuid` and `int`) are checked when the route is matched.',
    );
    a.routes.push(r('/tokens/<str:token>/', 4));
    expect(writeApi(apiCtx(a))).toContain(
      '3 routes take path parameters (e.g. `/checks/<uuid:code>/`); typed ones (`uuid` and `int`) are checked when the route is matched, while 1 route takes untyped ones (`/tokens/<str:token>/`).',
    );
    a.routes = [r('/tokens/<str:token>/', 4)];
    expect(writeApi(apiCtx(a))).toContain('1 route takes path parameters (`/tokens/<str:token>/`).');
  });
});

describe('the routes sentence of a file-based router', () => {
  const ctx = (routes: Route[]): WriterContext => {
    const a: Analysis = { ...sampleAppAnalysis(), routes };
    return {
      a,
      fx: factsOf(a),
      plan: { id: '1', level: 1, title: 'API', kind: 'api', evidence: [], hasChildren: false },
      findings: [],
      allFindings: {},
      projectName: 'p',
      workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
    };
  };
  const page = (path: string, file: string): Route => ({
    method: 'GET',
    path,
    file,
    line: 1,
    framework: 'Next.js',
  });

  it('names no "busiest" file when each declares one route, and gives no advice on path parameters', () => {
    const md = writeApi(
      ctx([
        page('/', 'app/page.tsx'),
        page('/account', 'app/account/page.tsx'),
        page('/p/[id]', 'app/p/[id]/page.tsx'),
      ]),
    );
    expect(md).not.toMatch(/declares the most/);
    expect(md).toContain('1 route takes path parameters (`/p/[id]`).');
    expect(md).not.toMatch(/must validate/);
  });

  it('still names the file that declares the most when one declares several', () => {
    const md = writeApi(
      ctx([page('/a', 'src/routes.ts'), page('/b', 'src/routes.ts'), page('/c', 'src/other.ts')]),
    );
    expect(md).toMatch(/`src\/routes.ts` declares the most \(2\)/);
  });
});

describe("a Next.js app's server actions", () => {
  it('are listed beside the routes, module by module', () => {
    const a: Analysis = {
      ...sampleAppAnalysis(),
      routes: [{ method: 'GET', path: '/', file: 'app/page.tsx', line: 3, framework: 'Next.js' }],
    };
    a.flow = {
      ...(a.flow ?? ({} as NonNullable<Analysis['flow']>)),
      rendering: {
        serverComponents: [],
        clientComponents: [],
        serverActions: [
          { path: 'lib/auth/server.ts', line: 1, names: ['signIn', 'signOut'] },
          { path: 'lib/pay/server.ts', line: 1, names: ['checkout'] },
        ],
      },
    };
    expect(writeApi(apiCtx(a))).toContain(
      "Besides its routes, the browser can call 3 server actions, the exports of `'use server'` modules: `signIn` and `signOut` in `lib/auth/server.ts:1`; `checkout` in `lib/pay/server.ts:1`.",
    );
  });
});

describe('a library without routes', () => {
  const lib = (): Analysis => {
    const a = bareLibraryAnalysis();
    a.identity = {
      kind: 'library',
      kinds: [],
      purpose: null,
      productPaths: ['lib'],
      nonProduct: [],
      entryPoints: [],
      publicApi: [{ name: 'slugify', kind: 'function', path: 'lib/strings.js', line: 12 }],
      keyComponents: [],
    };
    return a;
  };
  const write = (a: Analysis) =>
    writeApi({
      a,
      fx: factsOf(a),
      plan: { id: '5', level: 1, title: 'API', kind: 'api', evidence: [], hasChildren: false },
      findings: [],
      allFindings: {},
      projectName: 'tinylib',
      workspace: {
        root: '/nowhere',
        name: 'tinylib',
        files: [],
        skipped: [],
      } as unknown as WriterContext['workspace'],
    });

  it('says nothing of HTTP routes where none is in the code base, and says it where some are', () => {
    const a = lib();
    expect(write(a)).not.toMatch(/HTTP/);
    expect(apiSection.analyst(a)[0]!.statement).toBe('1 public name forms its interface, such as `slugify`.');
    const b = lib();
    b.routes = [{ ...route('/demo'), file: 'examples/app.js', area: 'examples' }];
    expect(write(b)).toMatch(/tinylib is a library; it serves no HTTP routes of its own/);
    expect(apiSection.analyst(b)[0]!.statement).toMatch(
      /^It serves no HTTP routes of its own; 1 public name/,
    );
    const c = lib();
    c.identity!.kind = 'framework';
    expect(write(c)).toMatch(/tinylib is a framework.* serves no HTTP routes of its own/);
    // a command-line tool is run; the names its code exports serve other code
    const d = lib();
    d.identity!.kind = 'cli';
    expect(apiSection.analyst(d)[0]!.statement).toBe(
      'Beside the command line, its code exports 1 public name to other code, such as `slugify`.',
    );
  });

  it('names a name exported twice once among the examples, and still counts every public name', () => {
    const a = lib();
    const item = (name: string, kind: string, line: number) => ({ name, kind, path: 'src/index.js', line });
    a.identity!.publicApi = [
      item('Hono', 'class', 1),
      item('Hono', 'export', 2),
      ...['a', 'b', 'c', 'd', 'e'].map((n, i) => item(n, 'function', 10 + i)),
    ];
    expect(apiSection.analyst(a)[0]!.statement).toBe(
      '7 public names form its interface, such as `Hono`, `a`, `b`, `c` and 3 more.',
    );
  });
});

describe('an API kept in several versions', () => {
  it('says the versions serve the same routes, or how many each serves', () => {
    const r = (path: string, method = 'GET') => ({
      method,
      path,
      framework: 'Django',
      file: 'app/urls.py',
      line: 1,
    });
    const same = ['v1', 'v2'].flatMap((v) => [r(`/api/${v}/checks/`), r(`/api/${v}/checks/`, 'POST')]);
    expect(versionsSentence([...same, r('/ping/<uuid:code>/')])).toBe(
      '`/api/v1/` and `/api/v2/` each serve the same 2 routes: one API kept in 2 versions side by side.',
    );
    expect(versionsSentence([...same, r('/api/v2/flips/')])).toBe(
      'The API is served in 2 versions side by side: `/api/v1/` (2 routes) and `/api/v2/` (3 routes).',
    );
    expect(versionsSentence(same.slice(0, 2))).toBeNull();
  });
});
