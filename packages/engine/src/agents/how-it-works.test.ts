// The mechanism in sentences: traced calls with citations, central types, concurrency and handlers.

import { describe, expect, it } from 'vitest';
import type { Analysis, Flow } from '../analyse/types.ts';
import {
  abstractionsSentence,
  extensionParts,
  centralTypesNamed,
  docCountHolds,
  handlerParts,
  mechanismDigest,
  mechanismFindings,
  mainPathParts,
  mainPathSentence,
  mechanismParts,
  stepSentence,
} from './how-it-works.ts';

const flow: Flow = {
  abstractions: [
    { name: 'Application', path: 'lib/application.js', line: 51, bases: ['Emitter'], methods: 11, uses: 0 },
  ],
  steps: [
    {
      name: 'listen',
      owner: 'Application',
      path: 'lib/application.js',
      line: 113,
      depth: 0,
      weight: 40,
      calls: [
        { name: 'callback', owner: 'Application', line: 114, path: 'lib/application.js', target: 167 },
        { name: 'createServer', line: 114, from: 'node:http' },
      ],
    },
    {
      name: 'respond',
      path: 'lib/application.js',
      line: 268,
      depth: 1,
      weight: 12,
      calls: [
        { name: 'has', line: 280, path: 'lib/response.js', target: 515 },
        { name: 'WorkerState', line: 281, path: 'lib/state.js', target: 3, creates: true },
      ],
    },
  ],
  defines: [],
  concurrency: [{ what: 'goroutines', path: 'walk.go', line: 9, files: 1 }],
  handlers: [],
};

