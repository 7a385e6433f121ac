// The purpose paragraph: the README's sentence that says what the project is, and what follows it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Analysis, Identity } from '../analyse/types.ts';
import { factsOf } from './facts.ts';
import {
  keyComponentParts,
  kindPhrase,
  productSize,
  plainProse,
  publicApiParts,
  purposeParagraph,
  rankedApi,
  rankedRoutes,
  usageCounts,
  surfaceSentence,
  usesOf,
  readmeFeatures,
  readmeContrast,
  withRoutes,
  readmeNotice,
  readmeTitleRole,
  routeTasks,
} from './identity-text.ts';
import { writeOverview } from './sections/overview.ts';
import { centralFiles } from '../analyse/identity/components.ts';
import { componentSubtitle, componentSvg } from '../figures/components.ts';
import { sampleAppAnalysis, unpublishedModuleBuild } from './test-fixtures.ts';
import type { Workspace } from '../types.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'atr-purpose-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function paragraphOf(readme: string, line: number, text: string) {
  writeFileSync(path.join(root, 'README.md'), readme);
  const a = { identity: { purpose: { text, source: { path: 'README.md', line } } } } as unknown as Analysis;
  return purposeParagraph(a, { root } as Workspace)!.sentences;
}

describe('kindPhrase()', () => {
  it('tells a monorepo as the layout, never as a use', () => {
    const id = (kind: string, kinds: string[]) => ({ kind, kinds }) as unknown as Identity;
    expect(kindPhrase(id('application', ['web-application', 'monorepo']))).toBe(
      'a web application, laid out as a monorepo',
    );
    expect(kindPhrase(id('framework', ['library', 'monorepo']))).toBe(
      'a framework, also used as a library, laid out as a monorepo',
    );
    expect(kindPhrase(id('monorepo', []))).toBe('a monorepo');
  });
});

describe('purpose paragraph', () => {
  it('takes the next paragraph about the same thing after a one-line purpose, past notes on the README', () => {
    const readme = [
      '# tool',
      '',
      '`tool` is a handy way to save and run project-specific commands.',
      '',
      'This readme is also available as a [book](https://example.org/book).',
      '',
      'Commands, called recipes, are stored in a file called `toolfile`:',
      '',
      '```make',
      'build:',
      '```',
    ].join('\n');
    expect(paragraphOf(readme, 3, 'tool is a handy way to save and run project-specific commands.')).toEqual([
      'tool is a handy way to save and run project-specific commands.',
      'Commands, called recipes, are stored in a file called toolfile.',
    ]);
  });

  it('leaves out popularity, support and set-up paragraphs', () => {
    const readme = [
      'Fetch is a simple, yet elegant, HTTP library.',
      '',
      'Fetch is one of the most downloaded packages today, with 300M downloads a week.',
      '',
      'Fetch officially supports Python 3.10+.',
      '',
      'You first need to clone the project and set up your requests environment.',
    ].join('\n');
    expect(paragraphOf(readme, 1, 'Fetch is a simple, yet elegant, HTTP library.')).toEqual([
      'Fetch is a simple, yet elegant, HTTP library.',
    ]);
  });
});

