// The mechanism in sentences: traced calls with citations, central types, concurrency and handlers.

import { describe, expect, it } from 'vitest';
import type { Analysis, Flow } from '../analyse/types.ts';
import {
  annotatedParts,
  languageParts,
  dispatchParts,
  outcomeParts,
  retryParts,
  clientsParts,
  renderingParts,
  abstractionsSentence,
  extensionParts,
  heldSentence,
  centralTypesNamed,
  docCountHolds,
  handlerParts,
  mechanismDigest,
  mechanismFindings,
  mainPathParts,
  mainPathSentence,
  builtInsSentence,
  wrappersSentence,
  mechanismParts,
  stepSentence,
  webLayersSentence,
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
      'An outside service then calls the product back; that second request runs from `POST()` to `saveCustomer()`:',
    );
    expect(parts[3]).toMatch(
      /^- `POST\(\)` \(`app\/api\/webhooks\/route.ts:2`\), receives POST \/api\/webhooks\./,
    );
  });

  it("tells where a subtype's own version of a step resolves more work and runs the path again", () => {
    const a = {
      identity: {
        kind: 'library',
        mainPath: [
          { name: 'main', owner: 'Command', path: 'core.py', line: 5 },
          {
            name: 'invoke',
            owner: 'Command',
            path: 'core.py',
            line: 20,
            note: 'called by Command.main at core.py:9',
            from: 0,
            override: {
              owner: 'Group',
              name: 'invoke',
              path: 'core.py',
              line: 40,
              own: [{ name: 'resolve_command', line: 42, defLine: 60 }],
              again: [
                { name: 'make_context', line: 44 },
                { name: 'invoke', line: 45 },
              ],
            },
          },
        ],
      },
    } as unknown as Analysis;
    expect(mainPathParts(a).join('\n')).toContain(
      "at `core.py:9`. For a `Group`, `Group.invoke()` (`core.py:40`) takes its place and calls `Group.resolve_command()` (`core.py:60`) at `core.py:42`, then runs this path's `make_context()` (at `core.py:44`) and `invoke()` (at `core.py:45`) again.",
    );
  });

  it('names the call made instead when a switch is on', () => {
    const a = {
      identity: {
        kind: 'library',
        mainPath: [
          { name: 'ExecuteC', owner: 'Command', path: 'command.go', line: 10 },
          {
            name: 'Find',
            owner: 'Command',
            path: 'command.go',
            line: 50,
            note: 'called by Command.ExecuteC at command.go:16',
            from: 0,
            alternative: {
              name: 'Traverse',
              owner: 'Command',
              path: 'command.go',
              line: 70,
              at: 14,
              when: 'c.TraverseChildren',
            },
          },
        ],
      },
    } as unknown as Analysis;
    expect(mainPathParts(a).join('\n')).toContain(
      'called by `Command.ExecuteC` at `command.go:16` (or, when `c.TraverseChildren` holds, `Command.Traverse()` (`command.go:70`) at `command.go:14`).',
    );
  });

  it('says what name a made value is bound to and which calls it is passed to first', () => {
    const a = {
      identity: {
        mainPath: [
          { name: 'fetch', owner: 'App', path: 'src/app.ts', line: 80 },
          {
            name: 'Context',
            path: 'src/context.ts',
            line: 12,
            note: 'made by App.#dispatch at src/app.ts:40',
            from: 0,
            handedAs: {
              name: 'c',
              path: 'src/app.ts',
              calls: [
                { callee: 'match[0][0]', line: 44 },
                { callee: 'composed', line: 50 },
              ],
            },
          },
        ],
      },
    } as unknown as Analysis;
    expect(mainPathParts(a).join('\n')).toContain(
      '- `Context` (`src/context.ts:12`), made by `App.#dispatch` at `src/app.ts:40`, as `c`, passed first to `match[0][0]` (`src/app.ts:44`) and `composed()` (`src/app.ts:50`).',
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
    expect(mainPathSentence(a)).toContain('`Check.prune()` (every 100th time)');
  });

  it("calls the unit of a Ruby web framework's Rack `call(env)` a request, and a Ruby library's `call` a call", () => {
    const path = [
      { name: 'call', owner: 'Base', path: 'lib/tune/base.rb', line: 10 },
      {
        name: 'dispatch!',
        owner: 'Base',
        path: 'lib/tune/base.rb',
        line: 20,
        note: 'called by Base.call',
        from: 0,
      },
    ];
    const of = (kind: string) =>
      mainPathSentence({ identity: { kind, mainPath: path } } as unknown as Analysis) ?? '';
    expect(of('framework')).toMatch(/^One request enters at `Base\.call\(\)`/);
    expect(of('library')).toMatch(/^One call enters/);
  });

  it('calls the unit a request where the server a listener makes hands each one to the first step', () => {
    const path = [
      {
        name: 'handle',
        path: 'lib/application.js',
        line: 152,
        note: 'called for each request by the server listen makes at lib/application.js:599',
      },
      {
        name: 'handle',
        path: 'lib/application.js',
        line: 177,
        external: 'router',
        note: 'called by handle',
        from: 0,
      },
    ];
    const a = { identity: { kind: 'framework', mainPath: path } } as unknown as Analysis;
    expect(mainPathSentence(a)).toBe(
      'One request enters at `handle()` (`lib/application.js:152`), handing work to `router` on the way.',
    );
    expect(mainPathParts(a)[1]).toContain(
      'called for each request by the server `listen` makes at `lib/application.js:599`',
    );
  });

  it('names the types that implement an interface method the path calls through', () => {
    const path = [
      { name: 'unmarshal', owner: 'Conf', path: 'conf.go', line: 30 },
      {
        name: 'Decode',
        owner: 'Decoder',
        path: 'conf.go',
        line: 6,
        note: 'called by Conf.unmarshal at conf.go:35',
        from: 0,
        implementations: [
          { name: 'json.Codec', path: 'internal/json/codec.go', line: 5 },
          { name: 'yaml.Codec', path: 'internal/yaml/codec.go', line: 5 },
        ],
      },
    ];
    const a = { identity: { kind: 'library', mainPath: path } } as unknown as Analysis;
    expect(mainPathParts(a)[1]).toContain(
      'The interface only declares it; `json.Codec` (`internal/json/codec.go:5`) and `yaml.Codec` (`internal/yaml/codec.go:5`) implement it, and the one the value holds runs.',
    );
  });

  it("calls the context a command-line library's step stores a value in the call's, not a request's", () => {
    const path = [
      { name: 'Run', owner: 'Command', path: 'command_run.go', line: 94 },
      {
        name: 'run',
        owner: 'Command',
        path: 'command_run.go',
        line: 99,
        note: 'called by Command.Run at command_run.go:95',
        from: 0,
        context: { key: 'commandContextKey', value: 'cmd', line: 137 },
      },
    ];
    const a = { identity: { kind: 'library', mainPath: path } } as unknown as Analysis;
    expect(mainPathParts(a)[1]).toContain(
      "It stores `cmd` in the call's context under `commandContextKey` (`command_run.go:137`).",
    );
  });

  it("calls the unit of a Python web framework's ASGI `__call__` a request", () => {
    const path = [
      { name: '__call__', owner: 'Web', path: 'web/applications.py', line: 9 },
      {
        name: 'build_stack',
        owner: 'Web',
        path: 'web/applications.py',
        line: 14,
        note: 'called by Web.__call__',
        from: 0,
      },
    ];
    const of = (kind: string) =>
      mainPathSentence({ identity: { kind, mainPath: path } } as unknown as Analysis) ?? '';
    expect(of('framework')).toMatch(/^One request enters at `Web\.__call__\(\)`/);
    expect(of('library')).toMatch(/^One call enters/);
  });

  it('says a step runs in a database transaction that locks the rows it reads', () => {
    const a = {
      identity: {
        kind: 'application',
        mainPath: [
          { name: 'ping', path: 'app/views.py', line: 3 },
          {
            name: 'ping',
            owner: 'Check',
            path: 'app/models.py',
            line: 10,
            note: 'called by ping at app/views.py:5',
            from: 0,
            transaction: {
              line: 12,
              opener: 'transaction.atomic',
              lock: { line: 13, call: 'select_for_update' },
            },
          },
        ],
      },
    } as unknown as Analysis;
    expect(mainPathParts(a).join('\n')).toContain(
      '`Check.ping()` (`app/models.py:10`), called by `ping` at `app/views.py:5`; it runs inside a database transaction (`transaction.atomic` at `app/models.py:12`) and locks the rows it reads until the transaction ends (`select_for_update` at `app/models.py:13`)',
    );
  });

  it('tells the settings each step reads of the value every stage is handed, and which files take it', () => {
    const config = {
      name: 'Config',
      path: 'src/config.rs',
      line: 14,
      methods: 1,
      uses: 40,
      doc: 'Configuration options for fd.',
      takenBy: ['src/walk.rs', 'src/output.rs', 'src/exec/job.rs', 'src/dir_entry.rs'],
    };
    const a = {
      identity: {
        kind: 'cli',
        mainPath: [
          { name: 'main', path: 'src/main.rs', line: 5 },
          {
            name: 'build_walker',
            owner: 'WorkerState',
            path: 'src/walk.rs',
            line: 30,
            note: 'called by main at src/main.rs:6',
            reads: { type: 'Config', fields: ['ignore_hidden', 'read_vcsignore', 'threads'] },
            from: 0,
          },
        ],
      },
      flow: {
        ...flow,
        abstractions: [config, { ...config, name: 'Opts', path: 'src/cli.rs', takenBy: undefined }],
      },
    } as unknown as Analysis;
    expect(mainPathParts(a)[1]).toContain(
      '`WorkerState::build_walker()` (`src/walk.rs:30`), called by `main` at `src/main.rs:6`. It reads 3 fields of `Config`: `ignore_hidden`, `read_vcsignore` and `threads`.',
    );
    expect(mechanismParts(a).join('\n')).toContain(
      'Configuration options for fd. Functions in other files take it as a parameter, among them those in `src/walk.rs`, `src/output.rs`, `src/exec/job.rs` and `src/dir_entry.rs`.',
    );
    // the list of types is led by what it is, not by how it was ordered
    expect(mechanismParts(a).join('\n')).toContain('The code is built around these 2 types:');
    expect(mechanismParts(a).join('\n')).not.toMatch(/led by those|Functions in `src\/cli/);
  });

  it('names the derive that writes a step, and the channel ends that run side by side', () => {
    const a = {
      identity: {
        kind: 'cli',
        mainPath: [
          { name: 'run', path: 'src/main.rs', line: 5 },
          {
            name: 'parse',
            owner: 'Opts',
            path: 'src/cli.rs',
            line: 3,
            note: 'called by run at src/main.rs:6',
            derived: 'Parser of clap',
            from: 0,
          },
          {
            name: 'receive',
            path: 'src/walk.rs',
            line: 20,
            note: 'called by run at src/main.rs:9',
            channel: { end: 'receiving', made: 'bounded', path: 'src/main.rs', line: 8 },
            from: 0,
          },
        ],
      },
    } as unknown as Analysis;
    const parts = mainPathParts(a);
    expect(parts[0]).toBe(
      'One run runs from `run()` to `receive()`; the steps given the ends of a channel run at the same time:',
    );
    expect(parts[1]).toContain("called by `run` at `src/main.rs:6`, written by clap's `#[derive(Parser)]`.");
    expect(parts[1]).toContain(
      ', given the receiving end of the channel `bounded()` makes at `src/main.rs:8`.',
    );
    const staged = {
      identity: {
        kind: 'cli',
        mainPath: [
          { name: 'run', path: 'src/main.rs', line: 5 },
          {
            name: 'compile',
            owner: 'Compiler',
            path: 'src/compiler.rs',
            line: 6,
            stages: ['Parser.parse', 'Analyzer.analyze'],
            from: 0,
          },
        ],
      },
    } as unknown as Analysis;
    expect(mainPathParts(staged)[1]).toContain(
      '`Compiler::compile()` (`src/compiler.rs:6`), which runs `Parser::parse()`, then `Analyzer::analyze()`.',
    );
    // a type whose method has a case for each kind of an enum is told by what it works on
    const walks = structuredClone(staged);
    Object.assign(walks.identity!.mainPath![1]!, {
      name: 'Evaluator',
      owner: undefined,
      stages: undefined,
      does: { verb: 'evaluate', objects: ['assignments', 'parameters'] },
      cases: {
        method: 'evaluate_value',
        of: 'Expression',
        kinds: ['And', 'Backtick', 'Call', 'Group', 'List', 'Or'],
      },
    });
    expect(mainPathParts(walks)[1]).toContain(
      'Its methods evaluate assignments and parameters. Its `evaluate_value()` evaluates 6 kinds of `Expression`, among them `And`, `Backtick`, `Call` and `Group`.',
    );
    // what the caller, the body and the named defaults add to a step
    const details = structuredClone(staged);
    details.identity!.mainPath![0]!.owner = 'Justfile';
    Object.assign(details.identity!.mainPath![1]!, {
      stages: undefined,
      again: { line: 583, was: 'recipe.priors()', now: 'recipe.subsequents()' },
      script: { made: 646, written: 662, run: 667 },
      defaults: {
        names: ['DEFAULT_SHELL', 'DEFAULT_SHELL_ARGS'],
        value: 'sh -cu',
        path: 'src/settings.rs',
        line: 3,
        end: 4,
      },
    });
    expect(mainPathParts(details)[1]).toContain(
      '`Compiler::compile()` (`src/compiler.rs:6`), which writes a file into a temporary directory (`src/compiler.rs:646`, `src/compiler.rs:662`) and makes the command that runs it (`src/compiler.rs:667`), by default through `sh -cu` (`DEFAULT_SHELL` and `DEFAULT_SHELL_ARGS`, `src/settings.rs:3-4`). `Justfile.run` calls it a second time at `src/main.rs:583`, with `recipe.subsequents()` in place of `recipe.priors()`.',
    );
    // the type the last stage returns is what the pipeline builds
    const builds = structuredClone(staged);
    Object.assign(builds.identity!.mainPath![1]!, { builds: 'Justfile' });
    expect(mainPathParts(builds)[1]).toContain(
      'which runs `Parser::parse()`, then `Analyzer::analyze()` to build the `Justfile`.',
    );
    const made = {
      identity: {
        kind: 'cli',
        mainPath: [
          { name: 'run', path: 'src/main.rs', line: 5 },
          {
            name: 'Evaluator',
            path: 'src/evaluator.rs',
            line: 3,
            does: { verb: 'evaluate', objects: ['assignments', 'value', 'parameters'] },
            from: 0,
          },
        ],
      },
    } as unknown as Analysis;
    expect(mainPathParts(made)[1]).toContain(
      '(`src/evaluator.rs:3`). Its methods evaluate assignments, value and parameters.',
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

  it("says whose code a handed-in step runs: the package that made it, or the user's", () => {
    const base = { path: 'lib/application.js', note: 'called by Application.handleRequest' };
    const a = {
      identity: {
        kind: 'framework',
        mainPath: [
          { name: 'handleRequest', owner: 'Application', path: 'lib/application.js', line: 198 },
          {
            ...base,
            name: 'fnMiddleware',
            line: 204,
            from: 0,
            handedIn: 'parameter',
            runs: { module: 'koa-compose' },
            via: {
              expression: 'this.compose(this.middleware)',
              by: 'Application.callback',
              path: 'lib/application.js',
              line: 168,
            },
          },
          { name: 'compose', path: 'lib/application.js', line: 168, external: 'koa-compose', from: 0 },
          {
            ...base,
            name: 'h.ServeHTTP',
            line: 483,
            from: 0,
            handedIn: 'result',
            runs: { user: true },
            via: { expression: 'mx.tree.FindRoute(rctx)', by: 'Mux.routeHTTP', path: 'mux.go', line: 475 },
          },
          { ...base, name: 'RunE', line: 1015, from: 0, handedIn: 'field', runs: { user: true } },
        ],
      },
    } as unknown as Analysis;
    const text = mainPathParts(a).join('\n');
    expect(text).toContain(
      '`this.compose(this.middleware)` from `Application.callback` at `lib/application.js:168`, a function `koa-compose` made.',
    );
    expect(text).toContain("the user's handler `mx.tree.FindRoute(rctx)` found at `mux.go:475`");
    expect(text).toContain("the user's function stored in its field `RunE`.");
    const sentence = mainPathSentence(a)!;
    expect(sentence).toContain('`fnMiddleware()` from `koa-compose`');
    expect(sentence).toContain("the user's handler `h.ServeHTTP()`");
    // the package is named once
    expect(sentence).not.toContain('handing work to');
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
      "One call enters at `Command.__call__()` (`src/core.py:1`) and passes through `Command.main()`, `Command.make_context()`, `Command.parse_args()`, `Command.make_parser()`, `Command.parse()` and `Command.invoke()`, then calls the function the user set in `Command`'s field `callback`.",
    );
  });

  it('ends the summary at the hook that does the work, after every step each call takes, not at a pre-run hook', () => {
    const step = (name: string, from?: number, extra: object = {}) => ({
      name,
      path: 'command.go',
      line: 1,
      ...(from !== undefined ? { from, note: 'called by x' } : {}),
      ...('handedIn' in extra ? {} : { owner: 'Command' }),
      ...extra,
    });
    const hook = (name: string, otherwise: string) =>
      step(name, 2, { handedIn: 'field', otherwise: [otherwise] });
    const path = [
      step('Execute'),
      step('ExecuteC', 0),
      step('execute', 1),
      step('ParseFlags', 2),
      step('ValidateArgs', 2),
      hook('PersistentPreRunE', 'PersistentPreRun'),
      hook('PreRunE', 'PreRun'),
      hook('RunE', 'Run'),
      hook('PostRunE', 'PostRun'),
    ];
    const sentence = mainPathSentence({
      identity: { kind: 'library', mainPath: path },
    } as unknown as Analysis);
    expect(sentence).toBe(
      "One call enters at `Command.Execute()` (`command.go:1`) and passes through `Command.ExecuteC()`, `Command.execute()`, `Command.ParseFlags()` and `Command.ValidateArgs()`, then calls the function the user set in `Command`'s field `RunE`, else `Run`.",
    );
  });

  it("names the product's own code that fills a field a step calls, not the user", () => {
    const path = [
      { name: 'ServeHTTP', owner: 'Web', path: 'web.go', line: 12 },
      {
        name: 'chain',
        path: 'web.go',
        line: 14,
        note: 'called by Web.ServeHTTP',
        handedIn: 'field',
        via: {
          expression: 'applyMiddleware(dispatch, e.middleware...)',
          by: 'Web.build',
          path: 'web.go',
          line: 9,
        },
        from: 0,
      },
    ];
    const sentence = mainPathSentence({
      identity: { kind: 'framework', mainPath: path },
    } as unknown as Analysis);
    expect(sentence).toBe(
      "One request enters at `Web.ServeHTTP()` (`web.go:12`) and calls the function `Web.build()` stores in `Web`'s field `chain` (`web.go:9`).",
    );
    expect(
      mainPathParts({ identity: { kind: 'framework', mainPath: path } } as unknown as Analysis).join('\n'),
    ).toContain(
      'the function stored in its field `chain`, `applyMiddleware(dispatch, e.middleware...)` from `Web.build` at `web.go:9`',
    );
  });

  it('names the subclasses that put another value in the field a step goes through', () => {
    const path = [
      { name: 'fetch', owner: 'App', path: 'src/base.ts', line: 1 },
      {
        name: 'match',
        owner: 'SmartRouter',
        path: 'src/router/smart.ts',
        line: 21,
        from: 0,
        note: 'called by App.fetch at src/base.ts:3',
        via: {
          expression: 'new SmartRouter()',
          by: 'App.constructor',
          path: 'src/app.ts',
          line: 8,
          field: 'this.router',
          others: [{ expression: 'new PatternRouter()', path: 'src/preset/tiny.ts', line: 7 }],
        },
      },
    ];
    const text = mainPathParts({
      identity: { kind: 'framework', mainPath: path },
    } as unknown as Analysis).join('\n');
    expect(text).toContain(
      'set to `new SmartRouter()` by `App.constructor` at `src/app.ts:8`; the subclass in `src/preset/tiny.ts:7` sets it to `new PatternRouter()` instead.',
    );
    // how the step picks what does the work, when it falls back through the values it holds
    const withFallback = path.map((s, i) =>
      i === 1
        ? {
            ...s,
            fallback: { over: 'this.#routers', error: 'UnsupportedPathError', line: 33, end: 49, keeps: 46 },
          }
        : s,
    );
    expect(
      mainPathParts({ identity: { kind: 'framework', mainPath: withFallback } } as unknown as Analysis).join(
        '\n',
      ),
    ).toContain(
      ' It tries the values in `this.#routers` in turn, passing over one that throws `UnsupportedPathError`, and keeps the first that does not (`src/router/smart.ts:46`).',
    );
  });

  it('names the product files that drive the entry on an instance handed to them, by folder', () => {
    const entry = {
      name: 'fetch',
      owner: 'App',
      path: 'src/base.ts',
      line: 1,
      wrappedBy: [
        { path: 'src/adapter/edge/handler.ts', line: 4 },
        { path: 'src/adapter/lambda/handler.ts', line: 9 },
        { path: 'src/helper/ssg.ts', line: 20 },
      ],
    };
    expect(wrappersSentence(entry)).toBe(
      '3 other product files call `App.fetch()` on an instance handed to them, so they lead into this same path: 2 in `src/adapter` (`src/adapter/edge/handler.ts:4` and `src/adapter/lambda/handler.ts:9`) and 1 in `src/helper` (`src/helper/ssg.ts:20`).',
    );
    expect(wrappersSentence({ ...entry, wrappedBy: [] })).toBe('');
  });

  it("names the central type's values the product builds itself, and what calls a hidden one back", () => {
    const flow = {
      builtIns: [
        { name: 'help', path: 'command.go', line: 12 },
        {
          name: '__complete',
          path: 'complete.go',
          line: 6,
          hidden: true,
          runs: { name: 'getCompletions', line: 11 },
          constant: 'RequestCmd',
          written: [{ name: 'genFishComp', path: 'fish.go', line: 28 }],
        },
      ],
    } as unknown as Flow;
    expect(builtInsSentence(flow, 'Command', 'library')).toBe(
      'The library builds `Command` values of its own: `help` (`command.go:12`) and the hidden `__complete` (`complete.go:6`), whose `Run` calls `Command.getCompletions()` (`complete.go:11`). `genFishComp()` takes the name `__complete` from `RequestCmd` (`fish.go:28`) for what it writes.',
    );
    expect(builtInsSentence({} as Flow, 'Command', 'library')).toBe('');
  });

  it('speaks of one central type in the singular', () => {
    expect(abstractionsSentence({ flow } as Analysis)).toBe(
      'Its central type is `Application` (`lib/application.js:51`; 11 methods, built on `Emitter`).',
    );
    // a class whose constructor makes its own members gets no count of its declared methods
    const made = {
      ...flow,
      abstractions: flow.abstractions.map((t) => ({ ...t, membersAtRunTime: true as const })),
    };
    expect(abstractionsSentence({ flow: made } as Analysis)).toBe(
      'Its central type is `Application` (`lib/application.js:51`; built on `Emitter`).',
    );
  });

  it('names the central types alone in the overview, where the architecture section cites them', () => {
    expect(centralTypesNamed({ flow } as Analysis)).toBe('Its central type is `Application`.');
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
    expect(text).toContain('call each other from the entry point');
    expect(text).toContain('Work runs concurrently through goroutines (`walk.go:9`).');
    expect(mechanismDigest(a)).toContain('Its main path runs through `Application.listen()`');
    // one traced call is not a path
    expect(
      mechanismParts({ flow: { ...flow, steps: flow.steps.slice(0, 1) } } as Analysis).join('\n'),
    ).not.toContain('from the entry point');
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

  it("names a web application's layers by the files that show them, and no layers of a library in the mechanism", () => {
    const identity = (
      kind: 'web-application' | 'library',
      layers?: Record<string, 'controller' | 'service' | 'entity'>,
    ) =>
      ({
        kind,
        kinds: [],
        purpose: null,
        productPaths: [],
        nonProduct: [],
        entryPoints: [],
        publicApi: [],
        keyComponents: [],
        ...(layers ? { layers } : {}),
        centrality: { 'src/PetController.java': 1, 'src/OwnerController.java': 3 },
      }) as NonNullable<Analysis['identity']>;
    const app = {
      flow,
      symbols: [],
      identity: {
        ...identity('web-application', {
          'src/OwnerController.java': 'controller',
          'src/PetController.java': 'controller',
          'src/OwnerRepository.java': 'service',
        }),
        dataAccess: ['src/OwnerRepository.java'],
      },
    } as unknown as Analysis;
    const sentence =
      "Among the product's files are request handlers (2 files, such as `src/OwnerController.java`) and repositories (`src/OwnerRepository.java`).";
    expect(webLayersSentence(app)).toBe(sentence);
    expect(mechanismParts(app)).toContain(sentence);
    // a library's layers run along its main path, which the mechanism tells step by step
    expect(
      webLayersSentence({ flow, symbols: [], identity: identity('library') } as unknown as Analysis),
    ).toBeNull();
  });

  it('names the handler file with the most routes as the busiest, whether or not it uses product types', () => {
    const app: Flow = {
      ...flow,
      handlers: [
        {
          path: 'src/main.ts',
          routes: 1,
          uses: [{ name: 'HttpException', path: 'src/http-exception.ts', line: 1, bases: ['Error'] }],
        },
        { path: 'src/article.controller.ts', routes: 11, uses: [] },
      ],
    };
    expect(mechanismDigest({ flow: app } as Analysis)).toContain(
      'Requests reach 2 handler files, the busiest being `src/article.controller.ts` (11 routes).',
    );
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
    // a keyed store made with a closed set of keys says which keys it takes
    const hook = {
      ...mount,
      key: 'event',
      closedKeys: { keys: ['response'], path: 'hooks.py', line: 22, error: 'ValueError', errorLine: 263 },
    };
    expect(extensionParts({ flow: { ...flow, extensions: [hook] } } as Analysis).join('\n')).toContain(
      'under its `event`; `Session.get_adapter()` (`sessions.py:876`) goes through them. Its `event` must be `response` (`hooks.py:22`); any other raises a `ValueError` (`sessions.py:263`).',
    );
    // the mechanism tells them after the path; a project without any says nothing of them
    expect(mechanismParts({ flow: { ...flow, extensions: [use] } } as Analysis).join('\n')).toContain(
      '`Mux.Use()`',
    );
    expect(extensionParts({ flow } as Analysis)).toEqual([]);
    expect(mechanismParts({ flow } as Analysis).join('\n')).not.toContain('plug');
  });

  it('tells the library object a path type keeps across calls, parameters sharing a default together', () => {
    expect(
      heldSentence({
        owner: 'HTTPAdapter',
        field: 'poolmanager',
        type: 'PoolManager',
        module: 'urllib3.poolmanager',
        path: 'adapters.py',
        line: 262,
        ctorLine: 201,
        sizes: [
          { param: 'pool_connections', constant: 'DEFAULT_POOLSIZE', value: '10', line: 80 },
          { param: 'pool_maxsize', constant: 'DEFAULT_POOLSIZE', value: '10', line: 80 },
          { param: 'pool_block', constant: 'DEFAULT_POOLBLOCK' },
        ],
      }),
    ).toBe(
      '`HTTPAdapter` keeps a `PoolManager` from `urllib3.poolmanager` in its field `poolmanager` (`adapters.py:262`) for the calls it serves; its constructor (`adapters.py:201`) sets it up with `pool_connections` and `pool_maxsize`, by default `DEFAULT_POOLSIZE` = `10` (`adapters.py:80`), and `pool_block`, by default `DEFAULT_POOLBLOCK`.',
    );
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

  it('tells an abstract base the product subclasses as a kind users add their own of, naming its subclasses, never counting them', () => {
    const bases = [
      {
        name: 'AuthBase',
        path: 'auth.py',
        line: 78,
        subclasses: ['HTTPBasicAuth', 'HTTPDigestAuth', '_Private', 'HTTPProxyAuth'],
        doc: 'Base class that all auth implementations derive from',
      },
    ];
    expect(extensionParts({ flow: { ...flow, bases } } as Analysis)).toEqual([
      "One way users plug their own code in: `AuthBase` (`auth.py:78`) is an abstract base (“Base class that all auth implementations derive from”); the product's own subclasses include `HTTPBasicAuth`, `HTTPDigestAuth` and `HTTPProxyAuth`, and users add their own kind the same way.",
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
    expect(out[0]).toBe('Before any request, set-up runs once, from `App.listen()` to `App.callback()`:');
    expect(out[2]).toBe(
      'Then each request runs through the function `handle` that `App.callback()` returns (`lib/app.js:22`), in these steps:',
    );
    expect(out[3]).toContain('`App.makeContext()`');
    expect(out[3]).toContain('`respond()`');
    expect(out[1]).not.toContain('makeContext');
    // the summary tells the same two parts: the entry sets up, it is not where a request enters
    expect(mainPathSentence(a)).toBe(
      '`App.listen()` (`lib/app.js:10`) sets up once, through `App.callback()`; then each request passes through `App.makeContext()` and `respond()`.',
    );
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

describe("a service's clients", () => {
  it('tells the places one service is reached from as one design, grouped by the way each is made', () => {
    const flow = {
      abstractions: [],
      steps: [],
      defines: [],
      concurrency: [],
      clients: [
        {
          service: 'acme',
          factory: 'createClient',
          module: '@acme/js',
          path: 'admin.ts',
          line: 3,
          credentials: ['ACME_SERVICE_KEY'],
        },
        {
          service: 'acme',
          factory: 'createServerClient',
          module: '@acme/ssr',
          path: 'mw.ts',
          line: 9,
          credentials: ['ACME_ANON_KEY'],
          cookies: true,
        },
        {
          service: 'acme',
          factory: 'createServerClient',
          module: '@acme/ssr',
          path: 'server.ts',
          line: 7,
          credentials: ['ACME_ANON_KEY'],
          cookies: true,
        },
      ],
    } as unknown as Flow;
    expect(clientsParts(flow)).toEqual([
      "The product makes its Acme clients in 3 places, in 2 ways: `createClient` from `@acme/js` with `ACME_SERVICE_KEY` (`admin.ts:3`) and `createServerClient` from `@acme/ssr` with `ACME_ANON_KEY` and the request's cookies (`mw.ts:9` and `server.ts:7`).",
    ]);
  });
});

describe('server actions that answer with a URL', () => {
  it('says how many report their outcome in a query string, built by which helpers, read back where', () => {
    const flow = {
      rendering: {
        serverComponents: [],
        clientComponents: [],
        serverActions: [{ path: 'auth.ts', line: 1, names: ['signIn', 'signOut', 'goTo'] }],
        redirects: {
          actions: ['signIn', 'signOut'],
          helpers: [{ name: 'errorUrl', path: 'url.ts', line: 4 }],
          readers: [{ path: 'Toaster.tsx', line: 5 }],
        },
      },
    } as unknown as Flow;
    expect(renderingParts(flow)[0]).toContain(
      '2 of the 3 server actions report their outcome as a URL to go to next, built by `errorUrl` (`url.ts:4`), which writes it into the query string; `Toaster.tsx:5` reads it back from the URL.',
    );
    // the overview's digest leaves the detail to the architecture
    expect(renderingParts(flow, false)[0]).not.toContain('query string');
  });
});

describe('behaviour added by annotation', () => {
  it('tells each cache with its methods and each validator with the form it checks', () => {
    const flow = {
      annotated: {
        caches: [
          { cache: 'items', method: 'findAll', owner: 'Repo', path: 'Repo.java', line: 4 },
          { cache: 'items', method: 'findAll', owner: 'Repo', path: 'Repo.java', line: 9 },
        ],
        enabled: { path: 'Config.java', line: 2 },
        validators: [
          { validator: 'ItemValidator', form: 'item', owner: 'ItemController', path: 'C.java', line: 6 },
        ],
      },
    } as unknown as Flow;
    expect(annotatedParts(flow)).toEqual([
      '`Repo.findAll()` keeps its results in the cache `items` (`@Cacheable`, `Repo.java:4` and `Repo.java:9`); `@EnableCaching` switches caching on (`Config.java:2`).',
      '`ItemController` validates the form `item` with `ItemValidator`, bound in an `@InitBinder` method (`C.java:6`).',
    ]);
  });
});

describe('a function that retries itself', () => {
  it('says how often, how far apart and on what condition', () => {
    const flow = {
      retries: [
        { name: 'save', path: 'db.ts', line: 9, max: 3, pause: '2000 ms', when: "err?.code === 'FK'" },
      ],
    } as unknown as Flow;
    expect(retryParts(flow)).toEqual([
      "`save()` retries itself up to 3 times, 2000 ms apart, when `err?.code === 'FK'` holds (`db.ts:9`).",
    ]);
  });
});

describe("the handler's answers", () => {
  it('names each view and redirect the handler on the main path returns', () => {
    const a = {
      identity: {
        mainPath: [
          {
            name: 'list',
            owner: 'OrderController',
            path: 'C.java',
            line: 5,
            note: 'handles 1 route, e.g. GET /orders',
          },
        ],
      },
      flow: {
        outcomes: [
          { kind: 'view', target: 'orders/find', line: 8 },
          { kind: 'redirect', target: '/orders/', line: 11 },
          { kind: 'view', target: 'orders/list', line: 13, via: 'fill' },
        ],
      },
    } as unknown as Analysis;
    expect(outcomeParts(a)).toEqual([
      '`OrderController.list()` answers in one of 3 ways: the view `orders/find` (`C.java:8`), a redirect to `/orders/` (`C.java:11`) or the view `orders/list` through `OrderController.fill()` (`C.java:13`).',
    ]);
  });

  it('gives each answer its condition and a redirect the route its placeholder reaches', () => {
    const a = {
      identity: {
        mainPath: [
          {
            name: 'list',
            owner: 'OrderController',
            path: 'C.java',
            line: 5,
            note: 'handles 1 route, e.g. GET /orders',
          },
        ],
      },
      routes: [
        { method: 'GET', path: '/orders', file: 'C.java', line: 4 },
        { method: 'GET', path: '/orders/{orderId}', file: 'C.java', line: 20 },
      ],
      flow: {
        outcomes: [
          { kind: 'view', target: 'orders/find', line: 8, when: 'found.isEmpty()' },
          { kind: 'redirect', target: '/orders/{id}', line: 11, when: 'found.getTotalElements() == 1' },
          { kind: 'view', target: 'orders/list', line: 13, via: 'fill' },
        ],
      },
    } as unknown as Analysis;
    expect(outcomeParts(a)).toEqual([
      '`OrderController.list()` answers in one of 3 ways: the view `orders/find` when `found.isEmpty()` (`C.java:8`), a redirect to `/orders/{orderId}` when `found.getTotalElements() == 1` (`C.java:11`) or otherwise the view `orders/list` through `OrderController.fill()` (`C.java:13`).',
    ]);
  });
});

describe('the arms of a step that picks its work', () => {
  it('names which cases call which functions', () => {
    const a = {
      flow: {
        dispatch: {
          subject: 'event.type',
          line: 3,
          step: { name: 'POST', path: 'hook.ts' },
          arms: [
            { cases: ['a.created', 'a.updated'], calls: ['saveA'], line: 4 },
            { cases: ['b.deleted'], calls: ['dropB'], line: 8 },
          ],
        },
      },
    } as unknown as Analysis;
    expect(dispatchParts(a)).toEqual([
      '`POST()` picks its work by `event.type` (`hook.ts:3`): `a.created` and `a.updated` call `saveA()`; `b.deleted` calls `dropB()`.',
    ]);
  });
});

describe('languageParts', () => {
  const kinds = (n: number) => Array.from({ length: n }, (_, i) => `K${i}`);
  const a = {
    project: { name: 'runner' },
    flow: {
      language: [
        { name: 'Item', path: 'src/item.rs', line: 8, kinds: ['Alias', 'Import', 'Recipe', 'Setting'] },
        { name: 'Attribute', path: 'src/attribute.rs', line: 12, kinds: kinds(30) },
        { name: 'Setting', path: 'src/setting.rs', line: 4, kinds: kinds(29) },
      ],
    },
  } as unknown as Analysis;
  it('names the top level kind by kind and the rest by count, and says nothing plugs in only when nothing does', () => {
    expect(languageParts(a, false)).toEqual([
      'runner is configured in the input it reads rather than by plugins: its input language has 4 kinds of `Item` (`src/item.rs:8`): `Alias`, `Import`, `Recipe` and `Setting`; beside them come 30 kinds of `Attribute` (`src/attribute.rs:12`) and 29 of `Setting` (`src/setting.rs:4`).',
    ]);
    expect(languageParts(a, true)[0]).toMatch(/^Its input language has /);
    expect(languageParts({ project: { name: 'x' }, flow: {} } as unknown as Analysis, false)).toEqual([]);
  });
});