describe('how it works', () => {
  it('names each call, cites the callee only when it lives in another file, and names the library', () => {
    expect(stepSentence(flow.steps[0]!)).toBe(
      '`Application.listen()` (`lib/application.js:113`) calls `Application.callback()` and uses `createServer` from `node:http`.',
    );
    expect(stepSentence(flow.steps[1]!)).toBe(
      '`respond()` (`lib/application.js:268`) creates a `WorkerState` (`lib/state.js:3`) and calls `has()` (`lib/response.js:515`).',
    );
  });

  it('tells a webhook the outside service calls back as a second request, not a step of the first', () => {
    const a = {
      identity: {
        kind: 'application',
        mainPath: [
          { name: 'HomePage', path: 'app/page.tsx', line: 3, note: 'handles 1 route, e.g. GET /' },
          { name: 'checkout', path: 'lib/billing.ts', line: 3, note: 'called by HomePage', from: 0 },
          {
            name: 'POST',
            path: 'app/api/webhooks/route.ts',
            line: 2,
            note: 'receives POST /api/webhooks',
            calledBack: true,
          },
          { name: 'saveCustomer', path: 'lib/customers.ts', line: 1, note: 'called by POST', from: 2 },
        ],
      },
    } as unknown as Analysis;
    const parts = mainPathParts(a);
    expect(parts).toHaveLength(4);
    expect(parts[1]).not.toMatch(/POST/);
    expect(parts[2]).toBe(
      'An outside service then calls the product back; that second request runs through these steps:',
    );
    expect(parts[3]).toMatch(
      /^- `POST\(\)` \(`app\/api\/webhooks\/route.ts:2`\), receives POST \/api\/webhooks\./,
    );
  });

  it('marks a step that runs on every Nth request only', () => {
    const a = {
      identity: {
        kind: 'application',
        mainPath: [
          { name: 'ping', owner: 'Check', path: 'app/models.py', line: 10 },
          {
            name: 'prune',
            owner: 'Check',
            path: 'app/models.py',
            line: 20,
            note: 'called by Check.ping at app/models.py:15, every 100th time',
            from: 0,
          },
        ],
      },
    } as unknown as Analysis;
    expect(mainPathParts(a).join('\n')).toContain(
      '(`app/models.py:20`), called by `Check.ping` at `app/models.py:15`, every 100th time.',
    );
  });

  it('says where a step that runs code the product was handed got it', () => {
    const a = {
      identity: {
        kind: 'framework',
        mainPath: [
          { name: 'handleRequest', owner: 'Application', path: 'lib/application.js', line: 198 },
          {
            name: 'fnMiddleware',
            path: 'lib/application.js',
            line: 204,
            note: 'called by Application.handleRequest',
            handedIn: 'parameter',
            from: 0,
          },
        ],
      },
    } as unknown as Analysis;
    expect(mainPathParts(a).join('\n')).toContain(
      '- `fnMiddleware()` (`lib/application.js:204`), called by `Application.handleRequest`: the function handed to it as the parameter `fnMiddleware`.',
    );
  });

  it('says what a parameter or field holds, what a step waits on and which hook stands in for another', () => {
    const a = {
      identity: {
        kind: 'framework',
        mainPath: [
          { name: 'handleRequest', owner: 'Application', path: 'lib/application.js', line: 198 },
          {
            name: 'fnMiddleware',
            path: 'lib/application.js',
            line: 204,
            note: 'called by Application.handleRequest',
            handedIn: 'parameter',
            via: {
              expression: 'this.compose(this.middleware)',
              by: 'Application.callback',
              path: 'lib/application.js',
              line: 168,
            },
            from: 0,
          },
          {
            name: 'respond',
            path: 'lib/application.js',
            line: 268,
            note: 'called by Application.handleRequest at lib/application.js:202',
            after: { call: 'fnMiddleware(ctx)', path: 'lib/application.js', line: 204 },
            from: 0,
          },
          {
            name: 'routeHTTP',
            owner: 'Mux',
            path: 'mux.go',
            line: 447,
            note: 'called by Mux.ServeHTTP at mux.go:90',
            via: {
              field: 'mx.handler',
              expression: 'chain(mx.middlewares, mx.routeHTTP)',
              by: 'Mux.updateRouteHandler',
              path: 'mux.go',
              line: 518,
            },
          },
          {
            name: 'RunE',
            path: 'command.go',
            line: 1015,
            note: 'called by Command.execute',
            handedIn: 'field',
            otherwise: ['Run'],
          },
        ],
      },
    } as unknown as Analysis;
    const text = mainPathParts(a).join('\n');
    expect(text).toContain(
      'the function handed to it as the parameter `fnMiddleware`, `this.compose(this.middleware)` from `Application.callback` at `lib/application.js:168`.',
    );
    expect(text).toContain('once `fnMiddleware(ctx)` resolves at `lib/application.js:204`.');
    expect(text).toContain(
      'through `mx.handler`, set to `chain(mx.middlewares, mx.routeHTTP)` by `Mux.updateRouteHandler` at `mux.go:518`.',
    );
    expect(text).toContain('the function stored in its field `RunE`, else `Run`.');
  });

  it('names the library the work is handed to deepest on the path, and no library when none is', () => {
    const step = (name: string, line: number, from?: number, external?: string) => ({
      name,
      path: 'src/adapters.py',
      line,
      ...(from !== undefined ? { from } : {}),
      ...(external ? { external, note: 'called by x' } : {}),
    });
    const analysis = (mainPath: unknown[]) =>
      ({ identity: { kind: 'library', mainPath } }) as unknown as Analysis;
    const path = [
      step('get', 1),
      step('prepare', 5, 0),
      step('compose', 6, 1, 'koa-compose'),
      step('send', 9, 1),
      step('urlopen', 12, 3, 'urllib3'),
    ];
    expect(mainPathSentence(analysis(path))).toContain(', handing work to `urllib3` on the way.');
    expect(mainPathSentence(analysis(path.filter((s) => !('external' in s))))).not.toContain('handing');
  });

  it("reaches the user's own code in the summary when the path is longer than it names", () => {
    const step = (name: string, from?: number, extra: object = {}) => ({
      name,
      owner: 'Command',
      path: 'src/core.py',
      line: 1,
      ...(from !== undefined ? { from, note: 'called by x' } : {}),
      ...extra,
    });
    const path = [
      step('__call__'),
      step('main', 0),
      step('make_context', 1),
      step('parse_args', 2),
      step('make_parser', 3),
      step('parse', 3),
      step('handle_parse_result', 3),
      step('invoke', 1),
      step('callback', 7, { owner: undefined, handedIn: 'field' }),
    ];
    const sentence = mainPathSentence({
      identity: { kind: 'library', mainPath: path },
    } as unknown as Analysis);
    expect(sentence).toBe(
      'One call enters at `Command.__call__()` (`src/core.py:1`) and passes through `Command.main()`, `Command.make_context()`, `Command.parse_args()`, `Command.invoke()` and `callback()`.',
    );
  });

  it('speaks of one central type in the singular', () => {
    expect(abstractionsSentence(flow)).toBe(
      'Its central type is `Application` (`lib/application.js:51`; 11 methods, built on `Emitter`).',
    );
  });

  it('names the central types alone in the overview, where the architecture section cites them', () => {
    expect(centralTypesNamed(flow)).toBe('Its central type is `Application`.');
    expect(mechanismDigest({ flow } as Analysis)).toContain('Its central type is `Application`.');
  });

  it('says work can run concurrently, and when, where it runs so only inside an if', () => {
    const guarded: Flow = {
      ...flow,
      concurrency: [
        { what: 'threads', path: 'src/run.rs', line: 655, files: 1, when: 'recipe.is_parallel()' },
      ],
    };
    expect(mechanismParts({ flow: guarded } as Analysis).join('\n\n')).toContain(
      'Work can run concurrently through threads (`src/run.rs:655`), only when `recipe.is_parallel()`.',
    );
  });

  it('says that a central type holding more of itself forms a tree, of the kind its file names', () => {
    const node = {
      name: 'node',
      path: 'tree.go',
      line: 97,
      methods: 12,
      uses: 9,
      children: { field: 'children', line: 112, named: { words: 'radix tree', line: 3 } },
    };
    const text = mechanismParts({ flow: { ...flow, abstractions: [node] } } as Analysis).join('\n');
    expect(text).toContain(
      'Each `node` holds further `node` values in its field `children` (`tree.go:112`): they form a radix tree (`tree.go:3`).',
    );
  });

  it("names a tree node's kinds with their examples, and what an interface embeds or, undocumented, declares", () => {
    const node = {
      name: 'node',
      path: 'tree.go',
      line: 97,
      methods: 12,
      uses: 9,
      children: { field: 'children', line: 112 },
      kinds: {
        field: 'typ',
        type: 'nodeTyp',
        kinds: [
          { name: 'ntStatic', note: '/home' },
          { name: 'ntParam', note: '/{user}' },
        ],
        line: 91,
        end: 92,
      },
    };
    const router = {
      name: 'Router',
      path: 'chi.go',
      line: 68,
      methods: 2,
      uses: 9,
      doc: 'Router holds the routing methods.',
      declares: { methods: ['Use', 'Get'], embeds: ['http.Handler', 'Routes'] },
    };
    const routes = {
      name: 'Routes',
      path: 'chi.go',
      line: 121,
      methods: 2,
      uses: 3,
      declares: { methods: ['Match', 'Find'], embeds: [] },
    };
    const text = mechanismParts({ flow: { ...flow, abstractions: [node, router, routes] } } as Analysis).join(
      '\n',
    );
    expect(text).toContain(
      "Its field `typ` gives each one's kind (`tree.go:91-92`): `ntStatic` (`/home`) and `ntParam` (`/{user}`).",
    );
    expect(text).toContain('Router holds the routing methods. It embeds `http.Handler` and `Routes`.');
    expect(text).toContain('`Routes` (`chi.go:121`; 2 methods). It declares `Match()` and `Find()`.');
  });

  it('tells the whole mechanism, and a digest for the overview', () => {
    const a = { flow } as Analysis;
    const text = mechanismParts(a).join('\n\n');
    expect(text).toContain('Traced from the entry point');
    expect(text).toContain('Work runs concurrently through goroutines (`walk.go:9`).');
    expect(mechanismDigest(a)).toContain('Its main path runs through `Application.listen()`');
    // one traced call is not a path
    expect(
      mechanismParts({ flow: { ...flow, steps: flow.steps.slice(0, 1) } } as Analysis).join('\n'),
    ).not.toContain('Traced from');
  });

  it("says what an application's handlers work with and where its data is kept", () => {
    const parts = handlerParts({
      ...flow,
      handlers: [
        {
          path: 'src/OwnerController.java',
          routes: 7,
          example: 'GET /owners/new',
          uses: [
            { name: 'Owner', path: 'src/Owner.java', line: 49, bases: ['Person'] },
            { name: 'OwnerRepository', path: 'src/OwnerRepository.java', line: 36, bases: ['JpaRepository'] },
          ],
        },
      ],
    }).join('\n');
    expect(parts).toContain(
      '`src/OwnerController.java` (7 routes, e.g. `GET /owners/new`) works with `Owner`',
    );
    expect(parts).toContain(
      'Data is read and written through `OwnerRepository` (`src/OwnerRepository.java:36`), which builds on `JpaRepository`.',
    );
    expect(parts).not.toMatch(/through `Owner`/);
  });

  it("opens an application's digest with its requests and its data, not with one traced call", () => {
    const app: Flow = {
      ...flow,
      handlers: [
        {
          path: 'src/OwnerController.java',
          routes: 7,
          uses: [
            { name: 'OwnerRepository', path: 'src/OwnerRepository.java', line: 36, bases: ['JpaRepository'] },
          ],
        },
      ],
    };
    const digest = mechanismDigest({ flow: app } as Analysis)!;
    expect(digest).toContain(
      'Requests reach 1 handler file, the busiest being `src/OwnerController.java` (7 routes).',
    );
    expect(digest).toContain('through `OwnerRepository`');
    expect(digest).not.toContain('main path');
  });

  it('gives the chapter intros and the model the mechanism as cited findings', () => {
    const findings = mechanismFindings({ flow } as Analysis);
    expect(findings.map((f) => f.aspect)).toEqual(['flow', 'flow', 'flow']);
    expect(findings[0]).toEqual({
      statement:
        '`Application.listen()` calls `Application.callback()` and uses `createServer` from `node:http`.',
      citations: ['lib/application.js:113', 'lib/application.js:167'],
      aspect: 'flow',
    });
    expect(findings[2]!.citations).toEqual(['walk.go:9']);
  });

  it('says where users plug their code in, what is stored, where it is used, and nothing when there is no such point', () => {
    const use: NonNullable<Flow['extensions']>[number] = {
      name: 'Use',
      owner: 'Mux',
      path: 'mux.go',
      line: 100,
      value: 'middlewares',
      many: true,
      store: 'mx.middlewares',
      storePath: 'mux.go',
      storeLine: 104,
      how: 'appends',
      contract: { type: 'func(http.Handler) http.Handler' },
      runs: {
        name: 'updateRouteHandler',
        owner: 'Mux',
        path: 'mux.go',
        line: 518,
        how: 'passes',
        callee: 'chain',
        onPath: false,
      },
      guard: {
        verb: 'panics',
        message: 'all middlewares must be defined before routes',
        when: 'mx.handler != nil',
        line: 102,
      },
    };
    const mount: NonNullable<Flow['extensions']>[number] = {
      name: 'mount',
      owner: 'Session',
      path: 'sessions.py',
      line: 888,
      value: 'adapter',
      store: 'self.adapters',
      storePath: 'sessions.py',
      storeLine: 893,
      how: 'keyed',
      key: 'prefix',
      contract: { type: 'BaseAdapter', path: 'adapters.py', line: 122 },
      runs: {
        name: 'get_adapter',
        owner: 'Session',
        path: 'sessions.py',
        line: 876,
        how: 'iterates',
        onPath: false,
      },
      defaults: {
        name: '__init__',
        owner: 'Session',
        path: 'sessions.py',
        line: 502,
        keys: ['https://', 'http://'],
        types: ['HTTPAdapter'],
      },
    };
    expect(extensionParts({ flow: { ...flow, extensions: [use] } } as Analysis)).toEqual([
      'One way users plug their own code in: `Mux.Use()` (`mux.go:100`) appends its `middlewares`, each a `func(http.Handler) http.Handler`, to `mx.middlewares`; `Mux.updateRouteHandler()` (`mux.go:518`) passes them to `chain()`. It panics with "all middlewares must be defined before routes" when `mx.handler != nil` (`mux.go:102`).',
    ]);
    const two = extensionParts({ flow: { ...flow, extensions: [use, mount] } } as Analysis).join('\n');
    expect(two).toContain('Ways users plug their own code in include:');
    expect(two).not.toMatch(/one point|these points/);
    expect(two).toContain(
      '`Session.mount()` (`sessions.py:888`) stores its `adapter`, a `BaseAdapter` (`adapters.py:122`), in `self.adapters` under its `prefix`; `Session.get_adapter()` (`sessions.py:876`) goes through them. By default, `Session.__init__()` (`sessions.py:502`) registers an `HTTPAdapter` under `https://` and `http://`.',
    );
    // the mechanism tells them after the path; a project without any says nothing of them
    expect(mechanismParts({ flow: { ...flow, extensions: [use] } } as Analysis).join('\n')).toContain(
      '`Mux.Use()`',
    );
    expect(extensionParts({ flow } as Analysis)).toEqual([]);
    expect(mechanismParts({ flow } as Analysis).join('\n')).not.toContain('plug');
  });

  it('tells the functions that build the class a `cls` argument names as a way to plug in subclasses', () => {
    const classParams = [
      { name: 'command', param: 'cls', default: 'Command', path: 'deco.py', line: 170 },
      { name: 'option', param: 'cls', default: 'Option', path: 'deco.py', line: 352 },
    ];
    expect(extensionParts({ flow: { ...flow, classParams } } as Analysis)).toEqual([
      'One way users plug their own code in: `command()` and `option()` build the class their `cls` argument names, by default `Command` and `Option` (`deco.py:170`): users pass their own subclass there.',
    ]);
  });

  it("says whose hook runs when it is looked up on the object's ancestors", () => {
    const step = {
      name: 'Before',
      path: 'cmd.go',
      line: 8,
      note: 'called by Cmd.run',
      handedIn: 'field' as const,
      ancestors: { line: 3, nearest: true, unless: 'RunAll', type: 'Cmd' },
    };
    const a = {
      identity: {
        mainPath: [
          { name: 'run', owner: 'Cmd', path: 'cmd.go', line: 1 },
          { ...step, from: 0 },
        ],
      },
    } as unknown as Analysis;
    expect(mainPathParts(a).join('\n')).toContain(
      'the function stored in its field `Before`, of the nearest `Cmd` up its parent link, itself first, that sets one (`cmd.go:3`), or of every one when `RunAll` is set',
    );
  });

  it('says where the main path runs what a package function registered, and before which step', () => {
    const onStart = {
      name: 'OnStart',
      path: 'kit.go',
      line: 8,
      value: 'fs',
      many: true,
      store: 'starters',
      storePath: 'kit.go',
      storeLine: 4,
      how: 'appends' as const,
      contract: { type: 'func()' },
      runs: {
        name: 'start',
        owner: 'Cmd',
        path: 'cmd.go',
        line: 13,
        how: 'iterates' as const,
        onPath: false,
        within: {
          name: 'run',
          owner: 'Cmd',
          path: 'cmd.go',
          line: 6,
          before: { name: 'Validate', owner: 'Cmd' },
        },
      },
    };
    expect(extensionParts({ flow: { ...flow, registrations: [onStart] } } as Analysis).join('\n')).toContain(
      '`OnStart()` (`kit.go:8`) appends its `fs`, each a `func()`, to `starters`; `Cmd.start()` (`cmd.go:13`), which `Cmd.run()` calls at `cmd.go:6` before `Cmd.Validate()`, goes through them.',
    );
  });

  it('tells the methods that build more of a central type beside its registration point, never "one point"', () => {
    const built = [
      { name: 'With', owner: 'Mux', path: 'mux.go', line: 242, returns: 'Router' },
      { name: 'Group', owner: 'Mux', path: 'mux.go', line: 268, returns: 'Router', hands: 'fn' },
      {
        name: 'Route',
        owner: 'Mux',
        path: 'mux.go',
        line: 278,
        returns: 'Router',
        hands: 'fn',
        attaches: { name: 'Mount', path: 'mux.go', line: 295 },
      },
    ];
    const shifted = [
      {
        ...built[2]!,
        attaches: { ...built[2]!.attaches!, rewrites: [{ name: 'rctx.RoutePath', line: 319 }] },
      },
    ];
    expect(extensionParts({ flow: { ...flow, composers: shifted } } as Analysis).join('\n')).toContain(
      'For each request it passes on, `Mux.Mount()` sets `rctx.RoutePath` (`mux.go:319`) before the attached handler runs.',
    );
    const out = extensionParts({ flow: { ...flow, composers: built } } as Analysis).join('\n');
    expect(out).toBe(
      "One way users plug their own code in: `Mux.With()` (`mux.go:242`), `Mux.Group()` (`mux.go:268`) and `Mux.Route()` (`mux.go:278`) each return a new `Mux` as a `Router`, which users fill with their own code; `Mux.Group()` and `Mux.Route()` first hand it to the caller's function `fn`, and `Mux.Route()` attaches it through `Mux.Mount()` (`mux.go:295`).",
    );
    expect(out).not.toContain('one point');
  });

  it('tells a strategy taken from the options and the events an emitter emits, with its own listener', () => {
    const options = [
      {
        option: 'options.combine',
        field: 'this.combine',
        fallback: 'combine',
        from: 'combine-fns',
        owner: 'App',
        path: 'lib/app.js',
        line: 8,
        use: { name: 'handler', owner: 'App', path: 'lib/app.js', line: 13 },
      },
    ];
    const events = [
      {
        name: 'error',
        owner: 'App',
        path: 'lib/app.js',
        line: 19,
        fallback: {
          name: 'onerror',
          owner: 'App',
          by: { name: 'handler', owner: 'App' },
          path: 'lib/app.js',
          line: 14,
        },
      },
    ];
    const out = extensionParts({ flow: { ...flow, options, events } } as Analysis).join('\n');
    expect(out).toContain(
      'The constructor option `options.combine` replaces `combine` (from `combine-fns`) as `this.combine` (`lib/app.js:8`), which `App.handler()` calls (`lib/app.js:13`).',
    );
    expect(out).toContain(
      "`App` is an event emitter: the product emits `error` (`lib/app.js:19`), which users handle with `on('error', …)`; `App.handler()` adds `App.onerror()` as the `error` listener when users add none (`lib/app.js:14`).",
    );
  });

  it('tells the set-up that runs once apart from the steps the returned function runs for each request', () => {
    const a = {
      identity: {
        kind: 'framework',
        mainPath: [
          { name: 'listen', owner: 'App', path: 'lib/app.js', line: 10 },
          { name: 'callback', owner: 'App', path: 'lib/app.js', line: 20, from: 0 },
          {
            name: 'makeContext',
            owner: 'App',
            path: 'lib/app.js',
            line: 40,
            from: 1,
            perCall: { name: 'handle', line: 22 },
          },
          { name: 'respond', path: 'lib/app.js', line: 60, from: 2 },
        ],
      },
    } as unknown as Analysis;
    const out = mainPathParts(a);
    expect(out[0]).toBe('Traced from the entry point, these steps run once, to set up:');
    expect(out[2]).toBe(
      'Then each request runs through the function `handle` that `App.callback()` returns (`lib/app.js:22`), in these steps:',
    );
    expect(out[3]).toContain('`App.makeContext()`');
    expect(out[3]).toContain('`respond()`');
    expect(out[1]).not.toContain('makeContext');
  });

  it('tells the request state a Go step sets up, a table users add keys to, and the functions that read the state', () => {
    const mainPath = [
      {
        name: 'ServeHTTP',
        owner: 'Mux',
        path: 'mux.go',
        line: 63,
        context: {
          key: 'CtxKey',
          value: 'rctx',
          line: 87,
          readBy: { name: 'routeHTTP', owner: 'Mux' },
          accessors: [{ name: 'Param', path: 'context.go', line: 11 }],
        },
      },
      {
        name: 'routeHTTP',
        owner: 'Mux',
        path: 'mux.go',
        line: 447,
        from: 0,
        sets: [
          { name: 'r.SetPathValue', call: true, line: 479 },
          { name: 'r.Pattern', call: false, line: 481 },
        ],
        setsBefore: { name: 'h.ServeHTTP' },
      },
    ];
    const tables = [
      {
        name: 'RegisterKind',
        path: 'tree.go',
        line: 70,
        key: 'kind',
        table: 'kinds',
        tablePath: 'tree.go',
        tableLine: 42,
        lookup: { name: 'routeHTTP', owner: 'Mux', path: 'mux.go', line: 468 },
      },
    ];
    const a = { identity: { kind: 'library', mainPath }, flow: { ...flow, tables } } as unknown as Analysis;
    const path = mainPathParts(a).join('\n');
    expect(path).toContain(
      "It stores `rctx` in the request's context under `CtxKey` (`mux.go:87`), where `Mux.routeHTTP()` reads it back.",
    );
    expect(path).toContain(
      'Before `h.ServeHTTP()` runs, it calls `r.SetPathValue()` (`mux.go:479`) and sets `r.Pattern` (`mux.go:481`) on the request.',
    );
    const ways = extensionParts(a).join('\n');
    expect(ways).toContain(
      '`RegisterKind()` (`tree.go:70`) adds its `kind` to the package-level table `kinds` (`tree.go:42`), which `Mux.routeHTTP()` looks up on the main path (`mux.go:468`).',
    );
    expect(ways).toContain(
      "Users' handlers read what `Mux.ServeHTTP()` stores under `CtxKey` through `Param()` (`context.go:11`).",
    );
  });
});

describe("a type's doc comment", () => {
  it('is not quoted when it counts methods the code does not have', () => {
    expect(docCountHolds('Routes interface adds two methods for router traversal.', 4)).toBe(false);
    expect(docCountHolds('Routes interface adds two methods for router traversal.', undefined)).toBe(false);
    expect(docCountHolds('Routes interface adds two methods for router traversal.', 2)).toBe(true);
    expect(docCountHolds('Has 3 public methods.', 3)).toBe(true);
    expect(docCountHolds('Mux is a simple HTTP route multiplexer.', 33)).toBe(true);
  });
});