describe('key components', () => {
  const analysis = (files: number, described: boolean[]): Analysis =>
    ({
      identity: {
        keyComponents: described.map((_, i) => ({
          path: `lib/f${i}.js`,
          rank: 1,
          ...(i === 0 ? { summary: 'Runs each request through the middleware.' } : {}),
        })),
        centrality: Object.fromEntries(Array.from({ length: files }, (_, i) => [`lib/f${i}.js`, 1])),
      },
      flow: {
        abstractions: [],
        defines: described.flatMap((d, i) =>
          d && i > 0 ? [{ path: `lib/f${i}.js`, names: ['Thing'] }] : [],
        ),
      },
    }) as unknown as Analysis;

  it('says what each file of a small product does instead of ranking them', () => {
    const md = keyComponentParts(analysis(4, [true, true, true, true])).join('\n');
    expect(md).toMatch(/^The product's 4 code files:$/m);
    expect(md).not.toMatch(/Rank/);
    expect(md).toMatch(/Runs each request through the middleware\./);
    // some files have nothing to say of: the lead-in counts them all, and names the main path's
    const some = analysis(7, [true, true, true, true]);
    some.identity!.components = {
      nodes: ['lib/f0.js', 'lib/f1.js', 'lib/f2.js', 'lib/f3.js'],
      edges: [],
      unranked: true,
      of: 7,
    };
    some.identity!.mainPath = [{ name: 'listen', owner: 'App', path: 'lib/f0.js', line: 3 }];
    expect(keyComponentParts(some).join('\n')).toMatch(
      /^4 of the product's 7 code files; the first holds steps of the main path:$/m,
    );
  });

  it('tells a file that is the prototype of a per-request object by that role and what it delegates', () => {
    const a = analysis(4, [true, true]);
    a.identity!.mainPath = [{ name: 'listen', owner: 'App', path: 'lib/f0.js', line: 3 }];
    a.flow!.prototypes = [
      {
        path: 'lib/f1.js',
        name: 'context',
        members: ['cookies'],
        by: { name: 'createContext', owner: 'App', path: 'lib/f0.js', line: 20 },
        delegates: [
          { to: 'response', members: 18, line: 195 },
          { to: 'request', members: 29, line: 219 },
        ],
      },
    ];
    expect(keyComponentParts(a).join('\n')).toContain(
      '| `lib/f1.js` | the prototype of the `context` object `App.createContext()` makes for each request (`lib/f0.js:20`); it hands 18 members on to `response` (`lib/f1.js:195`) and 29 on to `request` (`lib/f1.js:219`); it defines `Thing` |',
    );
  });

  it('names the files the component diagram draws, the same files and as many, chosen once', async () => {
    // ten files ranked, two of them with nothing to say: the table and the diagram both leave them out
    const a = analysis(30, [true, false, true, true, true, true, false, true, true, true, true]);
    const central = centralFiles(a.identity!, a.flow, []);
    expect(central.paths).toHaveLength(8);
    expect(central.paths).not.toContain('lib/f1.js');
    const edges = central.paths
      .slice(1)
      .map((to) => ({ from: central.paths[0]!, to, names: ['Thing'], weight: 1 }));
    a.identity!.components = { nodes: central.paths, edges: edges.slice(0, 2) };
    const rows = [
      ...keyComponentParts(a)
        .join('\n')
        .matchAll(/^\| `([^`]+)` \| \d/gm),
    ].map((m) => m[1]);
    expect(rows).toEqual(central.paths);
    // every file in a box, one no arrow touches too, and the subtitle counts them
    const svg = (await componentSvg(a.identity!.components))!;
    for (const p of central.paths) expect(svg).toContain(`>${p.split('/').pop()}<`);
    expect(svg).toContain('The product&#39;s 8 most central files');
    // a product too small to rank: its files told of, not "the 3 most central" of 3
    const few = analysis(3, [true, true, false]);
    const told = centralFiles(few.identity!, few.flow, []);
    expect(told).toEqual({ paths: ['lib/f0.js', 'lib/f1.js'], ranked: false });
    expect(componentSubtitle({ nodes: told.paths, edges: [], unranked: true, of: 2 })).toBe(
      "The product's 2 code files",
    );
    expect(componentSubtitle({ nodes: told.paths, edges: [], unranked: true, of: 3 })).toBe(
      "2 of the product's 3 code files",
    );
  });

  it('ranks the files of a larger product', () => {
    const md = keyComponentParts(analysis(30, [true, true])).join('\n');
    expect(md).toMatch(/^The product's 2 key files:$/m);
    expect(md).toMatch(/Rank/);
    // what the rows are, group by group, told by the code rather than by how they were chosen
    const a = analysis(30, [true, true, true]);
    a.identity!.mainPath = [{ name: 'main', path: 'lib/f0.js', line: 3 }];
    expect(keyComponentParts(a)[0]).toBe(
      "Of the product's 3 key files, the first one holds steps of the main path:",
    );
    expect(keyComponentParts(a).join('\n')).not.toMatch(/carry the most weight/);
    // the next rows named by the central types they define; the rest's order is a score, and not told
    const typed = analysis(30, [true, true, true]);
    typed.identity!.mainPath = a.identity!.mainPath;
    typed.flow!.abstractions = [
      { name: 'Config', path: 'lib/f1.js', line: 1, methods: 1, uses: 9 },
      { name: 'Entry', path: 'lib/f1.js', line: 9, methods: 2, uses: 7 },
    ];
    expect(keyComponentParts(typed)[0]).toBe(
      "Of the product's 3 key files, the first one holds steps of the main path, and the next one defines `Config` and `Entry`:",
    );
  });

  it("adds the main path's public steps in a file to its docstring summary", () => {
    const a = analysis(30, [true, true]);
    a.identity!.mainPath = [
      { name: 'get', path: 'lib/f0.js', line: 3 },
      { name: '_merge', path: 'lib/f0.js', line: 9 },
      { name: 'send', owner: 'Session', path: 'lib/f1.js', line: 5 },
    ];
    const md = keyComponentParts(a).join('\n');
    expect(md).toMatch(
      /Runs each request through the middleware\. The main path runs through `get\(\)` here\./,
    );
    expect(md).not.toMatch(/_merge/);
  });

  it('keeps a main-path file with no docstring and no public name, told by the steps it holds', () => {
    const a = analysis(30, [true, false, true]);
    a.identity!.mainPath = [
      { name: 'main', path: 'lib/f0.js', line: 3 },
      { name: 'parse_args', owner: '_Parser', path: 'lib/f1.js', line: 9 },
    ];
    const md = keyComponentParts(a).join('\n');
    expect(md).toContain('| `lib/f1.js` | 2 | the main path runs through `_Parser.parse_args()` here |');
  });

  it('leaves out a file it has nothing to say about rather than printing an empty description', () => {
    const md = keyComponentParts(analysis(30, [true, false, true])).join('\n');
    expect(md).not.toMatch(/lib\/f1\.js/);
    expect(md).not.toMatch(/—/);
    expect(md).toMatch(/lib\/f2\.js/);
  });
});

describe('the public names in reading order', () => {
  it('puts printing and serialising methods after the names that show how the project is used', () => {
    const item = (name: string, line: number) => ({ name, kind: 'method', path: 'lib/application.js', line });
    const id = {
      publicApi: [item('inspect', 10), item('toJSON', 20), item('use', 30), item('listen', 40)],
      keyComponents: [],
      mainPath: [],
    } as unknown as Parameters<typeof rankedApi>[0];
    expect(rankedApi(id).map((e) => e.name)).toEqual(['use', 'listen', 'inspect', 'toJSON']);
  });

  it('leads with what the package is when imported, wherever it is defined', () => {
    const id = {
      publicApi: [
        { name: 'json', kind: 'export', path: 'lib/express.js', line: 77 },
        { name: 'createApplication', kind: 'export', path: 'lib/express.js', line: 27, isDefault: true },
        { name: 'use', kind: 'method', path: 'index.js', line: 3 },
      ],
      entryPoints: [{ path: 'index.js', line: 1, how: 'package index' }],
      keyComponents: [],
      mainPath: [],
    } as unknown as Parameters<typeof rankedApi>[0];
    expect(rankedApi(id).map((e) => e.name)[0]).toBe('createApplication');
  });

  it('leads with the function the main path enters at, before the types that describe it', () => {
    const id = {
      publicApi: [
        { name: 'StateCreator', kind: 'type', path: 'src/vanilla.ts', line: 28 },
        { name: 'StoreApi', kind: 'interface', path: 'src/vanilla.ts', line: 9 },
        { name: 'createStore', kind: 'const', path: 'src/vanilla.ts', line: 99 },
        { name: 'create', kind: 'const', path: 'src/react.ts', line: 63 },
      ],
      entryPoints: [{ path: 'src/index.ts', line: 1, how: 'package index' }],
      keyComponents: [],
      mainPath: [{ name: 'create', path: 'src/react.ts', line: 63 }],
    } as unknown as Parameters<typeof rankedApi>[0];
    expect(rankedApi(id).map((e) => e.name)[0]).toBe('create');
  });

  it("puts the names of the package users import before its subpackages' names", () => {
    const id = {
      publicApi: [
        { name: 'Logger', kind: 'struct', path: 'middleware/logger.go', line: 3 },
        { name: 'Mux', kind: 'struct', path: 'mux.go', line: 5 },
        { name: 'NewRouter', kind: 'function', path: 'chi.go', line: 9 },
      ],
      entryPoints: [{ path: 'chi.go', line: 9, how: 'exported constructor' }],
      keyComponents: [],
      mainPath: [],
    } as unknown as Parameters<typeof rankedApi>[0];
    expect(rankedApi(id).map((e) => e.name)).toEqual(['Mux', 'NewRouter', 'Logger']);
  });

  it("leads with the routes the main path serves, one per handler, and puts a framework's admin site last", () => {
    const route = (name: string, handler: string, file: string, line: number) => ({
      name,
      kind: 'route ANY',
      path: file,
      line,
      handler,
    });
    const id = {
      publicApi: [
        route('/admin/login/', 'accounts_views.login', 'hc/urls.py', 16),
        route('/admin/', 'admin.site.urls', 'hc/urls.py', 17),
        route('/ping/<uuid:code>/', 'views.ping', 'hc/api/urls.py', 34),
        route('/ping/<uuid:code>/fail', 'views.ping', 'hc/api/urls.py', 35),
        route('/api/v1/checks/', 'views.checks', 'hc/api/urls.py', 49),
      ],
      entryPoints: [{ path: 'hc/wsgi.py', line: 1, how: 'Django wsgi.py' }],
      keyComponents: [],
      mainPath: [{ name: 'ping', path: 'hc/api/views.py', line: 181 }],
    } as unknown as Parameters<typeof rankedApi>[0];
    expect(rankedApi(id).map((e) => e.name)).toEqual([
      '/ping/<uuid:code>/',
      '/api/v1/checks/',
      '/admin/login/',
      '/admin/',
      '/ping/<uuid:code>/fail',
    ]);
    const routes = id.publicApi.map((e) => ({ path: e.name, handler: e.handler }));
    expect(rankedRoutes(routes, id).map((r) => r.path)).toEqual([
      '/ping/<uuid:code>/',
      '/api/v1/checks/',
      '/admin/login/',
      '/admin/',
      '/ping/<uuid:code>/fail',
    ]);
  });

  it('ranks Go names by their resolved uses: a standard-library name or a call on a value is not a use of a type or function', () => {
    writeFileSync(
      path.join(root, 'app.go'),
      [
        'package main',
        '',
        'import (',
        '\t"net/http"',
        '',
        '\t"github.com/acme/router/v5"',
        ')',
        '',
        'func main() {',
        '\tr := router.New()',
        '\tr.Use(mw)',
        '\tr.Use(other)',
        '\tr.Route("/a", nil)',
        '\tvar h http.Handler = http.HandlerFunc(nil)',
        '\tvar g http.Handler = h',
        '\t_ = mws.Handler(g)',
        '}',
        '',
        'func (mx *Mux) Route(p string) {}',
      ].join('\n'),
    );
    const item = (name: string, kind: string, owner?: string) => ({
      name,
      kind,
      path: 'mux.go',
      line: 1,
      ...(owner ? { owner } : {}),
    });
    const a = {
      files: [{ path: 'app.go', size: 400 }],
      identity: {
        publicApi: [
          item('Handler', 'method', 'Middlewares'),
          item('Use', 'method', 'Mux'),
          item('New', 'function'),
          item('Route', 'struct'),
          item('Route', 'method', 'Mux'),
        ],
        keyComponents: [],
        mainPath: [],
      },
    } as unknown as Analysis;
    const usage = usageCounts(a, { root } as Workspace);
    const ranked = rankedApi(a.identity!, usage).map(
      (e) => `${e.owner ? `${e.owner}.` : ''}${e.name}:${e.kind}`,
    );
    // among methods and functions, `Use` (2 calls) leads `Handler` (1 call on a value; `http.Handler` is
    // the standard library's); the struct `Route` counts no use from a method call or declaration
    expect(ranked.slice(1, 3)).toEqual(['Mux.Use:method', 'Middlewares.Handler:method']);
    expect(usage.get('Route') ?? 0).toBe(usage.get('Route(') ?? 0);
    expect(usage.get('Handler') ?? 0).toBe(0);
    expect(usage.get('.Handler')).toBe(1);
  });

  it('counts a Go method call for the type of the value it is made on, and none on a standard-library value', () => {
    writeFileSync(
      path.join(root, 'lib.go'),
      ['package router', '', 'func NewRouter() *Mux {', '\treturn &Mux{}', '}'].join('\n'),
    );
    writeFileSync(
      path.join(root, 'app.go'),
      [
        'package main',
        '',
        'import (',
        '\t"net/http"',
        '\t"sync"',
        '',
        '\t"github.com/acme/router/v5"',
        ')',
        '',
        'func main() {',
        '\tr := router.NewRouter()',
        '\tr.Get("/", func(w http.ResponseWriter, r *http.Request) {',
        '\t\tw.Header().Add("Allow", "GET")',
        '\t\tr.Header.Add("X", "1")',
        '\t})',
        '\tr.ServeHTTP(nil, nil)',
        '\tvar wg sync.WaitGroup',
        '\twg.Add(1)',
        '\treq, _ := http.NewRequest("GET", "/", nil)',
        '\treq.Header.Add("Y", "2")',
        '}',
        '',
        'func wrap(next http.Handler) http.Handler {',
        '\treturn http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {',
        '\t\tnext.ServeHTTP(w, r)',
        '\t})',
        '}',
      ].join('\n'),
    );
    writeFileSync(
      path.join(root, 'README.md'),
      'Add a route, then wrap any `http.HandlerFunc` or `h.ServeHTTP`.\n',
    );
    const item = (name: string, kind: string, owner?: string) => ({
      name,
      kind,
      path: 'lib.go',
      line: 1,
      ...(owner ? { owner } : {}),
    });
    const a = {
      files: [
        { path: 'lib.go', size: 100 },
        { path: 'app.go', size: 800 },
        { path: 'README.md', size: 100 },
      ],
      identity: {
        publicApi: [
          item('NewRouter', 'function'),
          item('Get', 'method', 'Mux'),
          item('ServeHTTP', 'method', 'Mux'),
          item('ServeHTTP', 'method', 'Chain'),
          item('Add', 'method', 'Params'),
          item('HandlerFunc', 'method', 'Middlewares'),
        ],
        keyComponents: [],
        mainPath: [],
      },
    } as unknown as Analysis;
    const usage = usageCounts(a, { root } as Workspace);
    const uses = (name: string, owner: string) => usesOf(usage, item(name, 'method', owner));
    // `r` is the router outside the handler and the request inside it
    expect(uses('Get', 'Mux')).toBe(1);
    expect(uses('ServeHTTP', 'Mux')).toBe(1);
    // `next` is any handler: no use of the one type or the other that declares the name
    expect(uses('ServeHTTP', 'Chain')).toBe(0);
    // headers, wait groups and prose are not the product's `Add`; `http.HandlerFunc` is the library's
    expect(uses('Add', 'Params')).toBe(0);
    expect(uses('HandlerFunc', 'Middlewares')).toBe(0);
    // the main path runs through the router's ServeHTTP, not every type's method of that name
    const withPath = {
      ...a.identity!,
      mainPath: [{ name: 'ServeHTTP', owner: 'Mux', path: 'lib.go', line: 1 }],
    };
    const ranked = rankedApi(withPath as typeof a.identity & object, usage).map(
      (e) => `${e.owner}.${e.name}`,
    );
    expect(ranked[0]).toBe('Mux.ServeHTTP');
    expect(ranked.indexOf('Chain.ServeHTTP')).toBeGreaterThan(ranked.indexOf('Mux.Get'));
  });
});

describe('the objects made for each request', () => {
  it('are told beside the exported names, with their own members and those they hand on', () => {
    const id = {
      kind: 'framework',
      publicApi: [{ name: 'use', kind: 'method', path: 'lib/app.js', line: 5 }],
      keyComponents: [],
      mainPath: [{ name: 'listen', owner: 'App', path: 'lib/app.js', line: 3 }],
    } as unknown as Parameters<typeof publicApiParts>[0];
    const protos = [
      {
        path: 'lib/context.js',
        name: 'context',
        members: ['cookies', 'onerror', 'toJSON'],
        by: { name: 'createContext', owner: 'App', path: 'lib/app.js', line: 20 },
        delegates: [
          { to: 'response', members: 18, line: 195 },
          { to: 'request', members: 29, line: 219 },
        ],
      },
      {
        path: 'lib/request.js',
        name: 'request',
        members: ['header', 'url', 'method', 'path'],
        by: { name: 'createContext', owner: 'App', path: 'lib/app.js', line: 21 },
      },
    ];
    const md = publicApiParts(id, new Map(), protos).join('\n');
    expect(md).toContain('1 public name makes up what users of the framework call on what it exports:');
    // the members code and docs reach most through a dot lead the examples
    const used = new Map([
      ['member .method', 9],
      ['member .url', 4],
    ]);
    expect(publicApiParts(id, used, protos).join('\n')).toContain(
      '`request` (`lib/request.js`; 4 members such as `method`, `url` and `header`)',
    );
    // the summary's one-sentence surface names them too
    expect(surfaceSentence(id as Identity, new Map(), 8, protos)).toBe(
      'Its public surface is 1 name: the `use` method, beside the `context` and `request` objects it makes for each request.',
    );
    expect(md).toContain(
      "Beside these, users' code works with the objects made for each request: `context` (`lib/context.js`; 3 members of its own such as `cookies` and `onerror`, and 47 handed on to `response` and `request`) and `request` (`lib/request.js`; 4 members such as `header`, `url` and `method`).",
    );
    // a server's own request object, given the product's prototype, is not one the product makes
    const given = protos.map((p) => ({ ...p, sets: true as const, delegates: undefined }));
    expect(surfaceSentence(id as Identity, new Map(), 8, given)).toBe(
      "Its public surface is 1 name: the `use` method, beside the prototypes it gives each request's `context` and `request` objects.",
    );
    expect(publicApiParts(id, new Map(), given).join('\n')).toContain(
      "Beside these, users' code works with the objects each request is given, through their prototypes:",
    );
  });
});

describe('the public names table', () => {
  it('points "Defined at" to the definition of a re-exported name, not to its export line', () => {
    const id = {
      kind: 'library',
      publicApi: [
        {
          name: 'Command',
          kind: 'class',
          path: 'src/clack/__init__.py',
          line: 11,
          definedAt: { path: 'src/clack/core.py', line: 959 },
        },
        { name: 'echo', kind: 'function', path: 'src/clack/__init__.py', line: 12 },
      ],
      keyComponents: [],
      mainPath: [],
    } as unknown as Parameters<typeof publicApiParts>[0];
    const table = publicApiParts(id).join('\n');
    expect(table).toContain('src/clack/core.py');
    expect(table).not.toMatch(/Command[^\n]*__init__/);
    expect(table).toMatch(/echo[^\n]*__init__/);
  });
});

describe('a public surface larger than the table', () => {
  it('gives every name by the file defining it, each file with the first it declares, types first', () => {
    const api = [
      ...Array.from({ length: 28 }, (_, i) => ({
        name: `Op${i}`,
        kind: 'function',
        path: 'command.go',
        line: i + 1,
      })),
      { name: 'ExactArgs', kind: 'function', path: 'args.go', line: 5 },
      { name: 'NoArgs', kind: 'function', path: 'args.go', line: 9 },
      { name: 'MinimumNArgs', kind: 'function', path: 'args.go', line: 12 },
      { name: 'PositionalArgs', kind: 'type', path: 'args.go', line: 20 },
    ];
    const id = { kind: 'library', publicApi: api, keyComponents: [], mainPath: [] } as unknown as Parameters<
      typeof publicApiParts
    >[0];
    const usage = new Map([
      ['ExactArgs', 9],
      ['MinimumNArgs', 4],
    ]);
    const md = publicApiParts(id, usage).join('\n');
    expect(md).toMatch(/^32 names in 2 files:$/m);
    // the column samples each file's names without an order it would have to keep in every row (a
    // re-exported type's list line is not where it is declared)
    expect(md).toContain('| File | Names | Such as |');
    expect(md).not.toContain('by the file that defines them');
    expect(md).toContain('| `command.go` | 28 |');
    // the order the file declares them in, not how often the package calls them itself
    expect(md).toContain('| `args.go` | 4 | `PositionalArgs`, `ExactArgs`, `NoArgs` and `MinimumNArgs` |');
    // 30 names or fewer fit the table: no second one
    const small = { ...id, publicApi: api.slice(0, 30) } as typeof id;
    expect(publicApiParts(small, usage).join('\n')).not.toMatch(/^\d+ names in \d+ files:$/m);
  });
});

describe("the README's notice and feature list", () => {
  const readme = [
    '# Shop Starter',
    '',
    '',
    '> [!WARNING]  ',
    '> This repo has been sunset and replaced by a new template: https://example.org/new',
    '',
    '## Features',
    '',
    '- Secure sign-in with [Auth](https://example.org/auth)',
    '- Integration with Stripe Checkout and the customer portal',
    '- Automatic syncing of plans via webhooks',
    '',
    '## Setup',
    '',
    '- Run `npm install`',
  ].join('\n');

  it('reads a sunset notice near the top without its link or marker', () => {
    expect(readmeNotice(readme)).toEqual({
      text: 'This repo has been sunset and replaced by a new template.',
      line: 5,
    });
    expect(readmeNotice('# Tool\n\n> Note: this is fast and small.\n')).toBeNull();
    // a title that is the notice, not a later heading about deprecated options
    expect(readmeNotice('# `xsv` is now unmaintained\n\nIn lieu of xsv, use qsv.\n')).toEqual({
      text: 'xsv is now unmaintained.',
      line: 1,
    });
    expect(readmeNotice('# Tool\n\n## Migrating from deprecated options\n')).toBeNull();
  });

  it("reads the Features list's items as plain text and stops at the next heading", () => {
    expect(readmeFeatures(readme)).toEqual({
      items: [
        'Secure sign-in with Auth',
        'Integration with Stripe Checkout and the customer portal',
        'Automatic syncing of plans via webhooks',
      ],
      line: 9,
    });
    expect(readmeFeatures('# Tool\n\n- one thing\n- another thing\n')).toBeNull();
  });

  it('opens the overview with the features and the notice when the purpose only repeats the title', () => {
    const md = overviewWithPurpose(readme, 'The project is a Shop Starter.', 'Shop Starter');
    expect(md).not.toMatch(/The project is a Shop Starter/);
    expect(md).toMatch(
      /^Its README lists what it does: secure sign-in with Auth; integration with Stripe Checkout and the customer portal; and automatic syncing of plans via webhooks \(`README.md:9`\)\. The README marks it as retired: “This repo has been sunset and replaced by a new template\.” \(`README.md:5`\)/,
    );
  });
});

/** The overview of an application whose README is `readme` and whose purpose was read as `purpose`. */
function overviewWithPurpose(readme: string, purpose: string, projectName: string): string {
  writeFileSync(path.join(root, 'README.md'), readme);
  const a = sampleAppAnalysis();
  a.files = [...a.files, { ...a.files[0]!, path: 'README.md', language: 'Markdown' }];
  a.identity = {
    kind: 'application',
    kinds: [],
    purpose: { text: purpose, source: { path: 'README.md', line: 1 } },
    productPaths: [],
    nonProduct: [],
    entryPoints: [],
    publicApi: [],
    keyComponents: [],
  };
  return writeOverview({
    a,
    fx: factsOf(a),
    plan: { id: '1.1', level: 2, title: 'Purpose', kind: 'overview', evidence: [], hasChildren: false },
    findings: [],
    allFindings: {},
    projectName,
    workspace: { root, name: 'p', files: [], skipped: [] } as unknown as Workspace,
  });
}

describe('a purpose that is only the title', () => {
  it('is said once, by the sentence that names the role the title gives', () => {
    const md = overviewWithPurpose(
      '# Full Stack Shop Template\n\n## Technology Stack\n\n- A backend\n',
      'The project is a Full Stack Shop Template.',
      'shop',
    );
    expect(md).not.toMatch(/The project is a Full Stack Shop Template/);
    expect(md.match(/Full Stack Shop Template/g)).toHaveLength(1);
    expect(md).toMatch(
      /Its README's title calls it a template: “Full Stack Shop Template” \(`README\.md:1`\)/,
    );
  });
});

describe('readmeTitleRole()', () => {
  it('reads a sample or starter named by the README title, badges dropped', () => {
    expect(
      readmeTitleRole(
        '# Pet Clinic Sample Application [![CI](https://x/badge.svg)](https://x/ci)\n\nText.\n',
      ),
    ).toEqual({ title: 'Pet Clinic Sample Application', role: 'sample', line: 1 });
    expect(readmeTitleRole('# Tool\n\nAn example of use follows.\n')).toBeNull();
    expect(readmeTitleRole('# Examples of use\n')).toBeNull();
  });

  it('puts the role beside the kind in the overview', () => {
    writeFileSync(path.join(root, 'README.md'), '# Pet Clinic Sample Application\n\nManage a clinic.\n');
    const a = sampleAppAnalysis();
    a.files = [...a.files, { ...a.files[0]!, path: 'README.md', language: 'Markdown' }];
    a.identity = {
      kind: 'application',
      kinds: [],
      purpose: null,
      productPaths: [],
      nonProduct: [],
      entryPoints: [],
      publicApi: [],
      keyComponents: [],
    };
    const md = writeOverview({
      a,
      fx: factsOf(a),
      plan: { id: '1.1', level: 2, title: 'Purpose', kind: 'overview', evidence: [], hasChildren: false },
      findings: [],
      allFindings: {},
      projectName: 'petclinic',
      workspace: { root, name: 'p', files: [], skipped: [] } as unknown as Workspace,
    });
    expect(md).toContain(
      "petclinic is an application. Its README's title calls it a sample: “Pet Clinic Sample Application” (`README.md:1`).",
    );
    // a project named by its title already says it
    const named = writeOverview({
      a,
      fx: factsOf(a),
      plan: { id: '1.1', level: 2, title: 'Purpose', kind: 'overview', evidence: [], hasChildren: false },
      findings: [],
      allFindings: {},
      projectName: 'Pet Clinic Sample Application',
      workspace: { root, name: 'p', files: [], skipped: [] } as unknown as Workspace,
    });
    expect(named).not.toMatch(/title calls it/);
  });
});

describe('productSize()', () => {
  it('names the folders of the files it counts, the largest first, and not a product path none of them is in', () => {
    const a = sampleAppAnalysis();
    const ts = (p: string, code: number) => ({ ...a.files[0]!, path: p, language: 'TypeScript', code });
    a.files = [
      ts('app/page.tsx', 20),
      ts('components/Plans.tsx', 300),
      ts('lib/db.ts', 120),
      ts('middleware.ts', 10),
      { ...a.files[0]!, path: 'public/logo.svg', language: 'SVG', code: 30 },
    ];
    a.linesByRole = { product: { files: 5, code: 480, comment: 0, blank: 0 } } as Analysis['linesByRole'];
    a.identity = {
      kind: 'application',
      kinds: [],
      purpose: null,
      productPaths: ['public', 'app', 'components', 'lib', 'middleware.ts'],
      nonProduct: [],
      entryPoints: [],
      publicApi: [],
      keyComponents: [],
    };
    const sentence = productSize(a)!;
    expect(sentence).toMatch(/ under `components`, `lib`, `app` and the root folder[;.]/);
    expect(sentence).not.toMatch(/`public`/);
  });
});

describe('productSize() of a build with unpublished modules', () => {
  it('keeps the lines of the modules the build does not publish apart, by name', () => {
    const a = unpublishedModuleBuild();
    a.linesByRole = { product: { files: 2, code: 490, comment: 0, blank: 0 } } as Analysis['linesByRole'];
    a.identity = {
      kind: 'library',
      kinds: [],
      purpose: null,
      productPaths: ['core'],
      nonProduct: [{ path: 'extras', role: 'unpublished' }],
      entryPoints: [],
      publicApi: [],
      keyComponents: [],
    };
    const sentence = productSize(a)!;
    expect(sentence).toContain('The product itself is 400 lines of code in 1 file under `core`');
    expect(sentence).toContain('90 lines in a module the build does not publish (`extras`)');
  });
});

describe('a file that maps routes', () => {
  it('is described by its routes first, whatever else it defines', () => {
    const route = (path: string) => ({
      method: 'ANY',
      path,
      framework: 'Django',
      file: 'app/urls.py',
      line: 1,
    });
    const a = {
      routes: [
        route('/ping/<uuid:code>/'),
        route('/api/v1/checks/'),
        route('/api/v2/checks/'),
        route('/badge/<slug:key>/'),
      ],
    } as unknown as Analysis;
    expect(withRoutes(a, 'app/urls.py', 'defines `QuoteConverter`')).toBe(
      'declares 4 routes under `/ping`, `/api` and `/badge`; defines `QuoteConverter`',
    );
    expect(withRoutes(a, 'app/views.py', 'defines `ping()`')).toBe('defines `ping()`');
  });
});

describe('readmeContrast', () => {
  it('reads what the README says the project is not, beside what it is, for the project only', () => {
    const readme = [
      '# tool',
      '',
      '`tool` is a handy way to run commands.',
      '',
      '- `tool` is a command runner, not a build system, so it avoids much of',
      '  [make](#make) complexity.',
      '- `make` is a build tool, not a shell.',
    ].join('\n');
    expect(readmeContrast(readme, 'tool')).toEqual({
      is: 'a command runner',
      not: 'a build system',
      line: 5,
    });
    expect(readmeContrast(readme, 'other')).toBeNull();
    expect(readmeContrast('# tool\n\ntool is fast, not slow.\n', 'tool')).toBeNull();
  });
});

describe('routeTasks()', () => {
  const at = (method: string, p: string, line: number) => ({ method, path: p, file: 'Web.java', line });
  it('reads what a user does to each stored entity from the paths and methods of the routes', () => {
    const found = routeTasks(
      [
        at('GET', '/owners/new', 1),
        at('POST', '/owners/new', 2),
        at('GET', '/owners/find', 3),
        at('GET', '/owners', 4),
        at('POST', '/owners/{ownerId}/edit', 5),
        at('GET', '/owners/{ownerId}/pets/new', 6),
        at('GET', '/owners/{ownerId}/pets/{petId}/visits/new', 7),
        at('GET', '/vets.html', 8),
        at('DELETE', '/api/specialties/:id', 9),
        // no stored entity: a crash page and the welcome page tell nothing of what the app is for
        at('GET', '/oups', 10),
        at('GET', '/', 11),
      ],
      [{ name: 'Owner' }, { name: 'Pet' }, { name: 'Visit' }, { name: 'Vet' }, { name: 'Specialty' }],
    );
    expect(found.map((f) => `${f.tasks.join('+')} ${f.resource}@${f.line}`)).toEqual([
      'delete specialties@9',
      'find+list+add+edit owners@4',
      'add pets@6',
      'add visits@7',
      'list vets@8',
    ]);
  });

  it("cites a resource's own route, not one under another prefix that sorts first", () => {
    const found = routeTasks(
      [
        at('POST', '/private/users/', 1),
        at('GET', '/users', 2),
        at('POST', '/users', 3),
        at('GET', '/items', 4),
      ],
      [{ name: 'User' }, { name: 'Item' }],
    );
    expect(found.map((f) => `${f.tasks.join('+')} ${f.resource}@${f.line}`)).toEqual([
      'list items@4',
      'list+add users@2',
    ]);
  });

  it('finds nothing where no path names a stored entity', () => {
    const found = routeTasks(
      [at('GET', '/signin/[id]', 1), at('POST', '/api/webhooks', 2), at('GET', '/account', 3)],
      [{ name: 'users' }, { name: 'subscriptions' }, { name: 'prices' }],
    );
    expect(found).toEqual([]);
  });
});

describe("another package's exports passed on", () => {
  it('are counted apart, named by package, and follow the names of its own', () => {
    const id = {
      kind: 'framework',
      publicApi: [
        { name: 'json', kind: 'export', path: 'lib/express.js', line: 77, reexportOf: 'body-parser' },
        { name: 'createApplication', kind: 'export', path: 'lib/express.js', line: 27, isDefault: true },
        { name: 'Router', kind: 'export', path: 'lib/express.js', line: 71, reexportOf: 'router' },
      ],
      keyComponents: [],
      mainPath: [],
    } as unknown as Identity;
    expect(surfaceSentence(id)).toBe(
      'Its public surface is 3 names (2 of them are other packages’ exports it passes on, from `router` and `body-parser`): `createApplication`, `Router` and `json`.',
    );
    expect(publicApiParts(id).join('\n')).toContain(
      '| `json` | re-export from `body-parser` | `lib/express.js:77` |',
    );
  });
});

describe('README prose made plain', () => {
  it('drops emphasis and code marks but keeps the underscores inside a name', () => {
    expect(
      plainProse(
        'Built on top of the [`child_process`](https://nodejs.org/api/child_process.html) core module.',
      ),
    ).toBe('Built on top of the child_process core module.');
    expect(plainProse('A **fast** and _small_ tool for `snake_case` names.')).toBe(
      'A fast and small tool for snake_case names.',
    );
  });
});
