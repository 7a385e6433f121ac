import { describe, expect, it } from 'vitest';
import { dependencyGraphSvg, layoutGraph } from './dependency-graph.ts';
import { componentLinks } from '../analyse/identity/components.ts';
import type { MainPathStep } from '../analyse/types.ts';
import { componentLabels, componentSvg } from './components.ts';
import { MAX_ENTITY_NODES, entityGraph, entitySvg } from './entities.ts';
import type { DataEntity } from '../analyse/types.ts';
import { languageChartSvg } from './language-chart.ts';
import { sequenceModel, sequenceScope, sequenceSteps, sequenceSvg } from './sequence.ts';
import { rasterise } from './svg.ts';
import { framed } from './graphviz.ts';

const graph = {
  nodes: Array.from({ length: 20 }, (_, i) => ({ id: `src/mod${i}`, files: 3, lines: 1000 - i * 10 })),
  edges: [
    { from: 'src/mod0', to: 'src/mod1', weight: 3 },
    { from: 'src/mod1', to: 'src/mod2', weight: 1 },
    { from: 'src/mod2', to: 'src/mod0', weight: 1 }, // a cycle
    { from: 'src/mod0', to: 'src/mod19', weight: 1 }, // to a module outside the top 15
  ],
};

describe('figures', () => {
  it('draws the top 15 modules and their imports, a cycle included, the same way every time', async () => {
    const a = layoutGraph(graph);
    expect(a.nodes).toHaveLength(15);
    expect(a.nodes.map((n) => n.id)).not.toContain('src/mod19');
    expect(a.edges).toHaveLength(3);
    const svg = await dependencyGraphSvg(graph);
    expect(svg).toBe(await dependencyGraphSvg(structuredClone(graph)));
    expect(svg.match(/class="node"/g)).toHaveLength(15);
    expect(svg.match(/class="edge"/g)).toHaveLength(3);
    expect(svg).toContain('Largest 15 of 20 modules');
  });

  it('names each module by the shortest part of its path that tells it apart, and routes no arrow through a third box', async () => {
    const base = 'src/main/java/org/example/clinic';
    const svg = await dependencyGraphSvg({
      nodes: [
        { id: base, files: 3, lines: 29 },
        { id: `${base}/owner`, files: 12, lines: 561 },
        { id: `${base}/vet`, files: 5, lines: 125 },
        { id: `${base}/model`, files: 4, lines: 68 },
        { id: `${base}/system`, files: 4, lines: 68 },
      ],
      edges: [
        { from: `${base}/owner`, to: `${base}/model`, weight: 4 },
        { from: `${base}/vet`, to: `${base}/model`, weight: 3 },
        { from: base, to: `${base}/model`, weight: 2 },
        { from: base, to: `${base}/vet`, weight: 1 },
      ],
    });
    for (const name of ['>owner<', '>vet<', '>model<', '>system<', '>clinic<', '>561 lines<'])
      expect(svg).toContain(name);
    expect(svg).not.toContain('…');
    // each box, and each arrow's curve sampled along its length
    const nums = (d: string) => [...d.matchAll(/-?[\d.]+/g)].map((m) => Number(m[0]));
    const boxes = [...svg.matchAll(/class="node">\s*<path[^>]* d="([^"]+)"/g)].map((m) => {
      const v = nums(m[1]!);
      const xs = v.filter((_, i) => i % 2 === 0);
      const ys = v.filter((_, i) => i % 2 === 1);
      return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
    });
    expect(boxes).toHaveLength(5);
    const curves = [...svg.matchAll(/class="edge">\s*<path[^>]* d="([^"]+)"/g)].map((m) => {
      const v = nums(m[1]!);
      const pts: [number, number][] = [];
      for (let i = 2; i + 5 < v.length + 1; i += 6) {
        const [x0, y0] = [v[i - 2]!, v[i - 1]!];
        for (let t = 0; t <= 1; t += 0.05) {
          const u = 1 - t;
          pts.push([
            u * u * u * x0 + 3 * u * u * t * v[i]! + 3 * u * t * t * v[i + 2]! + t * t * t * v[i + 4]!,
            u * u * u * y0 + 3 * u * u * t * v[i + 1]! + 3 * u * t * t * v[i + 3]! + t * t * t * v[i + 5]!,
          ]);
        }
      }
      return pts;
    });
    expect(curves).toHaveLength(4);
    const inside = (p: [number, number], b: (typeof boxes)[number]) =>
      p[0] > b.x0 + 2 && p[0] < b.x1 - 2 && p[1] > b.y0 + 2 && p[1] < b.y1 - 2;
    for (const pts of curves) {
      // the boxes an arrow joins are those its ends touch; no point between lies inside another
      const near = (p: [number, number]) =>
        boxes.findIndex(
          (b) => p[0] >= b.x0 - 12 && p[0] <= b.x1 + 12 && p[1] >= b.y0 - 12 && p[1] <= b.y1 + 12,
        );
      const ends = new Set([near(pts[0]!), near(pts.at(-1)!)]);
      for (const p of pts) boxes.forEach((b, i) => ends.has(i) || expect(inside(p, b)).toBe(false));
    }
  });

  it('labels the chart with escaped language names and percentages', () => {
    const svg = languageChartSvg([
      { language: 'C++', files: 1, code: 300, comment: 0, blank: 0 },
      { language: 'Bourne <Shell>', files: 1, code: 100, comment: 0, blank: 0 },
    ]);
    expect(svg).toContain('Bourne &lt;Shell&gt;');
    expect(svg).toContain('300 lines · 75.0%');
  });

  it('rasterises with text drawn (labels add ink)', () => {
    const withText = rasterise(
      languageChartSvg([{ language: 'TypeScript', files: 1, code: 10, comment: 0, blank: 0 }]),
    );
    const noText = rasterise(
      languageChartSvg([{ language: 'TypeScript', files: 1, code: 10, comment: 0, blank: 0 }]).replace(
        /<text[^>]*>[^<]*<\/text>/g,
        '',
      ),
    );
    expect(withText.png.subarray(1, 4)).toEqual(new Uint8Array([0x50, 0x4e, 0x47]));
    expect(withText.width).toBe(1600);
    expect(withText.png.length).toBeGreaterThan(noText.png.length + 1000);
  });
});

describe('the main path as a sequence diagram', () => {
  const path: MainPathStep[] = [
    { name: 'ServeHTTP', owner: 'Mux', path: 'mux.go', line: 63 },
    { name: 'chain', path: 'chain.go', line: 36, from: 0 },
    { name: 'routeHTTP', owner: 'Mux', path: 'mux.go', line: 447, from: 0 },
    { name: 'FindRoute', owner: 'node', path: 'tree.go', line: 383, from: 2 },
    { name: 'createServer', path: 'mux.go', line: 70, external: 'node:http', from: 0 },
    { name: 'Context', path: 'context.go', line: 48, note: 'made by Mux.routeHTTP at mux.go:450', from: 2 },
  ];

  it('draws one lifeline per type, file or library, and each arrow from the step that calls it', () => {
    const m = sequenceModel(path)!;
    expect(m.lifelines.map((l) => l.label)).toEqual([
      'caller',
      'Mux',
      'chain.go',
      'node',
      'node:http',
      'context.go',
    ]);
    expect(m.lifelines.find((l) => l.label === 'node:http')!.external).toBe(true);
    const arrows = m.messages.map((x) => [m.lifelines[x.from]!.label, m.lifelines[x.to]!.label, x.label]);
    expect(arrows).toEqual([
      ['caller', 'Mux', 'ServeHTTP()'],
      ['Mux', 'chain.go', 'chain()'],
      ['Mux', 'Mux', 'routeHTTP()'],
      ['Mux', 'node', 'FindRoute()'],
      ['Mux', 'node:http', 'createServer()'],
      ['Mux', 'context.go', 'new Context'],
    ]);
    const svg = sequenceSvg(m, 'Main path');
    expect(svg).toBe(sequenceSvg(sequenceModel(structuredClone(path))!, 'Main path'));
    expect(svg).toContain('6. new Context');
  });

  it('draws a step entered anew after a call chain from the caller, never from the last step called', () => {
    const page: MainPathStep[] = [
      { name: 'middleware', path: 'middleware.ts', line: 4, note: 'runs before every matched request' },
      { name: 'updateSession', path: 'utils/session.ts', line: 63, from: 0 },
      // the framework renders the page once the middleware has returned: no step calls it
      { name: 'PricingPage', path: 'app/page.tsx', line: 9, note: 'handles 1 route, e.g. GET /' },
      { name: 'createClient', path: 'utils/server.ts', line: 7, from: 2 },
    ];
    const m = sequenceModel(page)!;
    const arrows = m.messages.map((x) => `${m.lifelines[x.from]!.label} -> ${m.lifelines[x.to]!.label}`);
    expect(arrows).toEqual([
      'caller -> middleware.ts',
      'middleware.ts -> session.ts',
      'caller -> page.tsx',
      'page.tsx -> server.ts',
    ]);
    // a route table's handler, after the table itself, is still drawn from it
    const routed: MainPathStep[] = [
      { name: 'urls', path: 'app/urls.py', line: 3, note: 'routes /ping/ to ping' },
      { name: 'ping', path: 'app/views.py', line: 9, note: 'handles 1 route' },
      { name: 'save', owner: 'Check', path: 'app/models.py', line: 40, from: 1 },
    ];
    const r = sequenceModel(routed)!;
    expect(r.messages.map((x) => `${r.lifelines[x.from]!.label} -> ${r.lifelines[x.to]!.label}`)).toEqual([
      'caller -> urls.py',
      'urls.py -> views.py',
      'views.py -> Check',
    ]);
  });

  it('draws a path that spreads over more types than a page holds up to the step that would need one more', () => {
    const spread = Array.from({ length: 9 }, (_, i) => ({
      name: `step${i}`,
      owner: `Type${i}`,
      path: `src/t${i}.ts`,
      line: i + 1,
    }));
    const m = sequenceModel(spread)!;
    expect(m.lifelines).toHaveLength(7); // the caller and six types
    expect(m.messages.map((x) => x.label)).toEqual([
      'step0()',
      'step1()',
      'step2()',
      'step3()',
      'step4()',
      'step5()',
    ]);
  });

  it('draws code the product was handed on the lifeline of whoever wrote it, never a product file', () => {
    const handed: MainPathStep[] = [
      { name: 'handleRequest', owner: 'Application', path: 'lib/application.js', line: 198 },
      {
        name: 'fnMiddleware',
        path: 'lib/application.js',
        line: 204,
        from: 0,
        handedIn: 'parameter',
        runs: { module: 'koa-compose' },
      },
      { name: 'h.ServeHTTP', path: 'mux.go', line: 483, from: 0, handedIn: 'result', runs: { user: true } },
      { name: 'RunE', path: 'command.go', line: 1015, from: 0, handedIn: 'field', runs: { user: true } },
      {
        name: 'runStack',
        path: 'lib/server.js',
        line: 15,
        from: 0,
        handedIn: 'parameter',
        runs: { name: 'compose', path: 'lib/compose.js', line: 1 },
      },
    ];
    const m = sequenceModel(handed)!;
    expect(m.lifelines.map((l) => [l.label, l.external])).toEqual([
      ['caller', true],
      ['Application', false],
      ['koa-compose', true],
      ['user code', true],
      ['compose.js', false],
    ]);
    const arrows = m.messages.map((x) => [m.lifelines[x.to]!.label, x.label]);
    expect(arrows.slice(1)).toEqual([
      ['koa-compose', 'fnMiddleware()'],
      ['user code', 'h.ServeHTTP()'],
      ['user code', 'RunE()'],
      ['compose.js', 'runStack()'],
    ]);
  });

  it('draws a long path with fewer calls of the step that makes the most, never a central one for detail', () => {
    const c = (name: string, from: number): MainPathStep => ({
      name,
      owner: 'App',
      path: 'app.py',
      line: 1,
      from,
    });
    const path: MainPathStep[] = [
      { name: 'wsgi_app', owner: 'App', path: 'app.py', line: 1 },
      c('request_context', 0),
      c('full_dispatch_request', 0),
      c('preprocess_request', 2),
      c('dispatch_request', 2),
      c('finalize_request', 2),
      c('make_response', 5),
      c('process_response', 5),
      c('save_session', 7),
      c('get_cookie_domain', 8),
      c('get_expiration_time', 8),
      c('get_signing_serializer', 8),
      c('pop', 0),
    ];
    const shown = sequenceSteps(path).map((i) => path[i]!.name);
    expect(shown).toHaveLength(10);
    expect(shown).toContain('dispatch_request');
    expect(shown).not.toContain('get_cookie_domain');
    expect(shown).not.toContain('preprocess_request');
    expect(shown).not.toContain('request_context');
  });

  it('draws a path longer than a page to its end, leaving out side steps of the step with the most calls', () => {
    // main → run → (parse, search, config, regex, scan → (State, State.scan → (walker, receive, senders)))
    const s = (name: string, owner: string, from: number): MainPathStep => ({
      name,
      owner,
      path: 'src/x.rs',
      line: 1,
      from,
    });
    const long: MainPathStep[] = [
      { name: 'main', path: 'src/main.rs', line: 1 },
      s('run', 'Main', 0),
      s('parse', 'Opts', 1),
      s('search_paths', 'Opts', 1),
      s('construct_config', 'Main', 1),
      s('build_regex', 'Main', 1),
      s('scan', 'Walk', 1),
      s('scan', 'WorkerState', 6),
      s('build_walker', 'WorkerState', 7),
      s('receive', 'WorkerState', 7),
      s('spawn_senders', 'WorkerState', 7),
      { name: 'callback', path: 'src/x.rs', line: 9, from: 1, handedIn: 'field', runs: { user: true } },
    ];
    const m = sequenceModel(long)!;
    expect(m.messages.map((x) => x.label)).toEqual([
      'main()',
      'run()',
      'construct_config()',
      'build_regex()',
      'scan()',
      'scan()',
      'build_walker()',
      'receive()',
      'spawn_senders()',
      'callback()',
    ]);
    expect(m.of).toBe(12);
    // each arrow still starts at its caller: `receive` from WorkerState, `callback` from Main
    const arrow = (label: string) => m.messages.find((x) => x.label === label)!;
    expect(m.lifelines[arrow('receive()').from]!.label).toBe('WorkerState');
    expect(m.lifelines[arrow('callback()').from]!.label).toBe('Main');
    expect(sequenceSvg(m, 'Main path')).toContain('10 steps, in the order they run');
    // numbered by their place on the path, and the caption names the two left out
    expect(m.messages.map((x) => x.step)).toEqual([1, 2, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(sequenceScope(m)).toBe('The main path, step by step, but for parse() and search_paths()');
    // cut at the end only: its first steps
    expect(sequenceScope({ ...m, left: { labels: ['x()'], atEnd: true } })).toBe(
      "The main path's first 10 steps",
    );
    // drawn right after the list that tells the path, it is that list, not every call on the way
    expect(sequenceScope(m, true)).toBe('The main path as listed above, but for parse() and search_paths()');
    expect(sequenceScope({ ...m, left: undefined }, true)).toBe('The main path as listed above');
    expect(sequenceScope({ ...m, left: { labels: ['x()'], atEnd: true } }, true)).toBe(
      'The first 10 steps of the main path listed above',
    );
  });

  it('draws nothing for a path too short or with no arrow between two lifelines', () => {
    expect(sequenceModel(path.slice(0, 1))).toBeNull();
    expect(
      sequenceModel([
        { name: 'main', path: 'main.rs', line: 1 },
        { name: 'run', path: 'main.rs', line: 9, from: 0 },
      ]),
    ).toBeNull();
  });
});

describe('the component diagram', () => {
  const files: Record<string, string> = {
    'mux.go':
      'func (mx *Mux) ServeHTTP() { var t *Tree; rctx := NewRouteContext(); t.FindRoute(rctx); routes := 1 }',
    'tree.go': 'type Tree struct{}\nfunc (n *Tree) FindRoute() {}\nfunc (n *Tree) routes() {}',
    'context.go': 'type Context struct{}\nfunc NewRouteContext() *Context { return &Context{} }',
    'chi.go': 'func NewRouter() *Mux { return NewMux() }\ntype Router interface{ FindRoute() }',
  };
  const symbols = [
    { path: 'mux.go', name: 'Mux', kind: 'struct', line: 1, exported: true },
    { path: 'mux.go', name: 'NewMux', kind: 'function', line: 2, exported: true },
    { path: 'tree.go', name: 'Tree', kind: 'struct', line: 1, exported: true },
    { path: 'tree.go', name: 'FindRoute', kind: 'method', line: 2, exported: true },
    { path: 'tree.go', name: 'routes', kind: 'method', line: 3, exported: false },
    { path: 'context.go', name: 'Context', kind: 'struct', line: 1, exported: true },
    { path: 'context.go', name: 'NewRouteContext', kind: 'function', line: 2, exported: true },
  ] as const;
  const links = componentLinks(Object.keys(files), (p) => files[p] ?? null, [...symbols], []);

  it('links a file to one whose names it uses, naming them, and never by an ordinary word', () => {
    const edge = (from: string, to: string) => links.edges.find((e) => e.from === from && e.to === to);
    expect(edge('mux.go', 'context.go')?.names).toEqual(['NewRouteContext']);
    // a type it names links it; a method called on a value does not say whose it is, and `routes` is a word
    expect(edge('mux.go', 'tree.go')?.names).toEqual(['Tree']);
    expect(edge('chi.go', 'mux.go')?.names.sort()).toEqual(['Mux', 'NewMux']);
    expect(edge('tree.go', 'mux.go')).toBeUndefined();
  });

  it('draws the links with Graphviz, the same way every time, and nothing below two arrows', async () => {
    const svg = (await componentSvg(links))!;
    expect(svg).toContain('NewRouteContext');
    expect(svg).toContain('>context.go<');
    expect(svg).not.toContain('<!DOCTYPE');
    expect(await componentSvg(structuredClone(links))).toBe(svg);
    expect(rasterise(svg).width).toBeGreaterThan(500);
    expect(await componentSvg({ nodes: links.nodes, edges: links.edges.slice(0, 1) })).toBeNull();
  });

  it('frames a small graph wide enough for a long subtitle', () => {
    const body = '<svg width="200pt" height="100pt"></svg>';
    const subtitle =
      "4 of the product's 7 code files; an arrow gives up to two of the names one uses of another";
    const W = Number(/^<svg[^>]* width="(\d+)"/.exec(framed(body, 'Key components', subtitle))![1]);
    expect(W).toBeGreaterThanOrEqual(24 + subtitle.length * 7);
  });

  it('labels files by name, with as much of the folder as tells two apart', () => {
    expect([...componentLabels(['src/a/mod.rs', 'src/b/mod.rs', 'src/main.rs']).values()]).toEqual([
      'a/mod.rs',
      'b/mod.rs',
      'main.rs',
    ]);
    // a folder elsewhere of the same name (the top-level `supabase/` beside `utils/supabase`) is told apart too
    expect([...componentLabels(['utils/supabase', 'utils/stripe'], ['supabase', 'utils']).values()]).toEqual([
      'utils/supabase',
      'stripe',
    ]);
  });
});

describe('the entity diagram', () => {
  const entity = (name: string, fields: string[], relations: DataEntity['relations'] = []): DataEntity => ({
    kind: 'jpa',
    name,
    file: `${name}.java`,
    line: 1,
    fields,
    store: 'table',
    relations,
  });
  const owner = entity(
    'Owner',
    ['id', 'lastName'],
    [{ from: 'Owner', to: 'Pet', kind: 'one-to-many', field: 'pets' }],
  );
  const pet = entity(
    'Pet',
    ['id', 'name', 'a', 'b', 'c', 'd', 'e', 'f'],
    [
      { from: 'Pet', to: 'Owner', kind: 'many-to-one', field: 'owner' },
      { from: 'Pet', to: 'pet_types', kind: 'many-to-one', field: 'type' },
    ],
  );
  const type = { ...entity('PetType', ['id', 'name']), table: 'pet_types' };

  it('draws each pair of related tables once, from the side that holds the key, matching table names', () => {
    const model = entityGraph([owner, pet, type])!;
    expect(model.nodes.map((t) => t.name)).toEqual(['Owner', 'Pet', 'PetType']);
    expect(model.edges).toEqual([
      { from: 1, to: 0, label: 'owner n:1' },
      { from: 1, to: 2, label: 'type n:1' },
    ]);
  });

  it('draws nothing below two relations, and at most twelve tables, the most connected first', () => {
    expect(entityGraph([owner, pet])).toBeNull();
    expect(entityGraph([type, entity('Lonely', ['id'])])).toBeNull();
    const hub = entity(
      'Hub',
      ['id'],
      Array.from({ length: 20 }, (_, i) => ({ from: 'Hub', to: `T${i}`, kind: 'one-to-one' as const })),
    );
    const leaves = Array.from({ length: 20 }, (_, i) => entity(`T${i}`, ['id']));
    const model = entityGraph([...leaves, hub])!;
    expect(model.nodes).toHaveLength(MAX_ENTITY_NODES);
    expect(model.nodes.map((t) => t.name)).toContain('Hub');
  });

  it('renders the same SVG every time, escaping names and counting the fields it leaves out', async () => {
    const odd = { ...type, name: 'Pet<Type>&' };
    const svg = (await entitySvg([owner, pet, odd]))!;
    expect(svg).toContain('Pet&lt;Type&gt;&amp;');
    expect(svg).toContain('2 more');
    expect(svg).toContain('owner n:1');
    expect(await entitySvg(structuredClone([owner, pet, odd]))).toBe(svg);
    expect(rasterise(svg).width).toBeGreaterThan(500);
  });
});

describe('component links in Rust', () => {
  it("takes a name written only after a dot for some value's field or method, not another file's function", () => {
    const files: Record<string, string> = {
      'src/config.rs':
        'pub struct Config { pub working_directory: bool }\nfn f(c: &Config) -> bool { c.working_directory }',
      'src/recipe.rs':
        'pub struct Recipe;\nimpl Recipe { fn working_directory(&self) -> bool { true } }\npub(crate) fn parse_recipe() {}\n#[cfg(test)]\npub(crate) fn test_recipe() {}\nimpl Recipe {\n  pub(crate) fn subsequents(&self) {}\n}',
      'src/run.rs':
        'fn g(r: Recipe) { working_directory(); line_number(); parse_recipe(); r.timestamp_format() }',
      // a type of the standard library of the same name as the product's
      'src/walk.rs': 'use std::fs::{self, FileType};\nfn h(t: FileType) -> Recipe { todo!() }',
    };
    const symbols = [
      { path: 'src/recipe.rs', name: 'Recipe', kind: 'struct', line: 1, exported: true },
      { path: 'src/config.rs', name: 'FileType', kind: 'enum', line: 1, exported: true },
      { path: 'src/recipe.rs', name: 'working_directory', kind: 'function', line: 2, exported: true },
      // private to its module: a bare use elsewhere is another's
      { path: 'src/recipe.rs', name: 'line_number', kind: 'function', line: 2, exported: false },
      // visible to the crate, though not exported from it
      { path: 'src/recipe.rs', name: 'parse_recipe', kind: 'function', line: 3, exported: false },
      // compiled for the tests only, and a method declared inside an impl
      { path: 'src/recipe.rs', name: 'test_recipe', kind: 'function', line: 5, exported: false },
      { path: 'src/recipe.rs', name: 'subsequents', kind: 'function', line: 7, exported: false },
      { path: 'src/recipe.rs', name: 'timestamp_format', kind: 'function', line: 2, exported: false },
    ] as const;
    const links = componentLinks(Object.keys(files), (p) => files[p] ?? null, [...symbols], []);
    expect(links.edges.find((e) => e.from === 'src/config.rs')).toBeUndefined();
    expect(links.edges.find((e) => e.from === 'src/walk.rs')?.names).toEqual(['Recipe']);
    // the type it names and a crate-visible function it calls link it; the module's private one does not
    const run = links.edges.find((e) => e.from === 'src/run.rs')!;
    expect(run.names.sort()).toEqual(['Recipe', 'parse_recipe']);
    expect(run.names).not.toContain('line_number');
    expect(run.names).not.toContain('test_recipe');
    expect(run.names).not.toContain('subsequents');
  });
});

describe('component links in Python', () => {
  it('takes no name or import a file needs for its type annotations only', () => {
    const files: Record<string, string> = {
      'pkg/utils.py':
        'from __future__ import annotations\nimport typing\nif typing.TYPE_CHECKING:\n    from .models import Response\n\ndef size(r: Response) -> int:\n    return 1\n',
      'pkg/models.py': 'class Response:\n    pass\n',
      'pkg/api.py': 'from .models import Response\ndef get() -> Response:\n    return Response()\n',
      // a member of some value, and a method's own name, of the same name as the type
      'pkg/client.py': 'class Client:\n    def Response(self):\n        return self.http.Response\n',
    };
    const symbols = [
      { path: 'pkg/models.py', name: 'Response', kind: 'class', line: 1, exported: true },
    ] as const;
    const imports = [
      { from: 'pkg/utils.py', specifier: '.models', resolved: 'pkg/models.py', line: 4 },
      { from: 'pkg/api.py', specifier: '.models', resolved: 'pkg/models.py', line: 1 },
    ];
    const links = componentLinks(Object.keys(files), (p) => files[p] ?? null, [...symbols], imports);
    expect(links.edges.find((e) => e.from === 'pkg/utils.py')).toBeUndefined();
    expect(links.edges.find((e) => e.from === 'pkg/api.py')?.names).toEqual(['Response']);
    expect(links.edges.find((e) => e.from === 'pkg/client.py')).toBeUndefined();
  });
});

describe('component links in Go', () => {
  it("takes a struct field's, a method's or a selector's name for no use of a type of that name", () => {
    const files: Record<string, string> = {
      // package chi: a field named Pattern, a selector r.Routes(), a call of a function of its package
      'tree.go':
        'package chi\ntype Route struct {\n\tPattern string\n\tSubRoutes Routes\n}\nfunc walk(r Routes) { r.Middlewares(); x := Route{Pattern: "a"}; _ = x.Pattern }',
      'chi.go':
        'package chi\ntype Routes interface {\n\tRoutes() []Route\n\tMiddlewares() Middlewares\n}\ntype Middlewares []int\nfunc Chain() Middlewares { return nil }',
      // package middleware: its own type Pattern, and a method named like chi's type Route
      'middleware/route_headers.go':
        'package middleware\nimport (\n\t"net/http"\n)\ntype Pattern struct{}\ntype HeaderRouter struct{}\nfunc (hr HeaderRouter) Route(p Pattern) {}\nfunc Use(h http.Handler) { hr := HeaderRouter{}; hr.Route(Pattern{}) }',
      'mux.go': 'package chi\nfunc (mx *Mux) With() { var m Middlewares; Chain(); _ = m }',
      'middleware/logger.go':
        'package middleware\nimport (\n\tchi "github.com/go-chi/chi/v5"\n)\nfunc Logger(r chi.Routes) { _ = Pattern{} }',
    };
    const symbols = [
      { path: 'tree.go', name: 'Route', kind: 'struct', line: 2, exported: true },
      { path: 'chi.go', name: 'Routes', kind: 'interface', line: 2, exported: true },
      { path: 'chi.go', name: 'Middlewares', kind: 'type', line: 6, exported: true },
      { path: 'chi.go', name: 'Chain', kind: 'function', line: 7, exported: true },
      { path: 'middleware/route_headers.go', name: 'Pattern', kind: 'struct', line: 5, exported: true },
      { path: 'middleware/route_headers.go', name: 'HeaderRouter', kind: 'struct', line: 6, exported: true },
    ] as const;
    const imports = [
      { from: 'middleware/route_headers.go', specifier: 'net/http', line: 3 },
      { from: 'middleware/logger.go', specifier: 'github.com/go-chi/chi/v5', line: 3 },
    ];
    const links = componentLinks(Object.keys(files), (p) => files[p] ?? null, [...symbols], imports);
    const edge = (from: string, to: string) => links.edges.find((e) => e.from === from && e.to === to);
    // tree.go's field `Pattern` is no use of middleware's type, nor is the method `Route` one of chi's
    expect(edge('tree.go', 'middleware/route_headers.go')).toBeUndefined();
    expect(edge('middleware/route_headers.go', 'tree.go')).toBeUndefined();
    // the types written in type position and literals do link; a method called on a value does not
    expect(edge('tree.go', 'chi.go')?.names).toEqual(['Routes']);
    expect(edge('chi.go', 'tree.go')?.names).toEqual(['Route']);
    expect(edge('mux.go', 'chi.go')?.names.sort()).toEqual(['Chain', 'Middlewares']);
    // another package's type through its import, and a type of the file's own package bare
    expect(edge('middleware/logger.go', 'chi.go')?.names).toEqual(['Routes']);
    expect(edge('middleware/logger.go', 'middleware/route_headers.go')?.names).toEqual(['Pattern']);
  });
});

/** The `from './x'` imports of TypeScript test files, each resolved to `dir/x.ts`. */
function relativeImports(files: Record<string, string>, dir: string) {
  return Object.entries(files).flatMap(([from, text]) =>
    [...text.matchAll(/from '\.\/(\w+)'/g)].map((m, i) => ({
      from,
      specifier: `./${m[1]}`,
      resolved: `${dir}/${m[1]}.ts`,
      line: i + 1,
    })),
  );
}

describe('which arrows the component diagram keeps', () => {
  it('keeps a file’s run-time uses and the main path’s hand-offs before names used in types only', () => {
    const files: Record<string, string> = {
      // core calls the parser, and names four types of two other files in its annotations only
      'pkg/core.ts':
        "import { makeParser } from './parser'\nimport type { TypeA, TypeB } from './types'\nimport type { TypeC, TypeD } from './more'\nimport type { TypeE } from './extra'\nexport function run(a: TypeA, b: TypeB, c: TypeC, d: TypeD, e: TypeE, f: TypeA, g: TypeC) { makeParser() }",
      'pkg/parser.ts': 'export function makeParser() {}',
      'pkg/types.ts': 'export type TypeA = 1\nexport type TypeB = 2',
      'pkg/more.ts': 'export type TypeC = 1\nexport type TypeD = 2',
      'pkg/extra.ts': 'export type TypeE = 1',
      'pkg/walk.ts': 'export function scan() {}',
      // gives the types' files an arrow of their own, so that none needs one of core's
      'pkg/use.ts':
        "import type { TypeA } from './types'\nimport type { TypeE } from './extra'\nexport function use(a: TypeA, e: TypeE, f: TypeE) { return [a, e, f] }",
      // the main path: core's run hands on to walk's scan, a name too short to be read as a use
      'pkg/main.ts':
        "import { scan } from './walk'\nimport type { TypeA, TypeB } from './types'\nimport type { TypeC, TypeD } from './more'\nexport function main(x: TypeA, y: TypeB, z: TypeC, w: TypeD) { scan() }",
    };
    const symbols = [
      { path: 'pkg/parser.ts', name: 'makeParser', kind: 'function', line: 1, exported: true },
      { path: 'pkg/types.ts', name: 'TypeA', kind: 'type', line: 1, exported: true },
      { path: 'pkg/types.ts', name: 'TypeB', kind: 'type', line: 2, exported: true },
      { path: 'pkg/more.ts', name: 'TypeC', kind: 'type', line: 1, exported: true },
      { path: 'pkg/more.ts', name: 'TypeD', kind: 'type', line: 2, exported: true },
      { path: 'pkg/extra.ts', name: 'TypeE', kind: 'type', line: 1, exported: true },
      { path: 'pkg/walk.ts', name: 'scan', kind: 'function', line: 1, exported: true },
    ] as const;
    const imports = [
      { from: 'pkg/core.ts', specifier: './parser', resolved: 'pkg/parser.ts', line: 1 },
      { from: 'pkg/core.ts', specifier: './types', resolved: 'pkg/types.ts', line: 2 },
      { from: 'pkg/core.ts', specifier: './more', resolved: 'pkg/more.ts', line: 3 },
      { from: 'pkg/core.ts', specifier: './extra', resolved: 'pkg/extra.ts', line: 4 },
      { from: 'pkg/use.ts', specifier: './types', resolved: 'pkg/types.ts', line: 1 },
      { from: 'pkg/use.ts', specifier: './extra', resolved: 'pkg/extra.ts', line: 2 },
      { from: 'pkg/main.ts', specifier: './walk', resolved: 'pkg/walk.ts', line: 1 },
      { from: 'pkg/main.ts', specifier: './types', resolved: 'pkg/types.ts', line: 2 },
      { from: 'pkg/main.ts', specifier: './more', resolved: 'pkg/more.ts', line: 3 },
    ];
    const mainPath = [
      { name: 'main', path: 'pkg/main.ts', line: 4 },
      { name: 'scan', path: 'pkg/walk.ts', line: 1 },
    ];
    const links = componentLinks(
      Object.keys(files),
      (p) => files[p] ?? null,
      [...symbols],
      imports,
      mainPath,
    );
    const from = (f: string) => links.edges.filter((e) => e.from === f).map((e) => e.to);
    // the call first, then the types it names most: two arrows a file, a third only where it runs
    expect(from('pkg/core.ts')).toEqual(['pkg/parser.ts', 'pkg/more.ts']);
    expect(links.edges.find((e) => e.from === 'pkg/main.ts' && e.to === 'pkg/walk.ts')?.names).toEqual([
      'scan',
    ]);
    expect(from('pkg/main.ts')[0]).toBe('pkg/walk.ts');
  });

  it('links JavaScript files only through what they import, never by a name another file happens to define', () => {
    const files: Record<string, string> = {
      // the base class is its own `Hono`, exported under another name; it imports nothing from hono.ts
      'src/hono-base.ts':
        'class Hono {\n  route(app: Hono) { return new Hono() }\n}\nexport { Hono as HonoBase }',
      'src/hono.ts': "import { HonoBase } from './hono-base'\nexport class Hono extends HonoBase {}",
      // a type parameter of its own, spelled like another file's export
      'src/context.ts':
        "import type { Env } from './types'\nexport class Context<Props = Env> { render(p: Props) {} }",
      'src/jsx/base.ts': 'export type Props = {}\nexport class JSXNode { c: Context }',
      'src/types.ts': 'export type Env = {}',
    };
    const symbols = [
      { path: 'src/hono.ts', name: 'Hono', kind: 'class', line: 2, exported: true },
      { path: 'src/context.ts', name: 'Context', kind: 'class', line: 2, exported: true },
      { path: 'src/jsx/base.ts', name: 'Props', kind: 'type', line: 1, exported: true },
      { path: 'src/jsx/base.ts', name: 'JSXNode', kind: 'class', line: 2, exported: true },
      { path: 'src/types.ts', name: 'Env', kind: 'type', line: 1, exported: true },
    ] as const;
    const imports = [
      { from: 'src/hono.ts', specifier: './hono-base', resolved: 'src/hono-base.ts', line: 1 },
      { from: 'src/context.ts', specifier: './types', resolved: 'src/types.ts', line: 1 },
    ];
    const links = componentLinks(Object.keys(files), (p) => files[p] ?? null, [...symbols], imports);
    const arrows = links.edges.map((e) => `${e.from} -> ${e.to}`).sort();
    expect(arrows).toEqual(['src/context.ts -> src/types.ts', 'src/hono.ts -> src/hono-base.ts']);
    expect(links.edges.find((e) => e.to === 'src/types.ts')?.names).toEqual(['Env']);
  });

  it('draws no hand-off of the main path that no import is behind: a call through a field typed by an interface', () => {
    const files: Record<string, string> = {
      'src/base.ts':
        "import type { Router } from './router'\nexport class Base {\n  router!: Router\n  dispatch() { return this.router.match() }\n}",
      'src/smart.ts': 'export class SmartRouter {\n  match() {}\n}',
      'src/app.ts':
        "import { SmartRouter } from './smart'\nimport { Base } from './base'\nexport class App extends Base {\n  router = new SmartRouter()\n}",
    };
    const symbols = [
      { path: 'src/base.ts', name: 'Base', kind: 'class', line: 2, exported: true },
      { path: 'src/smart.ts', name: 'SmartRouter', kind: 'class', line: 1, exported: true },
      { path: 'src/app.ts', name: 'App', kind: 'class', line: 3, exported: true },
    ] as const;
    const imports = [
      { from: 'src/app.ts', specifier: './smart', resolved: 'src/smart.ts', line: 1 },
      { from: 'src/app.ts', specifier: './base', resolved: 'src/base.ts', line: 2 },
    ];
    const mainPath = [
      { name: 'dispatch', owner: 'Base', path: 'src/base.ts', line: 4 },
      { name: 'match', owner: 'SmartRouter', path: 'src/smart.ts', line: 2 },
    ];
    const links = componentLinks(
      Object.keys(files),
      (p) => files[p] ?? null,
      [...symbols],
      imports,
      mainPath,
    );
    expect(links.edges.map((e) => `${e.from} -> ${e.to}`).sort()).toEqual([
      'src/app.ts -> src/base.ts',
      'src/app.ts -> src/smart.ts',
    ]);
  });

  it('follows a name through an index that passes it on, and counts building on a class as a use that runs', () => {
    const files: Record<string, string> = {
      'src/hono.ts':
        "import { HonoBase } from './hono-base'\nimport { SmartRouter } from './router/smart'\nimport { TrieRouter } from './router/trie'\nimport { RegExpRouter } from './router/regexp'\nexport class Hono extends HonoBase {\n  router = new SmartRouter([new RegExpRouter(), new TrieRouter()])\n}",
      'src/hono-base.ts': 'export class HonoBase {}',
      'src/router/smart/router.ts': 'export class SmartRouter {}',
      'src/router/trie/router.ts': 'export class TrieRouter {}',
      'src/router/regexp/router.ts': 'export class RegExpRouter {}',
      // not central: an index that only passes the router on, its string blanked as the analysis reads it
      'src/router/smart/index.ts': "export { SmartRouter } from '        '",
      'src/router/trie/index.ts': "export * from '        '",
      'src/router/regexp/index.ts': "export { RegExpRouter as RegExpRouter } from '        '",
    };
    const symbols = [
      { path: 'src/hono-base.ts', name: 'HonoBase', kind: 'class', line: 1, exported: true },
      { path: 'src/router/smart/router.ts', name: 'SmartRouter', kind: 'class', line: 1, exported: true },
      { path: 'src/router/trie/router.ts', name: 'TrieRouter', kind: 'class', line: 1, exported: true },
      { path: 'src/router/regexp/router.ts', name: 'RegExpRouter', kind: 'class', line: 1, exported: true },
    ] as const;
    const imports = [
      { from: 'src/hono.ts', specifier: './hono-base', resolved: 'src/hono-base.ts', line: 1 },
      { from: 'src/hono.ts', specifier: './router/smart', resolved: 'src/router/smart/index.ts', line: 2 },
      { from: 'src/hono.ts', specifier: './router/trie', resolved: 'src/router/trie/index.ts', line: 3 },
      { from: 'src/hono.ts', specifier: './router/regexp', resolved: 'src/router/regexp/index.ts', line: 4 },
      {
        from: 'src/router/smart/index.ts',
        specifier: './router',
        resolved: 'src/router/smart/router.ts',
        line: 1,
      },
      {
        from: 'src/router/trie/index.ts',
        specifier: './router',
        resolved: 'src/router/trie/router.ts',
        line: 1,
      },
      {
        from: 'src/router/regexp/index.ts',
        specifier: './router',
        resolved: 'src/router/regexp/router.ts',
        line: 1,
      },
    ];
    const central = Object.keys(files).filter((p) => !p.endsWith('index.ts'));
    const links = componentLinks(central, (p) => files[p] ?? null, [...symbols], imports);
    expect(links.edges.map((e) => `${e.to} ${e.names.join(',')}`).sort()).toEqual([
      'src/hono-base.ts HonoBase',
      'src/router/regexp/router.ts RegExpRouter',
      'src/router/smart/router.ts SmartRouter',
      'src/router/trie/router.ts TrieRouter',
    ]);
  });

  it('draws a busy file’s further calls where the picture has room under its cap of arrows', () => {
    const files: Record<string, string> = {
      'src/mux.ts':
        "import { a } from './a'\nimport { b } from './b'\nimport { c } from './c'\nimport { chain } from './chain'\nimport type { T } from './t'\nexport function serve(x: T) { a(); b(); c(); chain() }",
      'src/a.ts': 'export function a() {}',
      'src/b.ts': 'export function b() {}',
      'src/c.ts': 'export function c() {}',
      'src/chain.ts': 'export function chain() {}',
      // chain.ts has an arrow of its own, so only the room left in the picture brings mux's call in
      'src/t.ts': "import { chain } from './chain'\nexport type T = 1\nexport function tWork() { chain() }",
    };
    const symbols = ['a', 'b', 'c', 'chain'].map((n) => ({
      path: `src/${n}.ts`,
      name: n === 'a' || n === 'b' || n === 'c' ? `${n}Work` : 'chain',
      kind: 'function' as const,
      line: 1,
      exported: true,
    }));
    for (const k of ['a', 'b', 'c']) files[`src/${k}.ts`] = `export function ${k}Work() {}`;
    files['src/mux.ts'] = files['src/mux.ts']!.replace(/\b([abc])\b(?=[ (}])/g, '$1Work');
    const imports = relativeImports(files, 'src');
    const links = componentLinks(Object.keys(files), (p) => files[p] ?? null, symbols, imports, [], false);
    // four calls from one file: past its cap of three, the fourth still comes in, as there is room
    expect(
      links.edges
        .filter((e) => e.from === 'src/mux.ts')
        .map((e) => e.to)
        .sort(),
    ).toEqual(expect.arrayContaining(['src/a.ts', 'src/b.ts', 'src/c.ts', 'src/chain.ts']));
  });

  it('shows a call into a file whose only drawn arrow in names it, when the picture is full', () => {
    // x1…x5 call each other enough to fill the picture; core calls three of them and, more weakly,
    // fmt's `makeFormatter`; the test helper only names fmt's `Width` type
    const files: Record<string, string> = {
      'src/core.ts':
        "import { x1Work } from './x1'\nimport { x2Work } from './x2'\nimport { x3Work } from './x3'\nimport { makeFormatter } from './fmt'\nexport function run() { x1Work(); x1Work(); x2Work(); x2Work(); x3Work(); x3Work(); makeFormatter() }",
      'src/fmt.ts': 'export type Width = number\nexport function makeFormatter() {}',
      'src/testing.ts':
        "import type { Width } from './fmt'\nimport { x1Work } from './x1'\nexport function isolate(w: Width) { x1Work(); x1Work(); x1Work() }",
    };
    const names = ['x1', 'x2', 'x3', 'x4', 'x5'];
    for (const [i, n] of names.entries()) {
      const others = names.filter((_, j) => j !== i).slice(0, 3);
      files[`src/${n}.ts`] =
        others.map((o) => `import { ${o}Work } from './${o}'`).join('\n') +
        `\nexport function ${n}Work() { ${others.map((o) => `${o}Work(); ${o}Work()`).join('; ')} }`;
    }
    const symbols = [
      ...names.map((n) => ({
        path: `src/${n}.ts`,
        name: `${n}Work`,
        kind: 'function' as const,
        line: 4,
        exported: true,
      })),
      { path: 'src/fmt.ts', name: 'Width', kind: 'type' as const, line: 1, exported: true },
      { path: 'src/fmt.ts', name: 'makeFormatter', kind: 'function' as const, line: 2, exported: true },
    ];
    const links = componentLinks(
      Object.keys(files),
      (p) => files[p] ?? null,
      symbols,
      relativeImports(files, 'src'),
    );
    const into = links.edges.filter((e) => e.to === 'src/fmt.ts').map((e) => e.from);
    expect(links.edges.length).toBe(12);
    expect(into).toEqual(['src/core.ts']);
  });

  it('gives every drawn file an arrow, and the walker its use of the central type before weaker arrows', () => {
    const files: Record<string, string> = {
      'src/main.ts':
        "import { scan } from './walk'\nimport { Config } from './config'\nimport { helper, other, third } from './util'\nexport function main() { scan(new Config()); helper(); other(); third() }",
      'src/walk.ts':
        "import { Config } from './config'\nimport { helper, other } from './util'\nimport { DirEntry } from './entry'\nexport function scan(c: Config) { helper(); other(); new DirEntry() }",
      'src/config.ts': 'export class Config {}',
      'src/util.ts': 'export function helper() {}\nexport function other() {}\nexport function third() {}',
      'src/entry.ts': 'export class DirEntry {}',
      // drawn, and used by nobody but the exec file, which uses nothing drawn but it
      'src/exec.ts': "import { Template } from './fmt'\nexport function runJob() { return Template }",
      'src/fmt.ts': 'export const Template = 1',
    };
    const symbols = [
      { path: 'src/walk.ts', name: 'scan', kind: 'function', line: 4, exported: true },
      { path: 'src/config.ts', name: 'Config', kind: 'class', line: 1, exported: true },
      { path: 'src/util.ts', name: 'helper', kind: 'function', line: 1, exported: true },
      { path: 'src/util.ts', name: 'other', kind: 'function', line: 2, exported: true },
      { path: 'src/util.ts', name: 'third', kind: 'function', line: 3, exported: true },
      { path: 'src/entry.ts', name: 'DirEntry', kind: 'class', line: 1, exported: true },
      { path: 'src/exec.ts', name: 'runJob', kind: 'function', line: 2, exported: true },
      { path: 'src/fmt.ts', name: 'Template', kind: 'type', line: 1, exported: true },
    ] as const;
    const imports = relativeImports(files, 'src');
    const mainPath = [
      { name: 'main', path: 'src/main.ts', line: 4 },
      { name: 'scan', path: 'src/walk.ts', line: 4 },
    ];
    const links = componentLinks(
      Object.keys(files),
      (p) => files[p] ?? null,
      [...symbols],
      imports,
      mainPath,
      true,
      new Set(['src/walk.ts\0src/config.ts']),
    );
    const has = (from: string, to: string) => links.edges.some((e) => e.from === from && e.to === to);
    // the walker reaches the value it runs on, though it only names the type, before its helper calls
    expect(has('src/walk.ts', 'src/config.ts')).toBe(true);
    // no box stands alone where some use links it
    for (const n of links.nodes) expect(links.edges.some((e) => e.from === n || e.to === n)).toBe(true);
    // past the cap of arrows, the lone pair still gets its one, in place of an arrow the others can spare
    const many: Record<string, string> = {
      'x/exec.ts': files['src/exec.ts']!.replace('./fmt', './fmt'),
      'x/fmt.ts': files['src/fmt.ts']!,
    };
    const manySymbols: {
      path: string;
      name: string;
      kind: 'function' | 'type';
      line: number;
      exported: boolean;
    }[] = [{ path: 'x/fmt.ts', name: 'Template', kind: 'type', line: 1, exported: true }];
    for (let i = 1; i <= 7; i++) {
      many[`x/b${i}.ts`] = `export function work${i}() {}`;
      manySymbols.push({ path: `x/b${i}.ts`, name: `work${i}`, kind: 'function', line: 1, exported: true });
    }
    for (let i = 1; i <= 7; i++) {
      const next = (i % 7) + 1;
      many[`x/a${i}.ts`] =
        `import { work${i} } from './b${i}'\nimport { work${next} } from './b${next}'\nexport function run${i}() { work${i}(); work${next}() }`;
    }
    const manyImports = relativeImports(many, 'x');
    const crowded = componentLinks(
      Object.keys(many),
      (p) => many[p] ?? null,
      manySymbols,
      manyImports,
      [],
      false,
    );
    expect(crowded.edges).toHaveLength(12);
    for (const n of crowded.nodes) expect(crowded.edges.some((e) => e.from === n || e.to === n)).toBe(true);
    // without the central type's file named, the walker's two calls and its type use fill its arrows
    const plain = componentLinks(
      Object.keys(files),
      (p) => files[p] ?? null,
      [...symbols],
      imports,
      mainPath,
    );
    expect(plain.edges.some((e) => e.from === 'src/walk.ts' && e.to === 'src/config.ts')).toBe(false);
  });

  it('links a CommonJS module whose object another uses at run time, and a Python module the other calls', () => {
    const files: Record<string, string> = {
      'lib/application.js':
        "const request = require('./request')\nconst only = require('./only')\nclass App { constructor() { this.request = Object.create(request) } toJSON() { return only(this) } }",
      'lib/request.js': 'module.exports = { get header() { return 1 } }',
      'lib/only.js': 'module.exports = (obj) => obj',
      'pkg/core.py':
        'from . import types\nfrom .parser import _OptionParser\n\ndef make(ctx: types.ParamType):\n    return _OptionParser(ctx)\n',
      // imported for the annotations, and again inside the function that runs it
      'pkg/models.py':
        'from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .types import ParamType\n\ndef check(p: ParamType):\n    from .types import ParamType\n    return ParamType.objects\n',
      'pkg/parser.py':
        'import typing as t\nif t.TYPE_CHECKING:\n    from .core import Context\n\nclass _OptionParser:\n    def __init__(self, ctx: Context):\n        pass\n',
      'pkg/types.py': 'class ParamType:\n    pass\n',
    };
    const symbols = [
      { path: 'pkg/parser.py', name: '_OptionParser', kind: 'class', line: 5, exported: false },
      { path: 'pkg/types.py', name: 'ParamType', kind: 'class', line: 1, exported: true },
      { path: 'pkg/core.py', name: 'Context', kind: 'class', line: 9, exported: true },
    ] as const;
    const imports = [
      { from: 'lib/application.js', specifier: './request', resolved: 'lib/request.js', line: 1 },
      { from: 'lib/application.js', specifier: './only', resolved: 'lib/only.js', line: 2 },
      { from: 'pkg/core.py', specifier: '.', resolved: 'pkg/types.py', line: 1 },
      { from: 'pkg/core.py', specifier: '.parser', resolved: 'pkg/parser.py', line: 2 },
      { from: 'pkg/parser.py', specifier: '.core', resolved: 'pkg/core.py', line: 3 },
      { from: 'pkg/models.py', specifier: '.types', resolved: 'pkg/types.py', line: 3 },
      { from: 'pkg/models.py', specifier: '.types', resolved: 'pkg/types.py', line: 6 },
    ];
    const links = componentLinks(Object.keys(files), (p) => files[p] ?? null, [...symbols], imports);
    const edge = (from: string, to: string) => links.edges.find((e) => e.from === from && e.to === to);
    expect(edge('lib/application.js', 'lib/request.js')?.names).toEqual(['request']);
    expect(edge('lib/application.js', 'lib/only.js')?.names).toEqual(['only']);
    expect(edge('pkg/core.py', 'pkg/parser.py')?.names).toEqual(['_OptionParser']);
    // a module named before a dot is the module, the name after it is what is used
    expect(edge('pkg/core.py', 'pkg/types.py')?.names).toEqual(['ParamType']);
    // `t.TYPE_CHECKING` is `typing.TYPE_CHECKING` under another name: its imports link nothing
    expect(edge('pkg/parser.py', 'pkg/core.py')).toBeUndefined();
    expect(edge('pkg/models.py', 'pkg/types.py')?.names).toEqual(['ParamType']);
  });
});
