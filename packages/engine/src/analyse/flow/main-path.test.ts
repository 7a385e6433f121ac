// The main path: where one unit of work enters and the calls it follows, resolved by receiver, field
// and result type, never by a name alone.

import { describe, expect, it } from 'vitest';
import { sourcesFromMap } from '../sources.ts';
import type { Dependency, Identity, MainPathStep, Route } from '../types.ts';
import { flowPass } from './index.ts';
import {
  ancestorsOf,
  docOf,
  enumCases,
  elseArm,
  everyNth,
  handedOnAs,
  sharedVerb,
  withoutAbsentPackages,
} from './main-path.ts';
import { fileInfos, identity } from './test-fixtures.ts';

const dep = (name: string): Dependency =>
  ({
    name,
    version: '1',
    ecosystem: 'npm',
    scope: 'runtime',
    manifest: 'package.json',
    line: 1,
  }) as Dependency;

function mainPath(
  contents: Record<string, string>,
  language: string,
  over: Partial<Identity>,
  routes: Route[] = [],
  deps: string[] = [],
): MainPathStep[] {
  const flow = flowPass({
    src: sourcesFromMap(contents),
    files: fileInfos(contents, language),
    identity: identity(over),
    routes,
    dependencies: deps.map(dep),
  });
  return flow.mainPath ?? [];
}

const labels = (steps: MainPathStep[]) => steps.map((s) => (s.owner ? `${s.owner}.${s.name}` : s.name));

describe('main path', () => {
  it("follows a main's own import of another module's main, and starts at the command declared first", () => {
    const contents = {
      'tool/__main__.py': [
        'def main():',
        '    from tool.core import main',
        '    status = main()',
        '    return status',
      ].join('\n'),
      'tool/manager/__main__.py': [
        'def main():',
        '    from tool.core import raw_main',
        '    return raw_main(["plugins"], extra=True)',
      ].join('\n'),
      'tool/core.py': [
        'import sys',
        '',
        'def main():',
        '    return raw_main(sys.argv)',
        '',
        'def raw_main(args, extra=False):',
        ...Array.from({ length: 20 }, (_, i) => `    step${i} = args[${i}] if len(args) > ${i} else None`),
        '    return 0',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'cli',
      entryPoints: [
        { path: 'tool/__main__.py', line: 1, how: 'console script "tool"' },
        { path: 'tool/manager/__main__.py', line: 1, how: 'console script "tool-manager"' },
      ],
    });
    expect(steps.slice(0, 3).map((s) => `${s.path}:${s.line}`)).toEqual([
      'tool/__main__.py:1',
      'tool/core.py:3',
      'tool/core.py:6',
    ]);
  });

  it('follows a call on the object a `with` block opens over several lines', () => {
    const contents = {
      'fetch/_api.py': [
        'from fetch._client import Client',
        '',
        'def get(url, timeout=None):',
        '    return request("GET", url, timeout=timeout)',
        '',
        'def request(method, url, timeout=None):',
        '    with Client(',
        '        timeout=timeout,',
        '        follow=True,',
        '    ) as client:',
        '        return client.request(method, url)',
      ].join('\n'),
      'fetch/_client.py': [
        'class Client:',
        '    def request(self, method, url):',
        '        return self.send(method, url)',
        '',
        '    def send(self, method, url):',
        ...Array.from({ length: 12 }, (_, i) => `        part${i} = url[${i}]`),
        '        return url',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      entryPoints: [{ path: 'fetch/_api.py', line: 3, how: "called by the README's example" }],
      publicApi: [
        { name: 'get', kind: 'function', path: 'fetch/_api.py', line: 3 },
        { name: 'Client', kind: 'class', path: 'fetch/_client.py', line: 1 },
      ],
    });
    expect(labels(steps).slice(0, 4)).toEqual(['get', 'request', 'Client.request', 'Client.send']);
  });

  it('starts a library at the calls users import it for, not at the `main` its command line runs', () => {
    const contents = {
      'fetch/_api.py': [
        'from fetch._client import Client',
        '',
        'def get(url):',
        '    with Client() as client:',
        '        return client.request("GET", url)',
      ].join('\n'),
      'fetch/_client.py': [
        'class Client:',
        '    def request(self, method, url):',
        '        return self.send(method, url)',
        '',
        '    def send(self, method, url):',
        ...Array.from({ length: 12 }, (_, i) => `        part${i} = url[${i}]`),
        '        return url',
      ].join('\n'),
      'fetch/_main.py': [
        'from fetch._client import Client',
        '',
        'def main():',
        '    client = Client()',
        '    print_help()',
        '    return client.request("GET", "x")',
        '',
        'def print_help():',
        ...Array.from({ length: 12 }, (_, i) => `    print("line ${i}")`),
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      kinds: ['cli'],
      entryPoints: [{ path: 'fetch/_api.py', line: 3, how: "called by the README's example" }],
      publicApi: [
        { name: 'main', kind: 'function', path: 'fetch/_main.py', line: 3 },
        { name: 'get', kind: 'function', path: 'fetch/_api.py', line: 3 },
        { name: 'Client', kind: 'class', path: 'fetch/_client.py', line: 1 },
      ],
    });
    expect(labels(steps).slice(0, 3)).toEqual(['get', 'Client.request', 'Client.send']);
  });

  it('never starts at a definition its authors mark deprecated, but at the next candidate', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `\tx${i} := ${i}`);
    const contents = {
      'client.go': [
        'package ws',
        '',
        '// NewClient makes a client.',
        '//',
        '// Deprecated: Use Dialer instead.',
        'func NewClient() error {',
        '\td := Dialer{}',
        '\treturn d.Dial()',
        '}',
        '',
        'type Dialer struct{}',
        '',
        'func (d *Dialer) Dial() error {',
        ...body(40),
        '\treturn nil',
        '}',
      ].join('\n'),
    };
    const over: Partial<Identity> = {
      kind: 'library',
      publicApi: [
        { name: 'NewClient', kind: 'function', path: 'client.go', line: 6 },
        { name: 'Dialer', kind: 'struct', path: 'client.go', line: 11 },
      ],
    };
    expect(labels(mainPath(contents, 'Go', over))[0]).toBe('Dialer.Dial');
    const entryPoints = [{ path: 'client.go', line: 6, how: 'exported constructor', call: 'ws.NewClient()' }];
    expect(labels(mainPath(contents, 'Go', { ...over, entryPoints }))[0]).toBe('Dialer.Dial');
  });

  it('starts at what a deprecated entry names instead, the method of that type its body calls', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `\tx${i} := ${i}`);
    const contents = {
      'client.go': [
        'package ws',
        '',
        '// Deprecated: Use Dialer instead.',
        'func NewClient() error {',
        '\td := Dialer{}',
        '\treturn d.Dial()',
        '}',
        '',
        'type Dialer struct{}',
        '',
        'func (d *Dialer) Close() error {',
        ...body(60),
        '\treturn nil',
        '}',
        '',
        'func (d *Dialer) Dial() error {',
        ...body(40),
        '\treturn nil',
        '}',
      ].join('\n'),
      'prepared.go': ['package ws', '', 'func NewPrepared() error {', ...body(30), '\treturn nil', '}'].join(
        '\n',
      ),
    };
    const over: Partial<Identity> = {
      kind: 'library',
      publicApi: [
        { name: 'NewClient', kind: 'function', path: 'client.go', line: 4 },
        { name: 'NewPrepared', kind: 'function', path: 'prepared.go', line: 3 },
      ],
      entryPoints: [
        { path: 'client.go', line: 4, how: 'exported constructor', call: 'ws.NewClient()' },
        { path: 'prepared.go', line: 3, how: 'exported constructor', call: 'ws.NewPrepared()' },
      ],
    };
    // `Close` reaches further, but the deprecated body calls `Dial`
    expect(labels(mainPath(contents, 'Go', over))[0]).toBe('Dialer.Dial');
  });

  it("starts a Go library at the README example's working call, through the package instance it delegates to", () => {
    const body = (n: number, what: string) => Array.from({ length: n }, (_, i) => `\t${what}${i} := ${i}`);
    const contents = {
      'conf.go': [
        'package conf',
        '',
        'var c *Conf',
        '',
        'type Conf struct {',
        '\tname string',
        '}',
        '',
        'func SetName(n string) { c.SetName(n) }',
        '',
        'func (c *Conf) SetName(n string) {',
        '\tc.name = n',
        '}',
        '',
        'func Read() error { return c.Read() }',
        '',
        'func (c *Conf) Read() error {',
        '\tdata := c.load()',
        '\treturn c.decode(data)',
        '}',
        '',
        'func (c *Conf) load() string {',
        ...body(30, 'l'),
        '\treturn ""',
        '}',
        '',
        'func (c *Conf) decode(data string) error {',
        ...body(30, 'd'),
        '\treturn nil',
        '}',
        '',
        'func (c *Conf) Write() error {',
        '\tc.load()',
        '\treturn c.encode()',
        '}',
        '',
        'func (c *Conf) encode() error {',
        ...body(90, 'e'),
        '\treturn nil',
        '}',
        '',
        'func shadowed(c *Other) error { return c.Read() }',
      ].join('\n'),
    };
    const over: Partial<Identity> = {
      kind: 'library',
      publicApi: [
        { name: 'Conf', kind: 'struct', path: 'conf.go', line: 5 },
        { name: 'SetName', kind: 'function', path: 'conf.go', line: 9 },
        { name: 'Read', kind: 'function', path: 'conf.go', line: 15 },
      ],
    };
    const readme = (line: number, call: string) => ({
      path: 'conf.go',
      line,
      how: "called by the README's example",
      call,
    });
    const steps = mainPath(contents, 'Go', {
      ...over,
      entryPoints: [readme(9, 'conf.SetName()'), readme(15, 'conf.Read()')],
    });
    // the package function hands its call to the package's instance, a `*Conf`
    expect(labels(steps).slice(0, 4)).toEqual(['Read', 'Conf.Read', 'Conf.load', 'Conf.decode']);
    // with no example to go by, the call that reaches the most code leads
    expect(labels(mainPath(contents, 'Go', over))[0]).toBe('Conf.Write');
  });

  it('a Go library reads through a library into the decoder its constructor stores, to the interface its codecs implement', () => {
    const body = (n: number, what: string) => Array.from({ length: n }, (_, i) => `\t${what}${i} := ${i}`);
    const contents = {
      'conf.go': [
        'package conf',
        '',
        'import "github.com/spf13/afero"',
        '',
        'type Decoder interface {',
        '\tDecode(b []byte, v map[string]any) error',
        '}',
        '',
        'type DecoderRegistry interface {',
        '\tDecoder(format string) (Decoder, error)',
        '}',
        '',
        'type Conf struct {',
        '\tfs afero.Fs',
        '\tname string',
        '\tdecoderRegistry DecoderRegistry',
        '}',
        '',
        'func New() *Conf {',
        '\tc := new(Conf)',
        '\tregistry := NewRegistry()',
        '\tc.decoderRegistry = registry',
        '\treturn c',
        '}',
        '',
        'func (c *Conf) Read() error {',
        '\tfile, err := afero.ReadFile(c.fs, c.name)',
        '\tif err != nil {',
        '\t\treturn err',
        '\t}',
        '\tconfig := make(map[string]any)',
        '\treturn c.unmarshal(file, config)',
        '}',
        '',
        'func (c *Conf) unmarshal(in []byte, m map[string]any) error {',
        '\tdecoder, err := c.decoderRegistry.Decoder("yaml")',
        '\tif err != nil {',
        '\t\treturn err',
        '\t}',
        '\terr = decoder.Decode(in, m)',
        '\treturn err',
        '}',
      ].join('\n'),
      'registry.go': [
        'package conf',
        '',
        'type Registry struct {',
        '\tcodecs map[string]Decoder',
        '}',
        '',
        'func NewRegistry() *Registry {',
        '\treturn &Registry{}',
        '}',
        '',
        'func (r *Registry) Decoder(format string) (Decoder, error) {',
        ...body(12, 'r'),
        '\treturn r.codecs[format], nil',
        '}',
      ].join('\n'),
      'internal/yaml/codec.go': [
        'package yaml',
        '',
        'type Codec struct{}',
        '',
        'func (Codec) Decode(b []byte, v map[string]any) error {',
        ...body(10, 'y'),
        '\treturn nil',
        '}',
      ].join('\n'),
      'internal/json/codec.go': [
        'package json',
        '',
        'type Codec struct{}',
        '',
        'func (Codec) Decode(b []byte, v map[string]any) error {',
        ...body(10, 'j'),
        '\treturn nil',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(
      contents,
      'Go',
      {
        kind: 'library',
        publicApi: [{ name: 'Conf', kind: 'struct', path: 'conf.go', line: 13 }],
      },
      [],
      ['github.com/spf13/afero'],
    );
    const names = labels(steps);
    expect(names.slice(0, 3)).toEqual(['Conf.Read', 'afero.ReadFile', 'Conf.unmarshal']);
    // the registry the constructor function stores in the field answers the lookup
    expect(steps[3]).toMatchObject({
      name: 'Decoder',
      owner: 'Registry',
      via: { field: 'c.decoderRegistry', by: 'New' },
    });
    // the interface method the decoder is called through, and the codecs that implement it
    expect(steps[4]).toMatchObject({
      name: 'Decode',
      owner: 'Decoder',
      path: 'conf.go',
      line: 6,
      implementations: [
        { name: 'json.Codec', path: 'internal/json/codec.go', line: 5 },
        { name: 'yaml.Codec', path: 'internal/yaml/codec.go', line: 5 },
      ],
    });
  });

  it('never resolves a call into another language: a Python `User(…)` is not a TSX component', () => {
    const py = {
      'backend/app/models.py': 'class User:\n    email = None\n',
      'backend/app/routes.py': [
        'from app.models import (',
        '    User,',
        ')',
        '',
        'def create_user(session, body):',
        '    user = User(',
        '        email=body.email,',
        '    )',
        '    session.add(user)',
        '    session.commit()',
        '    return user',
      ].join('\n'),
    };
    const tsx = {
      'frontend/src/User.tsx': [
        'export function User() {',
        '  const auth = useAuth();',
        '  return <div>{auth.name}</div>;',
        '}',
        '',
        'export function useAuth() {',
        ...Array.from({ length: 30 }, (_, i) => `  const v${i} = load${i % 3}(${i});`),
        '  return { name: "x" };',
        '}',
      ].join('\n'),
    };
    const flow = flowPass({
      src: sourcesFromMap({ ...py, ...tsx }),
      files: [...fileInfos(py, 'Python'), ...fileInfos(tsx, 'TypeScript')],
      identity: identity({
        kind: 'library',
        publicApi: [{ name: 'create_user', kind: 'function', path: 'backend/app/routes.py', line: 5 }],
      }),
      routes: [],
      dependencies: [],
    });
    const paths = (flow.mainPath ?? []).map((s) => s.path);
    expect(paths[0]).toBe('backend/app/routes.py');
    expect(paths).not.toContain('frontend/src/User.tsx');
  });

  it('a server handed the application object itself: each request enters at its handle method', () => {
    const contents = {
      'lib/application.js': [
        "var http = require('node:http');",
        'var app = (exports = module.exports = {});',
        '',
        'app.handle = function handle(req, res, callback) {',
        '  req.res = res;',
        '  res.req = req;',
        '  this.dispatch(req, res, callback);',
        '};',
        '',
        'app.dispatch = function dispatch(req, res, done) {',
        '  var layer = this.stack[0];',
        '  layer.fn(req, res, done);',
        '  return layer;',
        '};',
        '',
        'app.listen = function listen() {',
        '  var server = http.createServer(this);',
        '  return server.listen.apply(server, arguments);',
        '};',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'JavaScript', { kind: 'framework' });
    // `listen` only starts the server: the request enters where the server hands it over
    expect(labels(steps).slice(0, 2)).toEqual(['handle', 'dispatch']);
    expect(steps[0]).toMatchObject({
      note: 'called for each request by the server listen makes at lib/application.js:17',
    });
  });

  it('a router made on first use hands each request to its library; a setting checked on the way is no step', () => {
    const contents = {
      'lib/application.js': [
        "var http = require('node:http');",
        "var Router = require('router');",
        "var finalhandler = require('finalhandler');",
        'var app = (exports = module.exports = {});',
        '',
        'app.init = function init() {',
        '  var router = null;',
        "  Object.defineProperty(this, 'router', {",
        '    configurable: true,',
        '    get: function getrouter() {',
        '      if (router === null) {',
        '        router = new Router({ strict: true });',
        '      }',
        '      return router;',
        '    }',
        '  });',
        '};',
        '',
        'app.handle = function handle(req, res, callback) {',
        '  var done = callback || finalhandler(req, res, { env: 1 });',
        "  if (this.enabled('x-powered-by')) {",
        "    res.setHeader('X-Powered-By', 'Acme');",
        '  }',
        '  this.router.handle(req, res, done);',
        '};',
        '',
        '/**',
        ' * Check if `setting` is enabled (truthy).',
        ' */',
        'app.enabled = function enabled(setting) {',
        '  return Boolean(this.setting(setting));',
        '};',
        '',
        'app.setting = function setting(name) {',
        ...Array.from({ length: 45 }, (_, i) => `  var s${i} = this.settings[name] + ${i};`),
        '  return s0;',
        '};',
        '',
        'app.listen = function listen() {',
        '  var server = http.createServer(this);',
        '  return server.listen.apply(server, arguments);',
        '};',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'JavaScript', { kind: 'framework' }, [], ['router', 'finalhandler']);
    expect(labels(steps)).toEqual(['handle', 'handle']);
    // the final handler is made for the router to call when it is done: the router takes the work on
    expect(steps[1]).toMatchObject({ external: 'router', line: 24 });
  });

  it("the calls that run users' hooks are named before deeper helpers; a call in a callback handed on runs inside it", () => {
    const filler = (n: number) =>
      Array.from({ length: n }, (_, i) => `    const v${i} = this.options.x + ${i};`);
    const contents = {
      'source/core/Hop.ts': [
        'export class Hop {',
        '  static create(input, options) {',
        '    const hop = new Hop(input, options);',
        '    const run = async () => {',
        '      const early = await hop.#runBeforeRequestHooks();',
        '      let response = early ?? await hop.#retry(async () => hop.#fetch());',
        '      for (;;) {',
        '        response = await hop.#runAfterResponseHooks(response);',
        '        if (!response.ok) {',
        '          response = await hop.#retryFromError(response, async () => hop.#fetch());',
        '          continue;',
        '        }',
        '        break;',
        '      }',
        '      return response;',
        '    };',
        '    return run();',
        '  }',
        '',
        '  constructor(input, options) {',
        '    this.input = input;',
        '    this.options = options;',
        '    this.a = 1;',
        '  }',
        '',
        '  async #runBeforeRequestHooks() {',
        '    for (const hook of this.options.hooks.beforeRequest) {',
        '      const result = await hook(this.input);',
        '    }',
        ...filler(10),
        '    return undefined;',
        '  }',
        '',
        '  async #retry<T extends (...args: any) => Promise<any>>(fn: T): Promise<ReturnType<T>> {',
        '    try {',
        '      return await fn();',
        '    } catch (error) {',
        '      return this.#retry(fn);',
        '    }',
        '  }',
        '',
        '  async #fetch() {',
        ...filler(20),
        '    return this.options.fetch(this.input);',
        '  }',
        '',
        '  async #runAfterResponseHooks(response) {',
        '    for (const hook of this.options.hooks.afterResponse) {',
        '      response = await hook(response);',
        '    }',
        ...filler(10),
        '    return response;',
        '  }',
        '',
        '  async #retryFromError(response, fn) {',
        '    const wait = await this.#retryDelay(response);',
        '    return this.#retry(fn);',
        '  }',
        '',
        '  async #retryDelay(response) {',
        '    const header = parseHeader(response);',
        ...filler(60),
        '    return header;',
        '  }',
        '}',
        '',
        'function parseHeader(response) {',
        ...Array.from({ length: 60 }, (_, i) => `  const h${i} = response.headers + ${i};`),
        '  return 1;',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'TypeScript', {
      kind: 'library',
      productPaths: ['source'],
      publicApi: [{ name: 'Hop', kind: 'class', path: 'source/core/Hop.ts', line: 1 }],
    });
    const names = labels(steps);
    expect(names.slice(0, 2)).toEqual(['Hop.create', 'Hop']);
    // request hooks, the retried fetch, response hooks; not the retry timing
    expect(names.slice(2, 6)).toEqual([
      'Hop.#runBeforeRequestHooks',
      'Hop.#retry',
      'Hop.#fetch',
      'Hop.#runAfterResponseHooks',
    ]);
    expect(names).not.toContain('parseHeader');
  });

  it('a default export a factory makes: from the instance into the call the functions it attaches make', () => {
    const contents = {
      'source/index.ts': [
        "import {Hop} from './core/hop.js';",
        "import {merge} from './utils/merge.js';",
        '',
        'const createInstance = (defaults) => {',
        '  const hop = (input, options) => Hop.create(input, merge(defaults, options));',
        "  hop.get = (input, options) => Hop.create(input, merge(defaults, options, {method: 'get'}));",
        '  hop.extend = (more) => createInstance(merge(defaults, more));',
        '  return hop;',
        '};',
        '',
        'const hop = createInstance();',
        '',
        'export default hop;',
        '',
        'export function isHopError(error) {',
        '  return error instanceof Error;',
        '}',
      ].join('\n'),
      'source/core/hop.ts': [
        'export class Hop {',
        '  static create(input, options) {',
        '    const hop = new Hop(input, options);',
        '    const result = hop.#fetch();',
        '    return result;',
        '  }',
        '',
        '  #fetch() {',
        '    const response = fetch(this.request);',
        '    const checked = this.#check(response);',
        '    return checked;',
        '  }',
        '',
        '  #check(response) {',
        '    if (!response.ok) {',
        '      throw new Error(response.status);',
        '    }',
        '    const body = response;',
        '    return body;',
        '  }',
        '}',
      ].join('\n'),
      'source/utils/merge.ts': [
        'export function merge(...sources) {',
        '  const out = {};',
        '  return Object.assign(out, ...sources);',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'TypeScript', {
      kind: 'library',
      productPaths: Object.keys(contents),
      entryPoints: [{ path: 'source/index.ts', line: 1, how: 'package.json main' }],
      publicApi: [
        { name: 'hop', kind: 'default export', path: 'source/index.ts', line: 11 },
        { name: 'isHopError', kind: 'function', path: 'source/index.ts', line: 15 },
      ],
      keyComponents: [
        { path: 'source/core/hop.ts', rank: 1 },
        { path: 'source/index.ts', rank: 0.5 },
      ],
    });
    expect(steps[0]).toMatchObject({ name: 'hop', path: 'source/index.ts', line: 11 });
    expect(steps[1]).toMatchObject({ name: 'create', owner: 'Hop', from: 0 });
    expect(labels(steps)).toContain('Hop.#fetch');
    expect(labels(steps)).not.toContain('isHopError');
  });

  it('a named export an imported factory makes, which the README calls first: from it into what the factory returns calls', () => {
    const contents = {
      'index.js': [
        "import {createExec} from './lib/create.js';",
        '',
        'export const exec = createExec(() => ({}));',
        '',
        'export function getEachMessage() {',
        '  return loop();',
        '}',
        'function loop() {',
        '  return 1;',
        '}',
      ].join('\n'),
      'lib/create.js': [
        "import {spawnAsync} from './spawn.js';",
        '',
        'export const createExec = (mapArguments) => {',
        '  const bound = (...args) => callBound(mapArguments, ...args);',
        '  return bound;',
        '};',
        '',
        'const callBound = (mapArguments, file, ...args) => {',
        '  const options = mapArguments(file);',
        '  return spawnAsync(file, args, options);',
        '};',
      ].join('\n'),
      'lib/spawn.js': [
        'export const spawnAsync = (file, args, options) => {',
        '  const one = file;',
        '  const two = args;',
        '  return [one, two, options];',
        '};',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'JavaScript', {
      kind: 'library',
      productPaths: Object.keys(contents),
      entryPoints: [{ path: 'index.js', line: 3, how: "called by the README's example", call: 'exec()' }],
      publicApi: [
        { name: 'getEachMessage', kind: 'function', path: 'index.js', line: 5 },
        { name: 'exec', kind: 'const', path: 'index.js', line: 3 },
      ],
      keyComponents: [
        { path: 'lib/create.js', rank: 1 },
        { path: 'index.js', rank: 0.5 },
      ],
    });
    expect(labels(steps).slice(0, 2)).toEqual(['exec', 'callBound']);
    expect(labels(steps)).toContain('spawnAsync');
    expect(labels(steps)).not.toContain('getEachMessage');
  });

  it("a bare call in a JavaScript module never reaches another file's function it does not import", () => {
    const contents = {
      'src/vanilla.ts':
        "type SetStateInternal<T> = {\n  _(\n    partial: T | Partial<T> | { _(state: T): T | Partial<T> }['_'],\n    replace?: false,\n  ): void\n  _(state: T | { _(state: T): T }['_'], replace: true): void\n}['_']\n\nexport interface StoreApi<T> {\n  setState: SetStateInternal<T>\n  getState: () => T\n  getInitialState: () => T\n  subscribe: (listener: (state: T, prevState: T) => void) => () => void\n}\n\nexport type ExtractState<S> = S extends { getState: () => infer T } ? T : never\n\ntype Get<T, K, F> = K extends keyof T ? T[K] : F\n\nexport type Mutate<S, Ms> = number extends Ms['length' & keyof Ms]\n  ? S\n  : Ms extends []\n    ? S\n    : Ms extends [[infer Mi, infer Ma], ...infer Mrs]\n      ? Mutate<StoreMutators<S, Ma>[Mi & StoreMutatorIdentifier], Mrs>\n      : never\n\nexport type StateCreator<\n  T,\n  Mis extends [StoreMutatorIdentifier, unknown][] = [],\n  Mos extends [StoreMutatorIdentifier, unknown][] = [],\n  U = T,\n> = ((\n  setState: Get<Mutate<StoreApi<T>, Mis>, 'setState', never>,\n  getState: Get<Mutate<StoreApi<T>, Mis>, 'getState', never>,\n  store: Mutate<StoreApi<T>, Mis>,\n) => U) & { $$storeMutators?: Mos }\n\n// eslint-disable-next-line @typescript-eslint/no-unused-vars, @typescript-eslint/no-empty-object-type\nexport interface StoreMutators<S, A> {}\nexport type StoreMutatorIdentifier = keyof StoreMutators<unknown, unknown>\n\ntype CreateStore = {\n  <T, Mos extends [StoreMutatorIdentifier, unknown][] = []>(\n    initializer: StateCreator<T, [], Mos>,\n  ): Mutate<StoreApi<T>, Mos>\n\n  <T>(): <Mos extends [StoreMutatorIdentifier, unknown][] = []>(\n    initializer: StateCreator<T, [], Mos>,\n  ) => Mutate<StoreApi<T>, Mos>\n}\n\ntype CreateStoreImpl = <\n  T,\n  Mos extends [StoreMutatorIdentifier, unknown][] = [],\n>(\n  initializer: StateCreator<T, [], Mos>,\n) => Mutate<StoreApi<T>, Mos>\n\nconst createStoreImpl: CreateStoreImpl = (createState) => {\n  type TState = ReturnType<typeof createState>\n  type Listener = (state: TState, prevState: TState) => void\n  let state: TState\n  const listeners: Set<Listener> = new Set()\n\n  const setState: StoreApi<TState>['setState'] = (partial, replace) => {\n    // TODO: Remove type assertion once https://github.com/microsoft/TypeScript/issues/37663 is resolved\n    // https://github.com/microsoft/TypeScript/issues/37663#issuecomment-759728342\n    const nextState =\n      typeof partial === 'function'\n        ? (partial as (state: TState) => TState)(state)\n        : partial\n    if (!Object.is(nextState, state)) {\n      const previousState = state\n      state =\n        (replace ?? (typeof nextState !== 'object' || nextState === null))\n          ? (nextState as TState)\n          : Object.assign({}, state, nextState)\n      listeners.forEach((listener) => listener(state, previousState))\n    }\n  }\n\n  const getState: StoreApi<TState>['getState'] = () => state\n\n  const getInitialState: StoreApi<TState>['getInitialState'] = () =>\n    initialState\n\n  const subscribe: StoreApi<TState>['subscribe'] = (listener) => {\n    listeners.add(listener)\n    // Unsubscribe\n    return () => listeners.delete(listener)\n  }\n\n  const api = { setState, getState, getInitialState, subscribe }\n  const initialState = (state = createState(setState, getState, api))\n  return api as any\n}\n\nexport const createStore = ((createState) =>\n  createState ? createStoreImpl(createState) : createStoreImpl) as CreateStore\n",
      'src/middleware/select.ts':
        "import type { StateCreator, StoreMutatorIdentifier } from '../vanilla.ts'\n\ntype SubscribeWithSelector = <\n  T,\n  Mps extends [StoreMutatorIdentifier, unknown][] = [],\n  Mcs extends [StoreMutatorIdentifier, unknown][] = [],\n>(\n  initializer: StateCreator<\n    T,\n    [...Mps, ['zustand/subscribeWithSelector', never]],\n    Mcs\n  >,\n) => StateCreator<T, Mps, [['zustand/subscribeWithSelector', never], ...Mcs]>\n\ntype Write<T, U> = Omit<T, keyof U> & U\n\ntype WithSelectorSubscribe<S> = S extends { getState: () => infer T }\n  ? Write<S, StoreSubscribeWithSelector<T>>\n  : never\n\ndeclare module '../vanilla' {\n  // eslint-disable-next-line @typescript-eslint/no-unused-vars\n  interface StoreMutators<S, A> {\n    ['zustand/subscribeWithSelector']: WithSelectorSubscribe<S>\n  }\n}\n\ntype StoreSubscribeWithSelector<T> = {\n  subscribe: {\n    (listener: (selectedState: T, previousSelectedState: T) => void): () => void\n    <U>(\n      selector: (state: T) => U,\n      listener: (selectedState: U, previousSelectedState: U) => void,\n      options?: {\n        equalityFn?: (a: U, b: U) => boolean\n        fireImmediately?: boolean\n      },\n    ): () => void\n  }\n}\n\ntype SubscribeWithSelectorImpl = <T extends object>(\n  storeInitializer: StateCreator<T, [], []>,\n) => StateCreator<T, [], []>\n\nconst subscribeWithSelectorImpl: SubscribeWithSelectorImpl =\n  (fn) => (set, get, api) => {\n    type S = ReturnType<typeof fn>\n    type Listener = (state: S, previousState: S) => void\n    const origSubscribe = api.subscribe as (listener: Listener) => () => void\n    api.subscribe = ((selector: any, optListener: any, options: any) => {\n      let listener: Listener = selector // if no selector\n      if (optListener) {\n        const equalityFn = options?.equalityFn || Object.is\n        let currentSlice = selector(api.getState())\n        listener = (state) => {\n          const nextSlice = selector(state)\n          if (!equalityFn(currentSlice, nextSlice)) {\n            const previousSlice = currentSlice\n            optListener((currentSlice = nextSlice), previousSlice)\n          }\n        }\n        if (options?.fireImmediately) {\n          optListener(currentSlice, currentSlice)\n        }\n      }\n      return origSubscribe(listener)\n    }) as any\n    const initialState = fn(set, get, api)\n    return initialState\n  }\nexport const subscribeWithSelector =\n  subscribeWithSelectorImpl as unknown as SubscribeWithSelector\n",
    };
    const steps = mainPath(contents, 'TypeScript', {
      kind: 'library',
      productPaths: ['src'],
      entryPoints: [{ path: 'src/vanilla.ts', line: 99, how: 'package index' }],
      publicApi: [{ name: 'createStore', kind: 'const', path: 'src/vanilla.ts', line: 99 }],
      keyComponents: [
        { path: 'src/vanilla.ts', rank: 1 },
        { path: 'src/middleware/select.ts', rank: 0.5 },
      ],
    });
    expect(labels(steps)).toContain('createStoreImpl');
    expect(steps.map((s) => s.path)).not.toContain('src/middleware/select.ts');
  });

  it('a default export that is a class method bound to a context runs that method when it is called', () => {
    const contents = {
      'lib/client.js': [
        "import Client from './core/Client.js';",
        "import bind from './helpers/bind.js';",
        "import mergeConfig from './core/mergeConfig.js';",
        '',
        'function createInstance(defaultConfig) {',
        '  const context = new Client(defaultConfig);',
        '  const instance = bind(Client.prototype.request, context);',
        '  instance.create = function create(more) {',
        '    return createInstance(mergeConfig(defaultConfig, more));',
        '  };',
        '  return instance;',
        '}',
        '',
        'const client = createInstance({});',
        '',
        'export default client',
      ].join('\n'),
      'lib/core/Client.js': [
        "import dispatchRequest from './dispatchRequest.js';",
        'class Client {',
        '  constructor(config) {',
        '    this.defaults = config;',
        '  }',
        '',
        '  request(config) {',
        '    const chain = [dispatchRequest.bind(this), undefined];',
        '    return Promise.resolve(config).then(chain[0], chain[1]);',
        '  }',
        '}',
        'export default Client;',
      ].join('\n'),
      'lib/core/dispatchRequest.js': [
        'export default function dispatchRequest(config) {',
        '  const adapter = config.adapter;',
        '  return adapter(config);',
        '}',
      ].join('\n'),
      'lib/core/mergeConfig.js': [
        'export default function mergeConfig(a, b) {',
        '  const out = Object.assign({}, a, b);',
        '  return out;',
        '}',
      ].join('\n'),
      'lib/helpers/bind.js': [
        'export default function bind(fn, thisArg) {',
        '  return function wrap() {',
        '    return fn.apply(thisArg, arguments);',
        '  };',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'JavaScript', {
      kind: 'library',
      productPaths: ['lib'],
      entryPoints: [{ path: 'index.js', line: 1, how: 'package.json main' }],
      publicApi: [
        {
          name: 'client',
          kind: 'default export',
          path: 'index.js',
          line: 1,
          definedAt: { path: 'lib/client.js', line: 14 },
        },
      ],
      keyComponents: [
        { path: 'lib/core/Client.js', rank: 1 },
        { path: 'lib/client.js', rank: 0.5 },
      ],
    });
    expect(steps[0]).toMatchObject({ name: 'client', path: 'lib/client.js', line: 14 });
    expect(steps[1]).toMatchObject({
      name: 'request',
      owner: 'Client',
      note: 'bound by createInstance at lib/client.js:7',
    });
    // the function a chain holds bound (`dispatchRequest.bind(this)`) is called by the method
    expect(labels(steps)).toContain('dispatchRequest');
  });

  it("an ASGI framework: a request enters at the __call__ of the application the README's example makes", () => {
    const contents = {
      'web/responses.py': [
        'class FileResponse:',
        '    async def __call__(self, scope, receive, send):',
        '        headers = self.parse_range(scope)',
        '        await self.send_ranges(headers, send)',
        '        await self.close()',
        '',
        '    def parse_range(self, scope):',
        '        raw = scope["headers"]',
        '        return raw',
        '',
        '    async def send_ranges(self, headers, send):',
        '        for h in headers:',
        '            await send(h)',
        '',
        '    async def close(self):',
        '        self.done = True',
        '        return None',
      ].join('\n'),
      'web/applications.py': [
        'class Web:',
        '    def __init__(self, routes=None):',
        '        self.routes = routes',
        '',
        '    async def __call__(self, scope, receive, send):',
        '        scope["app"] = self',
        '        stack = self.build_stack()',
        '        await stack(scope, receive, send)',
        '',
        '    def build_stack(self):',
        '        app = self.routes',
        '        return app',
      ].join('\n'),
    };
    const path = mainPath(contents, 'Python', {
      kind: 'framework',
      productPaths: ['web'],
      entryPoints: [
        { path: 'web/applications.py', line: 1, how: "called by the README's example", call: 'Web()' },
        { path: 'web/__init__.py', line: 1, how: 'package __init__.py' },
      ],
      keyComponents: [
        { path: 'web/responses.py', rank: 1 },
        { path: 'web/applications.py', rank: 2 },
      ],
    });
    expect(labels(path).slice(0, 2)).toEqual(['Web.__call__', 'Web.build_stack']);
  });

  it("a tower Service: a request enters at the call of the router the README's example makes, not a middleware's", () => {
    const contents = {
      'README.md': '# web\n\n```rust\nlet app = Router::new().route("/", get(root));\n```\n',
      'src/middleware.rs': [
        'pub struct Next {',
        '    inner: Route,',
        '}',
        'impl Service<Request> for Next {',
        '    fn call(&mut self, req: Request) -> Self::Future {',
        '        self.inner.call(req)',
        '    }',
        '}',
      ].join('\n'),
      'src/routing.rs': [
        'pub struct Router<S> {',
        '    inner: PathRouter<S>,',
        '}',
        'pub struct PathRouter<S> {',
        '    routes: Vec<Route>,',
        '}',
        'impl<B> Service<Request<B>> for Router<()>',
        'where',
        '    B: HttpBody + Send,',
        '{',
        '    fn call(&mut self, req: Request<B>) -> Self::Future {',
        '        self.call_with_state(req, ())',
        '    }',
        '}',
        'impl<S> Router<S>',
        'where',
        '    S: Clone,',
        '{',
        '    fn call_with_state(&self, req: Request, state: S) -> RouteFuture {',
        '        let inner = self.inner.clone();',
        '        inner.call_with_state(req, state)',
        '    }',
        '}',
        'impl<S> PathRouter<S> {',
        '    fn call_with_state(&self, req: Request, state: S) -> RouteFuture {',
        '        let route = self.routes.first().unwrap();',
        '        route.call_owned(req)',
        '    }',
        '}',
        'impl<S> Clone for PathRouter<S> {',
        '    fn clone(&self) -> Self {',
        '        let routes = self.routes.clone();',
        '        let more = routes.len();',
        '        Self { routes }',
        '    }',
        '}',
      ].join('\n'),
    };
    const path = mainPath(contents, 'Rust', {
      kind: 'library',
      productPaths: ['src'],
      entryPoints: [{ path: 'src/lib.rs', line: 1, how: 'library crate root' }],
      // the middleware's file ranks first: the README's example decides
      fileRanks: { 'src/middleware.rs': 0.9, 'src/routing.rs': 0.1 },
    });
    // the impl's `where` clause keeps its methods the type's; the copy protocol is no step
    expect(labels(path)).toEqual(['Router.call', 'Router.call_with_state', 'PathRouter.call_with_state']);
  });

  it('a servlet: a request enters at the service(request, response) the container calls', () => {
    const contents = {
      'web/src/main/java/io/web/StaticHandler.kt': [
        'class StaticHandler {',
        '    override fun handle(ctx: Context): Boolean {',
        '        val found = findHandler(ctx)',
        '        return found',
        '    }',
        '    fun findHandler(ctx: Context): Boolean {',
        '        return true',
        '    }',
        '}',
      ].join('\n'),
      'web/src/main/java/io/web/WebServlet.kt': [
        'class WebServlet {',
        '    override fun service(request: HttpServletRequest, response: HttpServletResponse) {',
        '        handle(request, response)',
        '    }',
        '    fun handle(request: HttpServletRequest, response: HttpServletResponse) {',
        '        val ctx = WebContext(request, response)',
        '        ctx.run()',
        '    }',
        '}',
      ].join('\n'),
    };
    const path = mainPath(contents, 'Kotlin', {
      kind: 'framework',
      productPaths: ['web'],
      entryPoints: [],
      fileRanks: {
        'web/src/main/java/io/web/StaticHandler.kt': 0.9,
        'web/src/main/java/io/web/WebServlet.kt': 0.1,
      },
    });
    expect(labels(path).slice(0, 2)).toEqual(['WebServlet.service', 'WebServlet.handle']);
  });

  it("a Go main reaches its module's own package through the import path, whatever the package clause calls it", () => {
    const contents = {
      'go.mod': 'module github.com/acme/find\n\ngo 1.23\n',
      'main.go': [
        'package main',
        '',
        'import (',
        '\t"os"',
        '',
        '\tfind "github.com/acme/find/src"',
        ')',
        '',
        'func exit(code int) {',
        '\tos.Exit(code)',
        '}',
        '',
        'func main() {',
        '\topts := find.ParseOptions(os.Args[1:])',
        '\tcode := find.Run(opts)',
        '\texit(code)',
        '}',
      ].join('\n'),
      'src/core.go': [
        'package find',
        '',
        'func Run(opts *Options) int {',
        '\tmatched := match(opts)',
        '\treturn matched',
        '}',
        '',
        'func match(opts *Options) int {',
        '\treturn 0',
        '}',
      ].join('\n'),
      'src/options.go': [
        'package find',
        '',
        'func ParseOptions(args []string) *Options {',
        '\treturn nil',
        '}',
      ].join('\n'),
      'src/tui/run.go': ['package tui', '', 'func Run(opts *Options) int {', '\treturn 1', '}'].join('\n'),
    };
    const path = mainPath(contents, 'Go', {
      kind: 'cli',
      entryPoints: [{ path: 'main.go', line: 13, how: 'func main() in package main' }],
    });
    expect(labels(path).slice(0, 3)).toEqual(['main', 'ParseOptions', 'Run']);
    expect(path.find((s) => s.name === 'Run')?.path).toBe('src/core.go');
  });

  it('a hook field the constructor sets to a method of its own type runs that method', () => {
    const contents = {
      'web.go': [
        'package web',
        '',
        'type Web struct {',
        '\tserveFunc func(w http.ResponseWriter, r *http.Request)',
        '\thandler   func(c *Context) error',
        '}',
        '',
        'func New() *Web {',
        '\te := &Web{}',
        '\te.serveFunc = e.serve',
        '\treturn e',
        '}',
        '',
        'func (e *Web) ServeHTTP(w http.ResponseWriter, r *http.Request) {',
        '\te.serveFunc(w, r)',
        '}',
        '',
        'func (e *Web) serve(w http.ResponseWriter, r *http.Request) {',
        '\tc := e.acquire(r)',
        '\terr := e.handler(c)',
        '\tif err != nil {',
        '\t\tpanic(err)',
        '\t}',
        '}',
        '',
        'func (e *Web) acquire(r *http.Request) *Context {',
        '\tc := &Context{}',
        '\tc.request = r',
        '\treturn c',
        '}',
      ].join('\n'),
    };
    const path = mainPath(contents, 'Go', {
      kind: 'framework',
      productPaths: ['web.go'],
      entryPoints: [{ path: 'web.go', line: 1, how: 'package' }],
      publicApi: [{ name: 'Web', kind: 'type', path: 'web.go', line: 3 }],
      keyComponents: [{ path: 'web.go', rank: 1 }],
    });
    expect(labels(path).slice(0, 2)).toEqual(['Web.ServeHTTP', 'Web.serve']);
    expect(path.find((s) => s.name === 'serveFunc')).toBeUndefined();
  });

  it('a hook field its own type fills from a product call holds what that call composes', () => {
    const contents = {
      'web.go': [
        'package web',
        '',
        'type Web struct {',
        '\tmiddleware []MiddlewareFunc',
        '\tchain      func(c *Context) error',
        '}',
        '',
        'func (e *Web) build() {',
        '\te.chain = applyMiddleware(dispatch, e.middleware...)',
        '}',
        '',
        'func (e *Web) ServeHTTP(w http.ResponseWriter, r *http.Request) {',
        '\tc := &Context{}',
        '\terr := e.chain(c)',
        '\tif err != nil {',
        '\t\tpanic(err)',
        '\t}',
        '}',
        '',
        'func applyMiddleware(h HandlerFunc, middleware ...MiddlewareFunc) HandlerFunc {',
        '\tfor i := len(middleware) - 1; i >= 0; i-- {',
        '\t\th = middleware[i](h)',
        '\t}',
        '\treturn h',
        '}',
      ].join('\n'),
    };
    const path = mainPath(contents, 'Go', {
      kind: 'framework',
      productPaths: ['web.go'],
      entryPoints: [{ path: 'web.go', line: 1, how: 'package' }],
      publicApi: [{ name: 'Web', kind: 'type', path: 'web.go', line: 3 }],
      keyComponents: [{ path: 'web.go', rank: 1 }],
    });
    const chain = path.find((s) => s.name === 'chain');
    expect(chain).toMatchObject({
      handedIn: 'field',
      via: { expression: 'applyMiddleware(dispatch, e.middleware...)', by: 'Web.build', line: 9 },
    });
  });
  it('a function literal only stored runs later: its calls are no steps of the function that makes it', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `\tx${i} := ${i}`);
    const go = {
      'conn.go': [
        'package ws',
        '',
        'type Conn struct {',
        '\thandleClose func(code int) error',
        '}',
        '',
        'func Dial() (*Conn, error) {',
        '\tc := newConn()',
        '\treturn c, nil',
        '}',
        '',
        'func newConn() *Conn {',
        '\tc := &Conn{}',
        '\tc.SetCloseHandler(nil)',
        '\treturn c',
        '}',
        '',
        'func (c *Conn) SetCloseHandler(h func(code int) error) {',
        '\tif h == nil {',
        '\t\th = func(code int) error {',
        '\t\t\tmessage := FormatCloseMessage(code)',
        '\t\t\treturn c.WriteControl(message)',
        '\t\t}',
        '\t}',
        '\tc.handleClose = h',
        '}',
        '',
        'func FormatCloseMessage(code int) []byte {',
        ...body(20),
        '\treturn nil',
        '}',
        '',
        'func (c *Conn) WriteControl(message []byte) error {',
        ...body(20),
        '\treturn nil',
        '}',
      ].join('\n'),
    };
    const steps = labels(
      mainPath(go, 'Go', {
        kind: 'library',
        publicApi: [{ name: 'Dial', kind: 'function', path: 'conn.go', line: 7 }],
      }),
    );
    expect(steps).toContain('newConn');
    expect(steps).not.toContain('FormatCloseMessage');
    expect(steps).not.toContain('Conn.WriteControl');
    // called where it is stored, the literal runs now
    const called = { 'conn.go': go['conn.go'].replace('\tc.handleClose = h', '\tc.handleClose = h\n\th(0)') };
    expect(
      labels(
        mainPath(called, 'Go', {
          kind: 'library',
          publicApi: [{ name: 'Dial', kind: 'function', path: 'conn.go', line: 7 }],
        }),
      ),
    ).toContain('FormatCloseMessage');
  });

  it('a function literal handed to an event registration runs when the event fires, not as a step', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const x${i} = ${i}`);
    const js = {
      'lib/tools.js': [
        "const onExit = require('on-exit-leak-free')",
        '',
        'function buildStream (opts) {',
        '  const stream = makeStream(opts)',
        "  stream.on('close', function () {",
        '    return unregister(stream)',
        '  })',
        "  process.once('exit', () => flush(stream))",
        '  return stream',
        '}',
        '',
        'function makeStream (opts) {',
        ...body(5),
        '  return opts',
        '}',
        '',
        'function flush (stream) {',
        ...body(20),
        '  return stream',
        '}',
        '',
        'function unregister (stream) {',
        ...body(20),
        '  return stream',
        '}',
        '',
        'module.exports = { buildStream }',
      ].join('\n'),
    };
    const path = labels(
      mainPath(js, 'JavaScript', {
        kind: 'library',
        publicApi: [{ name: 'buildStream', kind: 'function', path: 'lib/tools.js', line: 3 }],
      }),
    );
    expect(path).toContain('makeStream');
    expect(path).not.toContain('unregister');
    expect(path).not.toContain('flush');
  });

  it("a Rack framework: from the app class's call(env) through its bang methods, into the route block's runner", () => {
    const contents = {
      'lib/tune/base.rb': [
        'module Tune',
        '  class Wrapper',
        '    def call(env)',
        '      @app.call(env)',
        '    end',
        '  end',
        '',
        '  class Base',
        '    # Rack call interface.',
        '    def call(env)',
        '      dup.call!(env)',
        '    end',
        '',
        '    def call!(env)',
        '      @request = Request.new(env)',
        '      invoke { dispatch! }',
        '      @response.finish',
        '    end',
        '',
        '    def invoke(&block)',
        '      res = catch(:halt, &block)',
        '      res',
        '    end',
        '',
        '    def dispatch!',
        '      invoke do',
        '        filter! :before',
        '        route!',
        '      end',
        '    rescue ::Exception => e',
        '      invoke { handle_exception!(e) }',
        '    end',
        '',
        '    def filter!(type)',
        '      settings.filters[type].each { |args| process_route(*args) }',
        '    end',
        '',
        '    def route!',
        '      routes = settings.routes[@request.request_method]',
        '      routes.each do |pattern, block|',
        '        process_route(pattern) { route_eval { block.call } }',
        '      end',
        '      route_missing',
        '    end',
        '',
        '    def process_route(pattern)',
        '      @params = pattern.params(@request.path_info)',
        '      yield self',
        '    end',
        '',
        '    def route_eval',
        '      throw :halt, yield',
        '    end',
        '',
        '    def route_missing',
        '      raise NotFound',
        '    end',
        '',
        '    def handle_exception!(boom)',
        '      @response.status = 500',
        '    end',
        '',
        '    class << self',
        '      def get(path, &block)',
        '        route(path, &block)',
        '      end',
        '',
        '      def route(path, &block)',
        '        routes << [path, block]',
        '      end',
        '    end',
        '',
        '    reset!',
        '  end',
        'end',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Ruby', {
      kind: 'framework',
      productPaths: ['lib/tune/base.rb'],
      entryPoints: [{ path: 'lib/tune/base.rb', line: 1, how: 'gem' }],
      publicApi: [{ name: 'Base', kind: 'type', path: 'lib/tune/base.rb', line: 8 }],
      keyComponents: [{ path: 'lib/tune/base.rb', rank: 1 }],
    });
    const names = labels(steps);
    expect(names.slice(0, 2)).toEqual(['Base.call', 'Base.call!']);
    expect(names).toContain('Base.dispatch!');
    expect(names).toContain('Base.route!');
    expect(names.indexOf('Base.route!')).toBeGreaterThan(names.indexOf('Base.dispatch!'));
    expect(names).not.toContain('Wrapper.call');
  });

  it("a Go router: from ServeHTTP through the handler its type stores in a field, into the tree's search", () => {
    const contents = {
      'mux.go': [
        'package chi',
        '',
        'type Mux struct {',
        '\thandler http.Handler',
        '\ttree *node',
        '}',
        '',
        'func (mx *Mux) ServeHTTP(w http.ResponseWriter, r *http.Request) {',
        '\trctx := r.Context().Value(RouteCtxKey)',
        '\tmx.handler.ServeHTTP(w, r)',
        '}',
        '',
        'func (mx *Mux) updateRouteHandler() {',
        '\tmx.handler = chain(mx.middlewares, http.HandlerFunc(mx.routeHTTP))',
        '}',
        '',
        'func (mx *Mux) routeHTTP(w http.ResponseWriter, r *http.Request) {',
        '\tpath := r.URL.Path',
        '\tif _, _, h := mx.tree.FindRoute(rctx, method, path); h != nil {',
        '\t\th.ServeHTTP(w, r)',
        '\t}',
        '}',
      ].join('\n'),
      'tree.go': [
        'package chi',
        '',
        'type node struct {',
        '\tprefix string',
        '}',
        '',
        'func (n *node) FindRoute(rctx *Context, method methodTyp, path string) (*node, endpoints, http.Handler) {',
        '\trn := n.findRoute(rctx, method, path)',
        '\treturn rn, nil, nil',
        '}',
        '',
        'func (n *node) findRoute(rctx *Context, method methodTyp, path string) *node {',
        '\tfor _, c := range n.children {',
        '\t\tpath = path[1:]',
        '\t}',
        '\treturn n',
        '}',
        '',
        '// Value is a lookup nobody on the path calls',
        'func (e endpoints) Value(method methodTyp) *endpoint {',
        '\tmx := e[method]',
        '\treturn mx',
        '}',
      ].join('\n'),
      'chain.go': [
        'package chi',
        '',
        'func chain(middlewares []func(http.Handler) http.Handler, endpoint http.Handler) http.Handler {',
        '\th := middlewares[len(middlewares)-1](endpoint)',
        '\tfor i := len(middlewares) - 2; i >= 0; i-- {',
        '\t\th = middlewares[i](h)',
        '\t}',
        '\treturn h',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Go', {
      kind: 'library',
      productPaths: ['mux.go', 'tree.go', 'chain.go'],
      entryPoints: [{ path: 'mux.go', line: 1, how: 'package' }],
      publicApi: [{ name: 'Mux', kind: 'type', path: 'mux.go', line: 3 }],
      keyComponents: [
        { path: 'mux.go', rank: 1 },
        { path: 'tree.go', rank: 0.5 },
      ],
    });
    // `chain(…)` built the handler when a route was added: it does not run for each request
    expect(labels(steps).slice(0, 4)).toEqual([
      'Mux.ServeHTTP',
      'Mux.routeHTTP',
      'node.FindRoute',
      'node.findRoute',
    ]);
    // `r.Context().Value(…)` is a method of an unknown value: not the product's `endpoints.Value`
    expect(labels(steps)).not.toContain('endpoints.Value');
    expect(steps[1]).toMatchObject({
      path: 'mux.go',
      line: 17,
      note: 'called by Mux.ServeHTTP at mux.go:10',
    });
  });

  it('a Go router: the arm that runs a route found goes on, not the redirects tried when the lookup missed', () => {
    const lines = (n: number, what: string) =>
      Array.from({ length: n }, (_, i) => `\t${what}${i} := len(p) + ${i}`);
    const contents = {
      'gin.go': [
        'package web',
        '',
        'type Engine struct {',
        '\ttrees methodTrees',
        '}',
        '',
        'func (engine *Engine) ServeHTTP(w http.ResponseWriter, req *http.Request) {',
        '\tc := engine.allocate()',
        '\tengine.handleRequest(c)',
        '}',
        '',
        'func (engine *Engine) handleRequest(c *Context) {',
        '\trPath := c.path',
        '\tif engine.RemoveExtraSlash {',
        '\t\trPath = cleanPath(rPath)',
        '\t}',
        '\tt := engine.trees',
        '\tfor i := 0; i < len(t); i++ {',
        '\t\troot := t[i].root',
        '\t\tvalue := root.getValue(rPath)',
        '\t\tif value.handlers != nil {',
        '\t\t\tc.handlers = value.handlers',
        '\t\t\tc.Next()',
        '\t\t\treturn',
        '\t\t}',
        '\t\tif value.tsr && engine.RedirectTrailingSlash {',
        '\t\t\tredirectTrailingSlash(c)',
        '\t\t\treturn',
        '\t\t}',
        '\t}',
        '}',
        '',
        'type methodTree struct {',
        '\tmethod string',
        '\troot   *node',
        '}',
        '',
        'type methodTrees []methodTree',
        '',
        'type node struct {',
        '\tpath string',
        '}',
        '',
        'func (n *node) getValue(path string) nodeValue {',
        ...lines(12, 'v'),
        '\treturn nodeValue{}',
        '}',
        '',
        'func redirectTrailingSlash(c *Context) {',
        ...lines(30, 'r'),
        '}',
        '',
        'func cleanPath(p string) string {',
        ...lines(30, 'q'),
        '\treturn p',
        '}',
      ].join('\n'),
      'context.go': [
        'package web',
        '',
        'type Context struct {',
        '\thandlers []HandlerFunc',
        '\tindex int',
        '}',
        '',
        'func (c *Context) Next() {',
        '\tc.index++',
        '\tfor c.index < len(c.handlers) {',
        '\t\tc.handlers[c.index](c)',
        '\t\tc.index++',
        '\t}',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Go', {
      kind: 'framework',
      productPaths: ['gin.go', 'context.go'],
      publicApi: [{ name: 'Engine', kind: 'type', path: 'gin.go', line: 3 }],
      keyComponents: [{ path: 'gin.go', rank: 1 }],
    });
    // `c` is the method's parameter, a `*Context`, not its receiver; `root` is an item's field, a `*node`
    expect(labels(steps)).toEqual([
      'Engine.ServeHTTP',
      'Engine.handleRequest',
      'node.getValue',
      'Context.Next',
    ]);
    // the path cleaned only when an option asks for it is no step either
    expect(labels(steps)).not.toContain('cleanPath');
  });

  it("the product's own tracing helper is no step of the work it records", () => {
    const contents = {
      'command.go': [
        'package cli',
        '',
        'type Command struct {',
        '\tflags []Flag',
        '}',
        '',
        'func (cmd *Command) Run(args []string) error {',
        '\tf := cmd.lookupFlag(args[0])',
        '\treturn f.Apply(args)',
        '}',
        '',
        'func (cmd *Command) lookupFlag(name string) Flag {',
        '\ttracef("looking up %s", name)',
        '\tfor _, f := range cmd.flags {',
        '\t\tif f.Name == name {',
        '\t\t\treturn f',
        '\t\t}',
        '\t}',
        '\treturn nil',
        '}',
        '',
        'func tracef(format string, a ...any) {',
        '\tif !isTracingOn {',
        '\t\treturn',
        '\t}',
        '\tfmt.Fprintf(os.Stderr, format, a...)',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Go', {
      kind: 'library',
      productPaths: ['command.go'],
      publicApi: [{ name: 'Command', kind: 'type', path: 'command.go', line: 3 }],
      keyComponents: [{ path: 'command.go', rank: 1 }],
    });
    expect(labels(steps)).toContain('Command.lookupFlag');
    expect(labels(steps)).not.toContain('tracef');
  });

  it('a CLI: from main through the value a call returns, to the continuation whose result is kept', () => {
    const contents = {
      'src/main.rs': [
        'fn main() {',
        '  if let Err(code) = tool::run(std::env::args_os()) {',
        '    std::process::exit(code);',
        '  }',
        '}',
      ].join('\n'),
      'src/run.rs': [
        'pub fn run(args: Args) -> Result<(), i32> {',
        '  let config = Config::from_arguments(args)?;',
        '  log_startup(&config);',
        '  config.subcommand.execute(&config)',
        '}',
        '',
        'fn log_startup(config: &Config) {',
        '  let banner = String::new();',
        '  eprintln!("{}", banner);',
        '  eprintln!("{}", banner);',
        '  eprintln!("{}", banner);',
        '}',
      ].join('\n'),
      'src/config.rs': [
        'pub struct Config {',
        '  pub subcommand: Subcommand,',
        '}',
        'impl Config {',
        '  pub fn from_arguments(args: Args) -> Result<Self, Error> {',
        '    let parsed = args.parse();',
        '    Ok(Self { subcommand: parsed })',
        '  }',
        '}',
      ].join('\n'),
      'src/subcommand.rs': [
        'pub enum Subcommand {',
        '  Run,',
        '}',
        'impl Subcommand {',
        '  pub fn execute(&self, config: &Config) -> Result<(), i32> {',
        '    let justfile = compile(config)?;',
        '    for recipe in justfile.recipes() {',
        '      run_recipe(recipe);',
        '    }',
        '    Ok(())',
        '  }',
        '}',
        'fn compile(config: &Config) -> Result<Justfile, i32> {',
        '  let tokens = lex(config);',
        '  parse(tokens)',
        '}',
        'fn run_recipe(recipe: &Recipe) {',
        '  let shell = recipe.shell();',
        '  let status = spawn(shell);',
        '  report(status);',
        '}',
      ].join('\n'),
      'crates/tool-helper/src/main.rs': [
        'fn run() {',
        '  let a = 1;',
        '  let b = 2;',
        '  println!("{}", a + b);',
        '}',
      ].join('\n'),
      'Cargo.toml': '[package]\nname = "tool"\n',
    };
    const steps = mainPath(contents, 'Rust', {
      kind: 'cli',
      productPaths: ['src'],
      entryPoints: [{ path: 'src/main.rs', line: 1, how: 'binary "tool" (fn main)' }],
    });
    // `tool::run` is the crate calling itself: its own `run`, not the helper crate's
    expect(labels(steps).slice(0, 4)).toEqual(['main', 'run', 'Config.from_arguments', 'Subcommand.execute']);
    expect(steps[1]!.path).toBe('src/run.rs');
    // the recipe loop's call is the work the loop does; `log_startup`'s result is never used
    expect(labels(steps)).toContain('run_recipe');
    expect(labels(steps)).not.toContain('log_startup');
  });

  it('a match arm whose pattern spans lines keeps the arms after it alternatives of the one the path follows', () => {
    const contents = {
      'src/main.rs': ['fn main() {', '  let config = Config::new();', '  run(&config);', '}'].join('\n'),
      'src/run.rs': [
        'pub fn run(config: &Config) -> Result<(), Error> {',
        '  match &config.subcommand {',
        '    Subcommand::Run { .. } => {',
        '      let ran = run_recipe(config)?;',
        '      Ok(ran)',
        '    }',
        '    Subcommand::Command {',
        '      binary, arguments, ..',
        '    } => {',
        '      spawn_command(binary, arguments)?;',
        '      Ok(())',
        '    }',
        '    Subcommand::Evaluate { path } => {',
        '      let target = evaluation_target(path)?;',
        '      print_value(target)',
        '    }',
        '  }',
        '}',
        'fn run_recipe(config: &Config) -> Result<(), Error> {',
        '  let shell = config.shell();',
        '  let status = spawn(shell);',
        '  report(status)',
        '}',
        'fn spawn_command(binary: &str, arguments: &[String]) -> Result<(), Error> {',
        '  let a = binary.len();',
        '  let b = arguments.len();',
        '  check(a, b)',
        '}',
        'fn evaluation_target(path: &str) -> Result<Target, Error> {',
        '  let parts = path.split(":");',
        '  let first = parts.next();',
        '  lookup(first)',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Rust', {
      kind: 'cli',
      productPaths: ['src'],
      entryPoints: [{ path: 'src/main.rs', line: 1, how: 'bin' }],
    });
    expect(labels(steps)).toContain('run_recipe');
    expect(labels(steps)).not.toContain('evaluation_target');
    expect(labels(steps)).not.toContain('spawn_command');
  });

  it('a producer and a consumer joined by a channel are both steps, named with their ends and not entered', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `        let v${i} = x;`);
    const contents = {
      'src/main.rs': [
        'fn main() {',
        '    let code = scan(&paths);',
        '    std::process::exit(code);',
        '}',
      ].join('\n'),
      'src/walk.rs': [
        'pub fn scan(paths: &[PathBuf]) -> i32 {',
        '    let (tx, rx) = bounded(16);',
        '    let code = thread::scope(|scope| {',
        '        let receiver = scope.spawn(|| receive(rx));',
        '        spawn_senders(paths, tx);',
        '        receiver.join().unwrap()',
        '    });',
        '    code',
        '}',
        'fn spawn_senders(paths: &[PathBuf], tx: Sender<Entry>) {',
        ...body(8),
        '}',
        'fn receive(rx: Receiver<Entry>) -> i32 {',
        '    for entry in rx {',
        '        if entry.is_last() {',
        '            return stop(entry);',
        '        }',
        '        print_entry(&entry)?;',
        '    }',
        '    0',
        '}',
        'fn stop(x: Entry) -> i32 {',
        ...body(12),
        '}',
        'fn print_entry(x: &Entry) -> Result<(), Error> {',
        ...body(6),
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Rust', {
      kind: 'cli',
      productPaths: ['src'],
      entryPoints: [{ path: 'src/main.rs', line: 1, how: 'bin' }],
    });
    const names = labels(steps);
    expect(names).toEqual(expect.arrayContaining(['scan', 'receive', 'spawn_senders']));
    // past the channel the consumer's own loop is not the next step of the run
    expect(names).not.toContain('print_entry');
    expect(names).not.toContain('stop');
    const end = (name: string) => steps.find((s) => s.name === name)?.channel;
    expect(end('receive')).toEqual({ end: 'receiving', made: 'bounded', path: 'src/walk.rs', line: 2 });
    expect(end('spawn_senders')).toMatchObject({ end: 'sending', line: 2 });
  });

  it('names the call a short step beside the path wraps, with the stages it runs in turn', () => {
    const body = (n: number, v = 'x') => Array.from({ length: n }, (_, i) => `    let ${v}${i} = src.len();`);
    const contents = {
      'src/main.rs': [
        'fn main() {',
        '    let src = read();',
        '    let unit = compile(&src)?;',
        '    let code = execute(unit);',
        '    std::process::exit(code);',
        '}',
        'fn compile(src: &str) -> Result<Unit, Error> {',
        '    let unit = Compiler::compile(src)?;',
        '    unit.check()?;',
        '    Ok(unit)',
        '}',
        'fn execute(unit: Unit) -> i32 {',
        ...body(200, 'e'),
        '    0',
        '}',
      ].join('\n'),
      'src/compiler.rs': [
        'pub struct Compiler;',
        'impl Compiler {',
        '    pub fn compile(src: &str) -> Result<Unit, Error> {',
        '        let ast = Parser::parse(src)?;',
        '        let unit = Analyzer::analyze(ast)?;',
        '        Ok(unit)',
        '    }',
        '}',
      ].join('\n'),
      'src/parser.rs': [
        'pub struct Parser;',
        'impl Parser {',
        '    pub fn parse(src: &str) -> Result<Ast, Error> {',
        ...body(40),
        '        Ok(ast)',
        '    }',
        '}',
      ].join('\n'),
      'src/analyzer.rs': [
        'pub struct Analyzer;',
        'impl Analyzer {',
        '    pub fn analyze(src: Ast) -> Result<Unit, Error> {',
        ...body(40),
        '        Ok(unit)',
        '    }',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Rust', {
      kind: 'cli',
      productPaths: ['src'],
      entryPoints: [{ path: 'src/main.rs', line: 1, how: 'bin' }],
    });
    expect(labels(steps)).toEqual(['main', 'compile', 'Compiler.compile', 'execute']);
    expect(steps[2]).toMatchObject({ stages: ['Parser.parse', 'Analyzer.analyze'], from: 1 });
  });

  it('tells a short stage by the stages it runs in turn, and names the type the last one builds', () => {
    const body = (n: number, v = 'x') =>
      Array.from({ length: n }, (_, i) => `        let ${v}${i} = src.len();`);
    const contents = {
      'src/main.rs': [
        'fn main() {',
        '    let unit = compile(&read())?;',
        '    let code = execute(unit);',
        '    std::process::exit(code);',
        '}',
        'fn compile(src: &str) -> Result<Unit, Error> {',
        '    let unit = Compiler::compile(src)?;',
        '    unit.check()?;',
        '    Ok(unit)',
        '}',
        'fn execute(unit: Unit) -> i32 {',
        ...body(200, 'e'),
        '    0',
        '}',
      ].join('\n'),
      'src/compiler.rs': [
        'pub struct Compiler;',
        'impl Compiler {',
        "    pub fn compile<'src>(src: &'src str) -> Result<Unit<'src>, Error> {",
        '        let ast = Parser::parse_source(src)?;',
        '        let unit = Analyzer::analyze(',
        "            &ast, // (a comment with a ')')",
        '        )?;',
        '        Ok(unit)',
        '    }',
        '}',
      ].join('\n'),
      'src/lexer.rs': [
        'pub struct Lexer;',
        'impl Lexer {',
        '    pub fn lex(src: &str) -> Vec<Token> {',
        ...body(40),
        '        tokens',
        '    }',
        '}',
      ].join('\n'),
      'src/parser.rs': [
        'pub struct Parser;',
        'impl Parser {',
        "    pub fn parse_source(src: &str) -> CompileResult<'_, Ast> {",
        '        let tokens = Lexer::lex(src);',
        '        Parser::parse(',
        '            &tokens,',
        '        )',
        '    }',
        "    fn parse(tokens: &[Token]) -> CompileResult<'_, Ast> {",
        ...body(40),
        '        Ok(ast)',
        '    }',
        '}',
      ].join('\n'),
      'src/analyzer.rs': [
        'pub struct Analyzer;',
        'impl Analyzer {',
        "    pub fn analyze<'src>(",
        "        ast: &HashMap<(Path, Name), Ast<'src>>,",
        "    ) -> CompileResult<'src, Unit<'src>> {",
        ...body(40),
        '        Ok(unit)',
        '    }',
        '}',
        "pub type CompileResult<'a, T> = Result<T, Error>;",
        "pub struct Unit<'src> { name: &'src str }",
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Rust', {
      kind: 'cli',
      productPaths: ['src'],
      entryPoints: [{ path: 'src/main.rs', line: 1, how: 'bin' }],
    });
    const compile = steps.find((s) => s.owner === 'Compiler');
    // `parse_source` only lexes, then parses: the pipeline is told by those two stages
    expect(compile).toMatchObject({
      stages: ['Lexer.lex', 'Parser.parse', 'Analyzer.analyze'],
      builds: 'Unit',
    });
  });

  it('follows a method called on `Self::default()` to the type of the method it is called in', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `        let x${i} = ast.len();`);
    const contents = {
      'src/main.rs': [
        'fn main() {',
        '    let unit = Compiler::compile(&read())?;',
        '    run(unit);',
        '}',
      ].join('\n'),
      'src/compiler.rs': [
        'pub struct Compiler;',
        'impl Compiler {',
        '    pub fn compile(src: &str) -> Result<Unit, Error> {',
        '        let ast = Parser::parse(src)?;',
        '        let unit = Analyzer::analyze(ast)?;',
        '        Ok(unit)',
        '    }',
        '}',
      ].join('\n'),
      'src/parser.rs': [
        'pub struct Parser;',
        'impl Parser {',
        '    pub fn parse(src: &str) -> Result<Ast, Error> {',
        ...body(40),
        '        Ok(ast)',
        '    }',
        '}',
      ].join('\n'),
      'src/analyzer.rs': [
        '#[derive(Default)]',
        "pub struct Analyzer<'src> {",
        "    seen: Vec<&'src str>,",
        '}',
        "impl<'src> Analyzer<'src> {",
        '    pub fn analyze(ast: Ast) -> Result<Unit, Error> {',
        '        Self::default().unit(ast)',
        '    }',
        '    fn unit(mut self, ast: Ast) -> Result<Unit, Error> {',
        ...body(40),
        '        Ok(unit)',
        '    }',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Rust', {
      kind: 'cli',
      productPaths: ['src'],
      entryPoints: [{ path: 'src/main.rs', line: 1, how: 'bin' }],
    });
    expect(steps.find((s) => s.name === 'unit')).toMatchObject({
      owner: 'Analyzer',
      note: 'called by Analyzer.analyze at src/analyzer.rs:7',
    });
  });

  it('names the calls that make what the continuation is handed, even in a closure of a chain', () => {
    const body = (n: number, v: string) => Array.from({ length: n }, (_, i) => `    let ${v}${i} = a.len();`);
    const contents = {
      'src/main.rs': [
        'fn main() {',
        '    let code = run(&args);',
        '    std::process::exit(code);',
        '}',
        'fn run(a: &Args) -> i32 {',
        '    let paths = search_paths(a);',
        '    let config = make_config(a);',
        '    let extra = make_extra(a);',
        '    let regexps = a',
        '        .patterns',
        '        .iter()',
        '        .map(|p| build_regex(p, &config))',
        '        .collect();',
        '    log_it(extra);',
        '    scan(&paths, regexps, config)',
        '}',
        'fn search_paths(a: &Args) -> Vec<Path> {',
        ...body(30, 's'),
        '    out',
        '}',
        'fn make_config(a: &Args) -> Config {',
        ...body(40, 'c'),
        '    out',
        '}',
        'fn make_extra(a: &Args) -> Extra {',
        ...body(50, 'x'),
        '    out',
        '}',
        'fn log_it(a: Extra) {',
        ...body(5, 'l'),
        '}',
        'fn build_regex(a: &str, c: &Config) -> Regex {',
        ...body(4, 'b'),
        '    out',
        '}',
        'fn scan(paths: &[Path], r: Vec<Regex>, a: Config) -> i32 {',
        ...body(200, 'w'),
        '    0',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Rust', {
      kind: 'cli',
      productPaths: ['src'],
      entryPoints: [{ path: 'src/main.rs', line: 1, how: 'bin' }],
    });
    expect(labels(steps)).toContain('build_regex');
    expect(labels(steps)).toContain('scan');
  });

  it('names the parser a derive macro writes for a command-line type, at its attribute', () => {
    const contents = {
      'src/cli.rs': [
        'use clap::{Parser, ValueEnum};',
        '',
        '#[derive(Debug, Parser)]',
        '#[command(',
        '    name = "tool",',
        ')]',
        'pub struct Opts {',
        '    pub pattern: String,',
        '}',
        '',
        'pub struct Plain {',
        '    x: u8,',
        '}',
      ].join('\n'),
      'src/main.rs': [
        'fn main() {',
        '    let opts = Opts::parse();',
        '    let plain = Plain::parse();',
        '    let code = search(&opts);',
        '    std::process::exit(code);',
        '}',
        'fn search(opts: &Opts) -> i32 {',
        ...Array.from({ length: 8 }, (_, i) => `    let v${i} = opts.pattern.len();`),
        '    0',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Rust', {
      kind: 'cli',
      productPaths: ['src'],
      entryPoints: [{ path: 'src/main.rs', line: 1, how: 'bin' }],
    });
    expect(labels(steps)).toEqual(['main', 'Opts.parse', 'search']);
    expect(steps[1]).toMatchObject({ path: 'src/cli.rs', line: 3, derived: 'Parser of clap' });
  });

  it('marks a call a counter test guards as running every Nth time', () => {
    const py = [
      'def ping(self):',
      '    self.n += 1',
      '    if self.n % 100 == 0:',
      '        self.prune()',
      '    self.save()',
    ];
    expect(everyNth(py, 1, 4)).toBe(100);
    expect(everyNth(py, 1, 5)).toBeUndefined();
    const ts = [
      'function f() {',
      '  if (n % 7 === 0) {',
      '    if (ready) {',
      '      g();',
      '    }',
      '  }',
      '  h();',
      '}',
    ];
    expect(everyNth(ts, 1, 4)).toBe(7);
    expect(everyNth(ts, 1, 7)).toBeUndefined();
    expect(everyNth(['def f(x):', '    if x % 2 == 1:', '        g()'], 1, 3)).toBeUndefined();
  });

  it('an application: the handler most routes lead to, after the URL conf that routes to it', () => {
    const contents = {
      'hc/urls.py': [
        'from hc.api import views',
        '',
        'urlpatterns = [',
        '    path("ping/<uuid:code>/", views.ping),',
        '    path("ping/<uuid:code>/fail", views.ping, {"action": "fail"}),',
        '    path("checks/", views.checks),',
        ']',
      ].join('\n'),
      'hc/api/views.py': [
        'from hc.api.models import Check',
        '',
        'def ping(request, code, action="success"):',
        '    check = Check.objects.get(code=code)',
        '    seen = {}',
        '    seen.setdefault("a", 1)',
        '    check.ping(request.body, action)',
        '    return HttpResponse("OK")',
        '',
        'def checks(request):',
        '    q = Check.objects.filter(user=request.user)',
        '    return JsonResponse([c.to_dict() for c in q])',
      ].join('\n'),
      'hc/api/models.py': [
        'from django.db import models, transaction',
        '',
        'class Check(models.Model):',
        '    def ping(self, body, action):',
        '        with transaction.atomic():',
        '            flip = self.create_flip(action)',
        '            self.save()',
        '        return flip',
        '',
        '    def create_flip(self, action):',
        '        flip = Flip(owner=self)',
        '        flip.new_status = action',
        '        return flip',
        '',
        'class Cache:',
        '    def setdefault(self, key, value):',
        '        self.data = {}',
        '        self.data[key] = value',
        '        return value',
        '',
        '    def save(self):',
        '        self.data = {}',
        '        self.flushed = True',
        '        return True',
      ].join('\n'),
    };
    const route = (path: string, handler: string, line: number): Route => ({
      method: 'ANY',
      path,
      framework: 'Django',
      file: 'hc/urls.py',
      line,
      handler,
      area: 'product',
    });
    const steps = mainPath(
      contents,
      'Python',
      { kind: 'application', productPaths: ['hc'] },
      [
        route('/ping/<uuid:code>/', 'views.ping', 4),
        route('/ping/<uuid:code>/fail', 'views.ping', 5),
        route('/checks/', 'views.checks', 6),
      ],
      ['django'],
    );
    expect(labels(steps).slice(0, 4)).toEqual(['urlpatterns', 'ping', 'Check.ping', 'Check.create_flip']);
    expect(steps[1]!.note).toBe('handles 2 routes, e.g. ANY /ping/<uuid:code>/');
    // the transaction the work runs in is handed nothing: no step of its own
    expect(steps.some((s) => s.external)).toBe(false);
    // a dictionary's setdefault and the model's inherited save are nobody's methods in the product
    expect(labels(steps)).not.toContain('Cache.setdefault');
    expect(labels(steps)).not.toContain('Cache.save');
  });

  it('a handler that calls no product code (a 410 page for removed URLs) is not where the work enters', () => {
    const contents = {
      'legacy/__init__.py': '',
      'docs/__init__.py': '',
      'legacy/urls.py': [
        'from django.urls import path',
        'from legacy import views',
        'urlpatterns = [',
        '    path("comments/", views.gone),',
        '    path("rss/comments/", views.gone),',
        '    path("documentation", views.gone),',
        ']',
      ].join('\n'),
      'legacy/views.py': [
        'from django.shortcuts import render',
        '',
        'def gone(request, *args, **kwargs):',
        '    return render(request, "410.html", status=410)',
      ].join('\n'),
      'docs/urls.py': [
        'from docs import views',
        '',
        'urlpatterns = [',
        '    path("<lang>/", views.document),',
        ']',
      ].join('\n'),
      'docs/views.py': [
        'from docs.models import Document',
        '',
        'def document(request, lang):',
        '    doc = Document.find(lang)',
        '    return render(request, "doc.html", {"doc": doc})',
      ].join('\n'),
      'docs/models.py': [
        'class Document:',
        '    @classmethod',
        '    def find(cls, lang):',
        '        rows = cls.load(lang)',
        '        first = rows[0]',
        '        return first',
      ].join('\n'),
    };
    const route = (file: string, path: string, handler: string, line: number): Route => ({
      method: 'ANY',
      path,
      framework: 'Django',
      file,
      line,
      handler,
      area: 'product',
    });
    const steps = mainPath(
      contents,
      'Python',
      { kind: 'application', productPaths: ['legacy', 'docs'] },
      [
        route('legacy/urls.py', '/comments/', 'views.gone', 4),
        route('legacy/urls.py', '/rss/comments/', 'views.gone', 5),
        route('legacy/urls.py', '/documentation', 'views.gone', 6),
        route('docs/urls.py', '/<lang>/', 'views.document', 4),
      ],
      ['django'],
    );
    expect(labels(steps).slice(0, 3)).toEqual(['urlpatterns', 'document', 'Document.find']);
  });

  it('the entry route is the handler with the most route declarations, however many methods each answers', () => {
    const contents = {
      'app/urls.py': [
        'from app import views',
        '',
        'urlpatterns = [',
        '    path("ping/<uuid:code>/", views.ping),',
        '    path("ping/<uuid:code>/fail", views.ping),',
        '    path("ping/<uuid:code>/start", views.ping),',
        '    path("api/v1/checks/", views.checks),',
        '    path("api/v2/checks/", views.checks),',
        ']',
      ].join('\n'),
      'app/views.py': [
        'from app.models import Check',
        '',
        'def ping(request, code):',
        '    check = Check.objects.get(code=code)',
        '    check.ping(request.body)',
        '    return HttpResponse("OK")',
        '',
        'def checks(request):',
        '    q = Check.objects.filter(user=request.user)',
        '    return JsonResponse([c.to_dict() for c in q])',
      ].join('\n'),
      'app/models.py': [
        'class Check(models.Model):',
        '    def ping(self, body):',
        '        self.last_body = body',
        '        self.save()',
      ].join('\n'),
    };
    const route = (method: string, path: string, handler: string, line: number): Route => ({
      method,
      path,
      framework: 'Django',
      file: 'app/urls.py',
      line,
      handler,
      area: 'product',
    });
    // the API view answers GET and POST at each of its two declarations: four routes, two declarations
    const steps = mainPath(
      contents,
      'Python',
      { kind: 'application', productPaths: ['app'] },
      [
        route('ANY', '/ping/<uuid:code>/', 'views.ping', 4),
        route('ANY', '/ping/<uuid:code>/fail', 'views.ping', 5),
        route('ANY', '/ping/<uuid:code>/start', 'views.ping', 6),
        route('GET', '/api/v1/checks/', 'views.checks', 7),
        route('POST', '/api/v1/checks/', 'views.checks', 7),
        route('GET', '/api/v2/checks/', 'views.checks', 8),
        route('POST', '/api/v2/checks/', 'views.checks', 8),
      ],
      ['django'],
    );
    expect(labels(steps).slice(0, 3)).toEqual(['urlpatterns', 'ping', 'Check.ping']);
    expect(steps[1]!.note).toBe('handles 3 routes, e.g. ANY /ping/<uuid:code>/');
  });

  it('a library: the outermost public function, not the wrappers it calls', () => {
    const contents = {
      'src/lib/api.py': [
        'from . import sessions',
        '',
        'def request(method, url):',
        '    with sessions.Session() as session:',
        '        return session.request(method, url)',
        '',
        'def get(url):',
        '    return request("get", url)',
      ].join('\n'),
      'src/lib/sessions.py': [
        'class Session:',
        '    def request(self, method, url):',
        '        prep = self.prepare(method, url)',
        '        resp = self.send(prep)',
        '        return resp',
        '',
        '    def prepare(self, method, url):',
        '        p = (method, url)',
        '        q = p',
        '        return q',
        '',
        '    def send(self, prep):',
        '        adapter = self.adapter_for(prep)',
        '        r = adapter.send(prep)',
        '        return r',
        '',
        '    def adapter_for(self, prep) -> "BaseAdapter":',
        '        a = HTTPAdapter()',
        '        b = a',
        '        return b',
        '',
        'class BaseAdapter:',
        '    def send(self, prep):',
        '        raise NotImplementedError',
        '',
        'class HTTPAdapter(BaseAdapter):',
        '    def send(self, prep):',
        '        conn = self.pool.get()',
        '        resp = conn.urlopen(prep)',
        '        return resp',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      productPaths: ['src/lib'],
      publicApi: [
        { name: 'request', kind: 'function', path: 'src/lib/api.py', line: 3 },
        { name: 'get', kind: 'function', path: 'src/lib/api.py', line: 7 },
        { name: 'Session', kind: 'class', path: 'src/lib/sessions.py', line: 1 },
      ],
    });
    expect(labels(steps).slice(0, 4)).toEqual(['get', 'request', 'Session.request', 'Session.prepare']);
    expect(labels(steps)).toContain('Session.send');
  });

  it('a loop that returns its outcome early repeats past that return: the calls after it are no steps', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `        v${i} = request`);
    const contents = {
      'src/lib/client.py': [
        'class Client:',
        '    def send(self, request):',
        '        while True:',
        '            response = self.send_single(request)',
        '            if not response.has_redirect_location:',
        '                return response',
        '            request = self.build_redirect(request, response)',
        '            self.drain(response)',
        '',
        '    def send_single(self, request):',
        ...body(6),
        '        return request',
        '',
        '    def build_redirect(self, request, response):',
        ...body(12),
        '        return request',
        '',
        '    def drain(self, response):',
        ...body(30),
        '        return response',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      productPaths: ['src/lib'],
      publicApi: [{ name: 'Client', kind: 'class', path: 'src/lib/client.py', line: 1 }],
    });
    expect(labels(steps)).toEqual(['Client.send', 'Client.send_single']);
  });

  it('a block of a loop that ends by going round again is the repeat case, not a step', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `    v${i} = config`);
    const contents = {
      'src/tool/runner.py': [
        'def run(config):',
        '    while True:',
        '        result = execute(config)',
        '        if result.failed and config.fallback:',
        '            config = search_parent(config)',
        '            continue',
        '        return result',
        '',
        'def execute(config):',
        ...body(8),
        '    return config',
        '',
        'def search_parent(config):',
        ...body(30),
        '    return config',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      productPaths: ['src/tool'],
      publicApi: [{ name: 'run', kind: 'function', path: 'src/tool/runner.py', line: 1 }],
    });
    expect(labels(steps)).toEqual(['run', 'execute']);
  });

  it('a loop whose early return is an error or a missing value goes on with the work below it', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `        v${i} = item`);
    const contents = {
      'src/lib/batch.py': [
        'def run_all(items):',
        '    for item in items:',
        '        err = check(item)',
        '        if err:',
        '            return err',
        '        found = lookup(item)',
        '        if found is None:',
        '            return found',
        '        process(item, found)',
        '',
        'def check(item):',
        ...body(4),
        '    return item',
        '',
        'def lookup(item):',
        ...body(4),
        '    return item',
        '',
        'def process(item, found):',
        ...body(30),
        '    return item',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      productPaths: ['src/lib'],
      publicApi: [{ name: 'run_all', kind: 'function', path: 'src/lib/batch.py', line: 1 }],
    });
    expect(labels(steps)).toContain('process');
  });

  it('a call on what a method returns resolves through its declared type to the implementation the product makes', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `        v${i} = request`);
    const contents = {
      'src/lib/client.py': [
        'from .transports import BaseTransport, HTTPTransport',
        '',
        'class Client:',
        '    def __init__(self):',
        '        self._transport = self._init_transport()',
        '',
        '    def _init_transport(self) -> BaseTransport:',
        '        return HTTPTransport(retries=0)',
        '',
        '    def _transport_for_url(self, url) -> BaseTransport:',
        '        """Returns the transport for a URL."""',
        '        return self._transport',
        '',
        '    def send(self, request):',
        '        transport = self._transport_for_url(request.url)',
        '        response = transport.handle_request(request)',
        '        return response',
      ].join('\n'),
      'src/lib/transports.py': [
        'class BaseTransport:',
        '    def handle_request(self, request):',
        '        """',
        '        Send a single request.',
        '        """',
        '        raise NotImplementedError(',
        '            "The method must be implemented."',
        '        )',
        '',
        'class HTTPTransport(BaseTransport):',
        '    def handle_request(self, request):',
        ...body(20),
        '        return request',
        '',
        'class MockTransport(BaseTransport):',
        '    def handle_request(self, request):',
        ...body(30),
        '        return request',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      productPaths: ['src/lib'],
      publicApi: [{ name: 'Client', kind: 'class', path: 'src/lib/client.py', line: 3 }],
    });
    expect(labels(steps)).toContain('HTTPTransport.handle_request');
    expect(labels(steps)).not.toContain('MockTransport.handle_request');
  });

  it("a Rust run: entered though it says it returns Err, through the default arm's site to the call its preparation feeds", () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `    let v${i} = inputs.len();`);
    const contents = {
      'src/main.rs': [
        '/// Returns `Err(..)` upon fatal errors. Otherwise, returns `Ok(true)` on full success.',
        'fn run() -> Result<bool> {',
        '    let app = App::new()?;',
        '    match app.subcommand() {',
        '        Some(("cache", m)) => {',
        '            let inputs = vec![];',
        '            let config = app.config(&inputs)?;',
        '            run_controller(inputs, &config)',
        '        }',
        '        _ => {',
        '            let inputs = app.inputs()?;',
        '            let config = app.config(&inputs)?;',
        '            if app.flag("list") {',
        '                list_themes(&config)?;',
        '                Ok(true)',
        '            } else {',
        '                run_controller(inputs, &config)',
        '            }',
        '        }',
        '    }',
        '}',
        '',
        'fn main() {',
        '    let result = run();',
        '    report(result);',
        '}',
        '',
        'fn run_controller(inputs: Vec<Input>, config: &Config) -> Result<bool> {',
        '    let controller = Controller::new(config);',
        '    controller.run_with_error_handler(inputs)',
        '}',
        '',
        'fn list_themes(config: &Config) -> Result<()> {',
        ...body(4),
        '    Ok(())',
        '}',
        '',
        'fn report(result: Result<bool>) {',
        '    let a = 1;',
        '    let b = 2;',
        '}',
      ].join('\n'),
      'src/app.rs': [
        'pub struct App {}',
        'impl App {',
        '    pub fn new() -> Result<Self> {',
        '        let a = 1;',
        '        Ok(App {})',
        '    }',
        '    pub fn subcommand(&self) -> Option<(&str, u8)> {',
        '        let a = 1;',
        '        None',
        '    }',
        '    pub fn flag(&self, name: &str) -> bool {',
        '        let a = 1;',
        '        false',
        '    }',
        '    pub fn inputs(&self) -> Result<Vec<Input>> {',
        '        let a = 1;',
        '        let b = 2;',
        '        Ok(vec![])',
        '    }',
        '    pub fn config(&self, inputs: &[Input]) -> Result<Config> {',
        ...body(60),
        '        Ok(Config {})',
        '    }',
        '}',
      ].join('\n'),
      'src/controller.rs': [
        'pub struct Controller {}',
        'impl Controller {',
        '    pub fn new(config: &Config) -> Self {',
        '        let a = 1;',
        '        Controller {}',
        '    }',
        '    pub fn run_with_error_handler(&self, inputs: Vec<Input>) -> Result<bool> {',
        '        for input in inputs {',
        '            self.print_input(input)?;',
        '        }',
        '        Ok(true)',
        '    }',
        '    fn print_input(&self, input: Input) -> Result<()> {',
        ...body(20),
        '        Ok(())',
        '    }',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Rust', {
      kind: 'cli',
      productPaths: ['src'],
      entryPoints: [{ path: 'src/main.rs', line: 23, how: 'binary "tool" (fn main)' }],
    });
    const names = labels(steps);
    expect(names.slice(0, 2)).toEqual(['main', 'run']);
    // the run goes on into the controller, not into the configuration it is handed
    expect(names).toEqual(
      expect.arrayContaining([
        'run_controller',
        'Controller.run_with_error_handler',
        'Controller.print_input',
      ]),
    );
    const config = steps.find((s) => s.name === 'config');
    expect(config?.note).toBe('called by run at src/main.rs:12');
    expect(steps.find((s) => s.name === 'run_controller')?.note).toBe('called by run at src/main.rs:17');
    expect(steps.filter((s) => s.from === steps.indexOf(config!))).toEqual([]);
  });

  it('the success path: no failure handler, one arm of a choice, the work before a loop back', () => {
    const contents = {
      'cmd.go': [
        'package cmd',
        '',
        'type Command struct {',
        '\tRun func(cmd *Command, args []string)',
        '\tTraverseChildren bool',
        '}',
        '',
        'func (c *Command) Execute(args []string) error {',
        '\tif c.TraverseChildren {',
        '\t\tcmd, err := c.Traverse(args)',
        '\t} else {',
        '\t\tcmd, err := c.Find(args)',
        '\t}',
        '\tif err != nil {',
        '\t\treturn c.failed(err)',
        '\t}',
        '\terr = c.execute(args)',
        '\treturn err',
        '}',
        '',
        'func (c *Command) Traverse(args []string) (*Command, error) {',
        '\tx := args[0]',
        '\ty := x',
        '\treturn c, nil',
        '}',
        '',
        'func (c *Command) Find(args []string) (*Command, error) {',
        '\tx := args[0]',
        '\ty := x',
        '\treturn c, nil',
        '}',
        '',
        'func (c *Command) failed(err error) error {',
        '\tx := err',
        '\ty := x',
        '\treturn y',
        '}',
        '',
        'func (c *Command) execute(args []string) error {',
        '\tflags := c.parse(args)',
        '\tif c.NotFoundHandler != nil {',
        '\t\tc.NotFoundHandler(flags)',
        '\t}',
        '\tc.Run(c, flags)',
        '\treturn nil',
        '}',
        '',
        'func (c *Command) parse(args []string) []string {',
        '\tx := args',
        '\ty := x',
        '\treturn y',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Go', {
      kind: 'library',
      productPaths: ['cmd.go'],
      publicApi: [{ name: 'Command', kind: 'type', path: 'cmd.go', line: 3 }],
    });
    const names = labels(steps);
    // `if traverse {Traverse} else {Find}`: only the default arm runs
    expect(names).toContain('Command.Find');
    expect(names).not.toContain('Command.Traverse');
    // a call made once the work has failed is not a step
    expect(names).not.toContain('Command.failed');
    // the work handed to the user's code through a hook field of the type
    expect(steps.find((s) => s.name === 'Run')).toMatchObject({ path: 'cmd.go', line: 44 });
  });

  it('calls deep in different arms of one choice are alternatives: the default arm is the path', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `    v${i} = x`);
    const contents = {
      'src/app/walk.py': [
        'def receive(config, x):',
        '    if config.command:',
        '        if config.batch:',
        '            return batch(x)',
        '        else:',
        '            for i in range(3):',
        '                h = job(x)',
        '    else:',
        '        return buffer(x)',
        '',
        'def batch(x):',
        ...body(6),
        '',
        'def job(x):',
        ...body(6),
        '',
        'def buffer(x):',
        ...body(20),
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      productPaths: ['src/app'],
      publicApi: [{ name: 'receive', kind: 'function', path: 'src/app/walk.py', line: 1 }],
    });
    expect(labels(steps)).toEqual(['receive', 'buffer']);
  });

  it("a function handed in is the caller's, whatever a product method of that name", () => {
    const contents = {
      'lib/application.js': [
        'class Application {',
        '  handleRequest (ctx, fnMiddleware) {',
        '    const res = ctx.res',
        '    return fnMiddleware(ctx).then(() => respond(ctx))',
        '  }',
        '',
        '  fnMiddleware (ctx) {',
        '    const a = ctx',
        '    const b = a',
        '    return b',
        '  }',
        '}',
        '',
        'function respond (ctx) {',
        '  const body = ctx.body',
        '  if (body === null) {',
        '    strip(ctx)',
        '  }',
        '  return body',
        '}',
        '',
        'function strip (ctx) {',
        '  const a = ctx.headers',
        '  const b = a',
        '  delete b.type',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'JavaScript', {
      kind: 'library',
      productPaths: ['lib'],
      publicApi: [{ name: 'Application', kind: 'class', path: 'lib/application.js', line: 1 }],
    });
    const step = steps.find((s) => s.name === 'fnMiddleware');
    expect(step).toMatchObject({
      line: 4,
      note: 'called by Application.handleRequest',
      handedIn: 'parameter',
    });
    expect(step?.owner).toBeUndefined();
    // a call made for its effect in one branch of `respond` is a detail of that branch
    expect(labels(steps)).toContain('respond');
    expect(labels(steps)).not.toContain('strip');
  });

  it('a call that provides a value is named, and the path stays with the caller that uses it', () => {
    const contents = {
      'src/lib/adapters.py': [
        'class Adapter:',
        '    def send(self, request):',
        '        conn = self.get_connection(request)',
        '        resp = conn.urlopen(request)',
        '        return self.build_response(resp)',
        '',
        '    def get_connection(self, request):',
        '        """Returns a connection for the given request."""',
        '        key = self.pool_key(request)',
        // long enough to be a step of its own rather than an accessor
        ...Array.from({ length: 40 }, (_, i) => `        key${i} = key`),
        '        return key',
        '',
        '    def pool_key(self, request):',
        '        a = request',
        '        b = a',
        '        c = b',
        '        return c',
        '',
        '    def build_response(self, resp):',
        '        r = resp',
        '        s = r',
        '        return s',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      productPaths: ['src/lib'],
      publicApi: [{ name: 'Adapter', kind: 'class', path: 'src/lib/adapters.py', line: 1 }],
    });
    expect(labels(steps)).toEqual(['Adapter.send', 'Adapter.get_connection', 'Adapter.build_response']);
  });

  it('a check is named, not entered, even when it walks the flags with a closure', () => {
    const doc = (s: string) => `        """${s}"""`;
    const filler = (v: string, from: string) =>
      Array.from({ length: 45 }, (_, i) => `        ${v}${i} = ${from}`);
    const contents = {
      'src/lib/runner.py': [
        'class Runner:',
        '    def run(self, args):',
        '        opts = self.parse(args)',
        '        err = self.validate_groups(opts)',
        '        return self.execute(opts)',
        '',
        '    def parse(self, args):',
        doc('Parses the arguments into options.'),
        ...filler('a', 'args'),
        '        return a0',
        '',
        '    def validate_groups(self, opts):',
        doc('Validates the flag groups and returns the first error.'),
        '        visit(opts, lambda f: self.check_one(f))',
        ...filler('b', 'opts'),
        '        return self.check_one(opts)',
        '',
        '    def check_one(self, f):',
        ...filler('c', 'f'),
        '        return c0',
        '',
        '    def execute(self, opts):',
        ...filler('d', 'opts'),
        '        return d0',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      productPaths: ['src/lib'],
      publicApi: [{ name: 'Runner', kind: 'class', path: 'src/lib/runner.py', line: 1 }],
    });
    const said = labels(steps);
    expect(said).toContain('Runner.validate_groups');
    expect(said).not.toContain('Runner.check_one');
    expect(said.at(-1)).toBe('Runner.execute');
  });

  it("a parameter typed with a library's class hands its calls to that library", () => {
    const contents = {
      'src/lib/store.py': [
        'from sqlmodel import Session',
        '',
        'class Store:',
        '    def save(self, session: Session, row):',
        '        checked = self.check(row)',
        '        session.add(checked)',
        '        session.commit()',
        '        return checked',
        '',
        '    def check(self, row):',
        ...Array.from({ length: 12 }, (_, i) => `        part${i} = row[${i}]`),
        '        return row',
      ].join('\n'),
    };
    const steps = mainPath(
      contents,
      'Python',
      {
        kind: 'library',
        productPaths: ['src/lib'],
        publicApi: [{ name: 'Store', kind: 'class', path: 'src/lib/store.py', line: 3 }],
      },
      [],
      ['sqlmodel'],
    );
    expect(steps.filter((s) => s.external)).toEqual([
      expect.objectContaining({ name: 'add', external: 'sqlmodel', line: 6 }),
    ]);
  });

  it('goes on through the work every call does, not what a setting adds in a branch, down to the library that stores it', () => {
    const contents = {
      'app/accounts.py': [
        'from app.store import store_user',
        'from app.mail import make_email',
        'from app.config import settings',
        '',
        'def register(session, user_in):',
        '    user = store_user(session=session, user_in=user_in)',
        '    if settings.emails_enabled:',
        '        email = make_email(user_in)',
        '        print(email)',
        '    return user',
      ].join('\n'),
      'app/store.py': [
        'from sqlmodel import Session',
        '',
        'def store_user(*, session: Session, user_in):',
        '    row = dict(',
        '        user_in, hashed=True',
        '    )',
        '    session.add(row)',
        '    session.commit()',
        '    return row',
      ].join('\n'),
      'app/mail.py': [
        'def make_email(user_in):',
        '    return render(user_in)',
        '',
        'def render(user_in):',
        ...Array.from({ length: 30 }, (_, i) => `    part${i} = user_in[${i}]`),
        '    return part0',
      ].join('\n'),
      'app/config.py': 'class Settings:\n    emails_enabled = False\n\nsettings = Settings()\n',
    };
    const steps = mainPath(
      contents,
      'Python',
      {
        kind: 'library',
        productPaths: ['app'],
        publicApi: [{ name: 'register', kind: 'function', path: 'app/accounts.py', line: 5 }],
      },
      [],
      ['sqlmodel'],
    );
    expect(labels(steps)).toContain('store_user');
    expect(labels(steps)).not.toContain('render');
    // the row handed on is made from the input, over several lines
    expect(steps.filter((s) => s.external)).toEqual([
      expect.objectContaining({ name: 'add', external: 'sqlmodel', line: 7 }),
    ]);
  });

  it('the work goes to a library through the connection a product method says it returns, not the timeout it builds', () => {
    const adapter = (signature: string, doc: string) => ({
      'src/lib/adapters.py': [
        'from urllib3.util import Timeout as TimeoutSauce',
        'from urllib3.connectionpool import HTTPConnectionPool',
        '',
        'class HTTPAdapter:',
        '    def send(self, request, stream=False, timeout=None):',
        '        conn = self.get_connection(request)',
        '        url = self.request_url(request)',
        '        resolved = TimeoutSauce(connect=timeout, read=timeout)',
        '        resp = conn.urlopen(',
        '            method=request.method,',
        '            url=url,',
        '            timeout=resolved,',
        '        )',
        '        return self.build_response(request, resp)',
        '',
        `    def get_connection(self, request)${signature}:`,
        doc,
        '        pool = self.pools[request.url]',
        '        found = pool',
        '        return found',
        '',
        '    def request_url(self, request):',
        '        path = request.path_url',
        '        full = path',
        '        return full',
        '',
        '    def build_response(self, req, resp):',
        '        response = Response()',
        '        response.raw = resp',
        '        return response',
      ].join('\n'),
    });
    const run = (contents: Record<string, string>) =>
      mainPath(
        contents,
        'Python',
        {
          kind: 'library',
          productPaths: ['src/lib'],
          publicApi: [{ name: 'HTTPAdapter', kind: 'class', path: 'src/lib/adapters.py', line: 4 }],
        },
        [],
        ['urllib3'],
      ).filter((s) => s.external);
    // the author's word: "Returns a urllib3 connection"
    expect(run(adapter('', '        """Returns a urllib3 connection for the given request."""'))).toEqual([
      expect.objectContaining({ name: 'urlopen', external: 'urllib3', line: 9 }),
    ]);
    // the declared return type, imported from the library
    expect(run(adapter(' -> HTTPConnectionPool', '        pass'))).toEqual([
      expect.objectContaining({ name: 'urlopen', external: 'urllib3.connectionpool' }),
    ]);
    // nothing says what the connection is: the timeout value is still not the hand-over
    expect(run(adapter('', '        pass'))).toEqual([]);
  });

  it('set-up beside the work is no hand-over: a signal handler, terminal colours, the clock, an event hook', () => {
    const rust = {
      'src/main.rs': [
        'fn main() {',
        '    nu_ansi_term::enable_ansi_support().ok();',
        '    let code = scan(&paths);',
        '    std::process::exit(code);',
        '}',
        '',
        'fn scan(paths: &[PathBuf]) -> i32 {',
        '    ctrlc::set_handler(move || {',
        '        quit.store(true);',
        '    })',
        '    .unwrap();',
        '    let stamp = chrono::Local::now();',
        '    let walker = ignore::WalkBuilder::new(&paths[0]);',
        '    let first = &paths[0];',
        '    walk(first, stamp)',
        '}',
        '',
        'fn walk(first: &Path, stamp: Stamp) -> i32 {',
        '    let a = 1;',
        '    let b = a;',
        '    b',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(
      rust,
      'Rust',
      { kind: 'cli', productPaths: ['src'], entryPoints: [{ path: 'src/main.rs', line: 1, how: 'bin' }] },
      [],
      ['nu_ansi_term', 'ctrlc', 'chrono', 'ignore'],
    );
    // the walker is handed the paths the step was given
    expect(steps.filter((s) => s.external)).toEqual([
      expect.objectContaining({ name: 'WalkBuilder', external: 'ignore', line: 13 }),
    ]);

    const js = {
      'lib/application.js': [
        "const compose = require('koa-compose')",
        "const onFinished = require('on-finished')",
        "const debug = require('debug')('koa')",
        'module.exports = class Application {',
        '  callback () {',
        '    const fn = compose(this.middleware)',
        '    const handleRequest = (req, res) => {',
        '      const ctx = this.createContext(req, res)',
        '      return this.handleRequest(ctx, fn)',
        '    }',
        '    return handleRequest',
        '  }',
        '  handleRequest (ctx, fnMiddleware) {',
        '    const res = ctx.res',
        '    onFinished(res, ctx.onerror)',
        '    debug(ctx)',
        '    return fnMiddleware(ctx).then(() => respond(ctx))',
        '  }',
        '  createContext (req, res) {',
        '    const context = Object.create(this.context)',
        '    context.req = req',
        '    return context',
        '  }',
        '}',
      ].join('\n'),
    };
    const koa = mainPath(
      js,
      'JavaScript',
      {
        kind: 'framework',
        productPaths: ['lib'],
        publicApi: [{ name: 'Application', kind: 'class', path: 'lib/application.js', line: 4 }],
      },
      [],
      ['koa-compose', 'on-finished', 'debug'],
    );
    // the composed middleware goes into the handler the step returns; the finish hook and the log do not
    expect(koa.filter((s) => s.external)).toEqual([
      expect.objectContaining({ name: 'compose', external: 'koa-compose' }),
    ]);
    // the stack handed to `handleRequest` is koa-compose's code, not the product's
    expect(koa.find((s) => s.name === 'fnMiddleware')).toMatchObject({
      handedIn: 'parameter',
      runs: { module: 'koa-compose' },
    });
  });

  it('runs a callback handed to `.then` after the call it waits on, and names what a parameter was given', () => {
    const contents = {
      'lib/server.js': [
        "const compose = require('./compose')",
        '',
        'class Server {',
        '  callback () {',
        '    const stack = compose(this.layers)',
        '    const handle = (req) => {',
        '      const ctx = this.makeContext(req)',
        '      return this.handle(ctx, stack)',
        '    }',
        '    return handle',
        '  }',
        '',
        '  handle (ctx, runStack) {',
        '    const done = () => finish(ctx)',
        '    return runStack(ctx).then(done)',
        '  }',
        '',
        '  makeContext (req) {',
        '    const ctx = { req }',
        '    ctx.state = {}',
        '    ctx.body = null',
        '    return ctx',
        '  }',
        '}',
        '',
        'function finish (ctx) {',
        '  const body = ctx.body',
        '  const out = String(body)',
        '  ctx.res.end(out)',
        '  return out',
        '}',
      ].join('\n'),
      'lib/compose.js': [
        'function compose (layers) {',
        '  const all = layers.slice()',
        '  const run = (ctx) => Promise.all(all.map((l) => l(ctx)))',
        '  return run',
        '}',
        'module.exports = compose',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'JavaScript', {
      kind: 'library',
      productPaths: ['lib'],
      publicApi: [{ name: 'Server', kind: 'class', path: 'lib/server.js', line: 3 }],
    });
    const names = labels(steps);
    // `finish` is written on line 14 but runs once `runStack(ctx)` resolves on line 15
    expect(names.indexOf('runStack')).toBeGreaterThan(-1);
    expect(names.indexOf('finish')).toBeGreaterThan(names.indexOf('runStack'));
    expect(steps.find((s) => s.name === 'finish')).toMatchObject({
      note: 'called by Server.handle at lib/server.js:14',
      after: { call: 'runStack(ctx)', path: 'lib/server.js', line: 15 },
    });
    // the parameter is the stack `callback` composed before handing it over
    expect(steps.find((s) => s.name === 'runStack')).toMatchObject({
      handedIn: 'parameter',
      via: { expression: 'compose(this.layers)', by: 'Server.callback', path: 'lib/server.js', line: 5 },
      // the product's own `compose` made it
      runs: { name: 'compose', path: 'lib/compose.js', line: 1 },
    });
  });

  it("a call through a field set to what the object was handed runs the user's code, or the package's that made it", () => {
    const py = {
      'web/middleware.py': [
        'class ErrorMiddleware:',
        '    def __init__(self, app, debug=False):',
        '        self.app = app',
        '        self.debug = debug',
        '',
        '    async def __call__(self, scope, receive, send):',
        '        state = self.prepare(scope)',
        '        await self.app(scope, receive, send)',
        '',
        '    def prepare(self, scope):',
        '        state = dict(scope)',
        '        state["debug"] = self.debug',
        '        state["seen"] = True',
        '        return state',
      ].join('\n'),
    };
    const steps = mainPath(py, 'Python', {
      kind: 'framework',
      productPaths: ['web'],
      publicApi: [{ name: 'ErrorMiddleware', kind: 'class', path: 'web/middleware.py', line: 1 }],
    });
    expect(steps.find((s) => s.name === 'app')).toMatchObject({
      handedIn: 'field',
      line: 8,
      via: { expression: 'app', by: 'ErrorMiddleware.__init__', line: 3 },
      runs: { user: true },
    });

    const js = {
      'lib/server.js': [
        "const compose = require('koa-compose')",
        'class Server {',
        '  constructor (stack) {',
        '    this.run = compose(stack)',
        '  }',
        '  serve (req) {',
        '    const ctx = this.makeContext(req)',
        '    return this.run(ctx)',
        '  }',
        '  makeContext (req) {',
        '    const ctx = { req }',
        '    ctx.state = {}',
        '    return ctx',
        '  }',
        '}',
        'module.exports = Server',
      ].join('\n'),
    };
    const served = mainPath(
      js,
      'JavaScript',
      {
        kind: 'framework',
        productPaths: ['lib'],
        publicApi: [{ name: 'Server', kind: 'class', path: 'lib/server.js', line: 2 }],
      },
      [],
      ['koa-compose'],
    );
    expect(served.find((s) => s.name === 'run')).toMatchObject({
      handedIn: 'field',
      line: 8,
      via: { expression: 'compose(stack)', line: 4 },
      runs: { module: 'koa-compose' },
    });
  });

  it('a router: the top-level call site, the chain its field holds, the lookup, then the matched handler', () => {
    const contents = {
      'mux.go': [
        'package chi',
        '',
        'type Mux struct {',
        '\thandler http.Handler',
        '\ttree *node',
        '}',
        '',
        'func (mx *Mux) ServeHTTP(w http.ResponseWriter, r *http.Request) {',
        '\trctx, _ := r.Context().Value(RouteCtxKey).(*Context)',
        '\tif rctx != nil {',
        '\t\tmx.handler.ServeHTTP(w, r)',
        '\t\treturn',
        '\t}',
        '\trctx = NewRouteContext()',
        '\tmx.handler.ServeHTTP(w, r)',
        '}',
        '',
        'func (mx *Mux) handle(pattern string, handler http.Handler) {',
        '\tif mx.inline {',
        '\t\tmx.handler = http.HandlerFunc(mx.routeHTTP)',
        '\t}',
        '\tmx.tree.InsertRoute(pattern, handler)',
        '}',
        '',
        'func (mx *Mux) updateRouteHandler() {',
        '\tmx.handler = chain(mx.middlewares, http.HandlerFunc(mx.routeHTTP))',
        '}',
        '',
        'func (mx *Mux) routeHTTP(w http.ResponseWriter, r *http.Request) {',
        '\tpath := r.URL.Path',
        '\tif _, _, h := mx.tree.FindRoute(rctx, method, path); h != nil {',
        '\t\tr.Pattern = path',
        '\t\th.ServeHTTP(w, r)',
        '\t\treturn',
        '\t}',
        '\tmx.NotFoundHandler().ServeHTTP(w, r)',
        '}',
      ].join('\n'),
      'tree.go': [
        'package chi',
        '',
        'type node struct {',
        '\tprefix string',
        '}',
        '',
        'func (n *node) FindRoute(rctx *Context, method methodTyp, path string) (*node, endpoints, http.Handler) {',
        '\trn := n.findRoute(rctx, method, path)',
        '\tif rn == nil {',
        '\t\treturn nil, nil, nil',
        '\t}',
        '\treturn rn, rn.endpoints, rn.endpoints[method].handler',
        '}',
        '',
        'func (n *node) findRoute(rctx *Context, method methodTyp, path string) *node {',
        '\tfor _, c := range n.children {',
        '\t\tif c.prefix == path {',
        '\t\t\treturn c',
        '\t\t}',
        '\t}',
        '\treturn nil',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Go', {
      kind: 'library',
      productPaths: ['mux.go', 'tree.go'],
      publicApi: [{ name: 'Mux', kind: 'type', path: 'mux.go', line: 3 }],
    });
    expect(labels(steps)).toEqual([
      'Mux.ServeHTTP',
      'Mux.routeHTTP',
      'node.FindRoute',
      'node.findRoute',
      'h.ServeHTTP',
    ]);
    // line 11 is the nested-router guard that returns early; the request goes on at line 15, through
    // the chain `updateRouteHandler` stores, not the branch-only value `handle` sets
    expect(steps[1]).toMatchObject({
      note: 'called by Mux.ServeHTTP at mux.go:15',
      via: {
        field: 'mx.handler',
        expression: 'chain(mx.middlewares, http.HandlerFunc(mx.routeHTTP))',
        by: 'Mux.updateRouteHandler',
        line: 26,
      },
    });
    // the path ends where the router calls the handler its lookup matched
    expect(steps[4]).toMatchObject({
      line: 33,
      handedIn: 'result',
      via: { expression: 'mx.tree.FindRoute(rctx, method, path)', line: 31 },
      // a handler the router's table holds is one its user registered
      runs: { user: true },
    });
  });

  it('a call through a field typed as an interface lands on what a subtype constructor stores there', () => {
    const contents = {
      'src/router.ts': [
        'export interface Router {',
        '  add(method: string, path: string): void',
        '  match(method: string, path: string): string[]',
        '}',
      ].join('\n'),
      'src/base.ts': [
        "import type { Router } from './router'",
        '',
        'class App {',
        '  router!: Router',
        '',
        '  fetch(request: Request): Response {',
        '    const path = new URL(request.url).pathname',
        '    const found = this.router.match(request.method, path)',
        '    return this.respond(found, path)',
        '  }',
        '',
        '  respond(found: string[], path: string): Response {',
        '    const body = found.join(path)',
        '    const head = body.length',
        '    return new Response(body)',
        '  }',
        '}',
        '',
        'export { App as AppBase }',
      ].join('\n'),
      'src/app.ts': [
        "import { AppBase } from './base'",
        "import { FastRouter } from './fast'",
        "import { SlowRouter } from './slow'",
        '',
        'export class App extends AppBase {',
        '  constructor(options: { router?: Router } = {}) {',
        '    super()',
        '    this.router =',
        '      options.router ??',
        '      new FastRouter({',
        '        fallback: 1,',
        '      })',
        '  }',
        '}',
      ].join('\n'),
      'src/preset/tiny.ts': [
        "import { AppBase } from '../base'",
        "import { FastRouter } from '../fast'",
        '',
        'export class App extends AppBase {',
        '  constructor() {',
        '    super()',
        '    this.router = new FastRouter({ fallback: 2 })',
        '  }',
        '}',
      ].join('\n'),
      'src/fast.ts': [
        "import type { Router } from './router'",
        '',
        'export class FastRouter implements Router {',
        '  routes: string[] = []',
        '  add(method: string, path: string) {',
        '    this.routes.push(method + path)',
        '  }',
        '  match(method: string, path: string): string[] {',
        '    const key = method + path',
        '    const hits = this.routes.filter((r) => r === key)',
        '    const sorted = hits.sort()',
        '    return sorted',
        '  }',
        '}',
      ].join('\n'),
      'src/slow.ts': [
        "import type { Router } from './router'",
        '',
        'export class SlowRouter implements Router {',
        '  routes: string[] = []',
        '  add(method: string, path: string) {',
        '    this.routes.push(method + path)',
        '  }',
        '  match(method: string, path: string): string[] {',
        '    const key = method + path',
        '    const hits = this.routes.filter((r) => r.startsWith(key))',
        '    const sorted = hits.reverse()',
        '    return sorted',
        '  }',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'TypeScript', {
      kind: 'framework',
      productPaths: ['src'],
      publicApi: [{ name: 'App', kind: 'class', path: 'src/base.ts', line: 3 }],
    });
    const match = steps.find((s) => s.name === 'match');
    // `match` is a keyword elsewhere, a method name here; the interface declares it, the constructor
    // of the subtype (imported under another name) stores the implementation, over several lines
    expect(match).toMatchObject({
      owner: 'FastRouter',
      via: { field: 'this.router', by: 'App.constructor', path: 'src/app.ts', line: 8 },
    });
    // written as one line, without the trailing comma the layout over several lines left
    expect(match?.via?.expression).toBe('options.router ?? new FastRouter({ fallback: 1 })');
    // a preset, a subtype in a file of its own, puts another router in the same field
    expect(match?.via?.others).toEqual([
      { expression: 'new FastRouter({ fallback: 2 })', path: 'src/preset/tiny.ts', line: 7 },
    ]);
  });

  it("a framework's lifecycle: users' hooks in the order they run, each with its fallback, no checks between", () => {
    const contents = {
      'command.go': [
        'package cobra',
        '',
        'type PositionalArgs func(cmd *Command, args []string) error',
        '',
        'type Command struct {',
        '\tArgs PositionalArgs',
        '\tPreRun func(cmd *Command, args []string)',
        '\tPreRunE func(cmd *Command, args []string) error',
        '\tRun func(cmd *Command, args []string)',
        '\tRunE func(cmd *Command, args []string) error',
        '\tPostRun func(cmd *Command, args []string)',
        '}',
        '',
        'func (c *Command) Execute(args []string) error {',
        '\tcmd := c.find(args)',
        '\treturn cmd.execute(args)',
        '}',
        '',
        'func (c *Command) find(args []string) *Command {',
        '\tfor _, sub := range c.commands {',
        '\t\tif sub.name == args[0] {',
        '\t\t\treturn sub',
        '\t\t}',
        '\t}',
        '\treturn c',
        '}',
        '',
        'func (c *Command) execute(args []string) error {',
        '\tif err := c.ParseFlags(args); err != nil {',
        '\t\treturn err',
        '\t}',
        '\tif err := c.ValidateArgs(args); err != nil {',
        '\t\treturn err',
        '\t}',
        '\tif c.PreRunE != nil {',
        '\t\tif err := c.PreRunE(c, args); err != nil {',
        '\t\t\treturn err',
        '\t\t}',
        '\t} else if c.PreRun != nil {',
        '\t\tc.PreRun(c, args)',
        '\t}',
        '\tif err := c.ValidateRequiredFlags(); err != nil {',
        '\t\treturn err',
        '\t}',
        '\tif c.RunE != nil {',
        '\t\tif err := c.RunE(c, args); err != nil {',
        '\t\t\treturn err',
        '\t\t}',
        '\t} else {',
        '\t\tc.Run(c, args)',
        '\t}',
        '\tif c.PostRun != nil {',
        '\t\tc.PostRun(c, args)',
        '\t}',
        '\treturn nil',
        '}',
        '',
        'func (c *Command) ParseFlags(args []string) error {',
        '\tflags := c.Flags()',
        '\tfor _, a := range args {',
        '\t\tflags.Set(a)',
        '\t}',
        '\treturn nil',
        '}',
        '',
        '// ValidateArgs returns an error if the positional args are not accepted.',
        'func (c *Command) ValidateArgs(args []string) error {',
        '\tif c.Args == nil {',
        '\t\treturn nil',
        '\t}',
        '\treturn c.Args(c, args)',
        '}',
        '',
        '// ValidateRequiredFlags validates all required flags are present and returns an error otherwise.',
        'func (c *Command) ValidateRequiredFlags() error {',
        '\tmissing := []string{}',
        '\tfor _, f := range c.required {',
        '\t\tif !f.set {',
        '\t\t\tmissing = append(missing, f.name)',
        '\t\t}',
        '\t}',
        '\treturn nil',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Go', {
      kind: 'library',
      productPaths: ['command.go'],
      publicApi: [{ name: 'Command', kind: 'type', path: 'command.go', line: 5 }],
    });
    const names = labels(steps);
    const at = (n: string) => names.indexOf(n);
    // argument validation runs the user's `Args`; then pre-run, run and post-run, in that order
    expect(at('Command.ParseFlags')).toBeGreaterThan(-1);
    expect(at('Command.ValidateArgs')).toBeGreaterThan(at('Command.ParseFlags'));
    expect(at('PreRunE')).toBeGreaterThan(at('Command.ValidateArgs'));
    expect(at('RunE')).toBeGreaterThan(at('PreRunE'));
    expect(at('PostRun')).toBeGreaterThan(at('RunE'));
    expect(steps[at('RunE')]).toMatchObject({ handedIn: 'field', otherwise: ['Run'], runs: { user: true } });
    expect(steps[at('PreRunE')]).toMatchObject({ otherwise: ['PreRun'] });
    // a check between the hooks is the framework's detail, not a step
    expect(names).not.toContain('Command.ValidateRequiredFlags');
  });

  it("a lifecycle of tagged hook fields: the action, then the deferred after-hook; the framework's parsing is named, not entered", () => {
    const contents = {
      'funcs.go': [
        'package cli',
        '',
        'type ActionFunc func(ctx context.Context, cmd *Command) error',
        'type AfterFunc func(ctx context.Context, cmd *Command) error',
        'type SuggestCommandFunc func(commands []*Command, provided string) string',
        '',
        'type Args interface {',
        '\tSlice() []string',
        '}',
        '',
        'type stringSliceArgs struct {',
        '\tv []string',
        '}',
        '',
        'func (a *stringSliceArgs) Slice() []string {',
        '\treturn a.v',
        '}',
        '',
        'func tracef(format string, a ...any) {',
        ...Array.from({ length: 12 }, (_, i) => `\tt${i} := format`),
        '}',
      ].join('\n'),
      'command.go': [
        'package cli',
        '',
        'type Command struct {',
        '\tName string `json:"name"`',
        '\tAfter AfterFunc `json:"-"`',
        '\tAction ActionFunc `json:"-"`',
        '\tSuggestCommandFunc SuggestCommandFunc `json:"-"`',
        '}',
        '',
        'func (cmd *Command) Run(ctx context.Context, args []string) error {',
        '\treturn cmd.run(ctx, args)',
        '}',
        '',
        'func (cmd *Command) run(ctx context.Context, args []string) (deferErr error) {',
        '\tvar parsed []string',
        '\tvar err error',
        '\tif cmd.SkipFlagParsing {',
        '\t\ttracef("skipping flag parsing")',
        '\t} else {',
        '\t\tparsed, err = cmd.parseFlags(&stringSliceArgs{v: args})',
        '\t}',
        '\tif err != nil {',
        '\t\treturn err',
        '\t}',
        '\tif shouldRunCompletion(cmd) {',
        '\t\treturn nil',
        '\t}',
        '\tif cmd.After != nil {',
        '\t\tdefer func() {',
        '\t\t\tif err := cmd.After(ctx, cmd); err != nil {',
        '\t\t\t\tdeferErr = err',
        '\t\t\t}',
        '\t\t}()',
        '\t}',
        '\tname := parsed[0]',
        '\tif cmd.SuggestCommandFunc != nil {',
        '\t\tname = cmd.SuggestCommandFunc(nil, name)',
        '\t}',
        '\tif err := cmd.Action(ctx, cmd); err != nil {',
        '\t\tdeferErr = cmd.handleExitCoder(ctx, err)',
        '\t}',
        '\treturn deferErr',
        '}',
        '',
        'func (cmd *Command) parseFlags(args Args) ([]string, error) {',
        '\tout := []string{}',
        '\tall := args.Slice()',
        '\tfor _, a := range all {',
        '\t\tf := cmd.lookupFlag(a)',
        '\t\tout = append(out, f)',
        '\t}',
        '\treturn out, nil',
        '}',
        '',
        'func (cmd *Command) lookupFlag(name string) string {',
        ...Array.from({ length: 12 }, (_, i) => `\tv${i} := name + "${i}"`),
        '\treturn name',
        '}',
        '',
        'func (cmd *Command) handleExitCoder(ctx context.Context, err error) error {',
        ...Array.from({ length: 12 }, (_, i) => `\tw${i} := err`),
        '\treturn err',
        '}',
        '',
        'func shouldRunCompletion(cmd *Command) bool {',
        ...Array.from({ length: 40 }, (_, i) => `\tc${i} := cmd.Name + "${i}"`),
        '\treturn cmd.Name != ""',
        '}',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Go', {
      kind: 'library',
      productPaths: ['command.go', 'funcs.go'],
      publicApi: [{ name: 'Command', kind: 'type', path: 'command.go', line: 3 }],
    });
    // the field's struct tag does not hide its function type; the deferred hook runs after the action;
    // the question a hook answers for the framework (a suggested name) is no stage of its lifecycle
    expect(labels(steps)).toEqual(['Command.Run', 'Command.run', 'Command.parseFlags', 'Action', 'After']);
    expect(steps[3]).toMatchObject({ handedIn: 'field', line: 39 });
    // a log line in the other arm is not what runs instead; an interface the product implements
    // itself (`Args.Slice`) is no hand-over to name beside a step
    expect(steps[2]!.alternative).toBeUndefined();
  });

  it('a value made only when an option allows it (a cache) is no step; the work goes on without it', () => {
    const body = (n: number, what: string) => Array.from({ length: n }, (_, i) => `    ${what}${i} = src`);
    const contents = {
      'src/fmt/__init__.py': [
        'from fmt.cache import Cache',
        '',
        'def reformat_one(src, mode, no_cache=False):',
        '    if str(src) == "-":',
        '        format_stdin(src)',
        '    else:',
        '        cache = None if no_cache else Cache.read(mode)',
        '        changed = False',
        '        if cache is not None and not cache.is_changed(src):',
        '            changed = True',
        '        if not changed and format_file(src, mode):',
        '            changed = True',
        '',
        'def format_stdin(src):',
        ...body(10, 's'),
        '',
        'def format_file(src, mode):',
        ...body(30, 'f'),
      ].join('\n'),
      'src/fmt/cache.py': [
        'class Cache:',
        '    @classmethod',
        '    def read(cls, mode):',
        ...body(60, 'c'),
        '        return cls()',
        '',
        '    def is_changed(self, src):',
        '        return True',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      productPaths: ['src/fmt'],
      publicApi: [{ name: 'reformat_one', kind: 'function', path: 'src/fmt/__init__.py', line: 3 }],
    });
    expect(labels(steps)).toEqual(['reformat_one', 'format_file']);
    // the first step of the `else` arm tells what runs instead
    expect(steps[1]).toMatchObject({ alternative: { name: 'format_stdin', when: 'str(src) == ""' } });
  });

  it('a Python CLI: items of a returned list are typed, help text and platform branches are not steps', () => {
    const contents = {
      'src/cli/core.py': [
        'import os',
        '',
        'def params_in_order(declared: list[Parameter]) -> list[Parameter]:',
        '    ordered = sorted(declared)',
        '    kept = [p for p in ordered]',
        '    return kept',
        '',
        '',
        'def _detect_program_name() -> str:',
        '    """Determine the command used to run the program, for use in help text."""',
        '    name = os.path.basename(os.sys.argv[0])',
        '    name = name.strip()',
        '    name = name.lower()',
        '    return name',
        '',
        '',
        'def _expand_args(args):',
        '    """Expand wildcards the way a Unix shell would."""',
        '    out = []',
        '    for a in args:',
        '        out.extend(glob(a))',
        '    return out',
        '',
        '',
        'def echo(message, err=False):',
        '    """Print a message."""',
        '    stream = err',
        '    stream = stream or message',
        '    print(message)',
        '',
        '',
        'class Parameter:',
        '    def handle_parse_result(self, ctx, opts):',
        '        """Process the value produced by the parser."""',
        '        value = opts.get(self.name)',
        '        if (',
        '            self.deprecated',
        '            and value is not None',
        '        ):',
        '            echo(self.name, err=True)',
        '        value = self.process_value(ctx, value)',
        '        return value',
        '',
        '    def process_value(self, ctx, value):',
        '        """Convert the value to the parameter type."""',
        '        converted = self.type(value)',
        '        checked = converted',
        '        ctx.params[self.name] = checked',
        '        return checked',
        '',
        '',
        'class Command:',
        '    def main(self, args=None, prog_name=None):',
        '        """Run the command."""',
        '        if os.name == "nt":',
        '            args = _expand_args(args)',
        '        if prog_name is None:',
        '            prog_name = _detect_program_name()',
        '        ctx = self.make_context(prog_name, args)',
        '        return ctx',
        '',
        '    def make_context(self, name, args):',
        '        """Parse the arguments into a new context."""',
        '        ctx = dict(name=name)',
        '        opts = dict(args=args)',
        '        for param in params_in_order(self.params):',
        '            param.handle_parse_result(ctx, opts)',
        '        return ctx',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      productPaths: ['src/cli'],
      publicApi: [{ name: 'Command', kind: 'class', path: 'src/cli/core.py', line: 51 }],
    });
    const names = labels(steps);
    expect(names[0]).toBe('Command.main');
    // `param` is an item of the `list[Parameter]` the loop walks
    expect(names).toContain('Parameter.handle_parse_result');
    expect(names).toContain('Parameter.process_value');
    // `err=True` is a keyword argument, not an assignment: the warning in a branch is no step
    expect(names).not.toContain('echo');
    expect(names).not.toContain('_detect_program_name');
    expect(names).not.toContain('_expand_args');
  });

  it("names the user's function a side step hands on, and a record made in a branch", () => {
    const contents = {
      'app/models.py': [
        'class Check:',
        '    def ping(self, action):',
        '        """Record a ping."""',
        '        new_status = "down" if action == "fail" else "up"',
        '        if self.status != new_status:',
        '            self.create_flip(new_status, reason=action)',
        '            self.status = new_status',
        '        result = self.run_checks(action)',
        '        outcome = self.invoke(result)',
        '        return result, outcome',
        '',
        '    def create_flip(self, status, reason=""):',
        '        """Create a Flip object for this check."""',
        '        flip = dict(owner=self, new_status=status)',
        '        flip["reason"] = reason',
        '        self.flips.append(flip)',
        '        return flip',
        '',
        '    def run_checks(self, action):',
        '        """Go through every rule for the action."""',
        '        found = [r for r in self.rules if r.applies(action)]',
        '        kept = sorted(found)',
        '        total = len(kept)',
        '        first = kept[0] if kept else None',
        '        last = kept[-1] if kept else None',
        '        spread = (first, last)',
        '        return total, spread',
        '',
        '    def invoke(self, result):',
        '        """Hand the result to what the user registered."""',
        '        if self.deprecated:',
        '            return None',
        '        return self.ctx.call(self.callback, result)',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'library',
      productPaths: ['app'],
      publicApi: [{ name: 'Check', kind: 'class', path: 'app/models.py', line: 1 }],
    });
    const names = labels(steps);
    // made for its effect in a branch, but its author says it creates something: part of the work
    expect(names).toContain('Check.create_flip');
    // `invoke` is named beside the way and not entered; the function it hands on is the user's
    expect(steps.find((s) => s.name === 'callback')).toMatchObject({
      line: 33,
      handedIn: 'field',
      note: 'called by Check.invoke through self.ctx.call',
    });
  });

  it('a Java handler: the derived query a helper calls on a field typed as a repository is a step', () => {
    const contents = {
      'src/shop/OrderRepository.java': [
        'package shop;',
        '',
        'public interface OrderRepository extends JpaRepository<Order, Integer> {',
        '',
        '    /** Retrieve the orders of one customer. */',
        '    Page<Order> findByCustomer(String customer, Pageable pageable);',
        '',
        '    Optional<Order> findById(Integer id);',
        '',
        '}',
      ].join('\n'),
      'src/shop/OrderController.java': [
        'package shop;',
        '',
        '@Controller',
        'class OrderController {',
        '',
        '    private final OrderRepository orders;',
        '',
        '    @GetMapping("/orders")',
        '    public String list(@RequestParam String customer, Model model) {',
        '        Page<Order> found = findPage(customer);',
        '        if (found.isEmpty()) {',
        '            return "orders/find";',
        '        }',
        '        return fillModel(model, found);',
        '    }',
        '',
        '    private String fillModel(Model model, Page<Order> page) {',
        '        model.addAttribute("a", page.getContent());',
        '        model.addAttribute("b", page.getTotalPages());',
        '        model.addAttribute("c", page.getTotalElements());',
        '        model.addAttribute("d", page.getNumber());',
        '        model.addAttribute("e", page.getSize());',
        '        return "orders/list";',
        '    }',
        '',
        '    private Page<Order> findPage(String customer) {',
        '        Pageable pageable = PageRequest.of(0, 5);',
        '        return orders.findByCustomer(customer, pageable);',
        '    }',
        '}',
      ].join('\n'),
    };
    const route: Route = {
      method: 'GET',
      path: '/orders',
      framework: 'Spring',
      file: 'src/shop/OrderController.java',
      line: 8,
      handler: 'list',
      area: 'product',
    };
    const steps = mainPath(contents, 'Java', { kind: 'application', productPaths: ['src'] }, [route]);
    expect(labels(steps)).toContain('OrderRepository.findByCustomer');
    const query = steps.find((s) => s.name === 'findByCustomer')!;
    expect(query.line).toBe(6);
    expect(query.note).toBe('called by OrderController.findPage at src/shop/OrderController.java:28');
  });

  it('nothing to trace gives no main path rather than a guess', () => {
    const steps = mainPath({ 'README.md': '# x' }, 'Markdown', { kind: 'library' });
    expect(steps).toEqual([]);
  });

  it('goes on through the call handed what an earlier call kept, even in an arm, through a call whose outcome an `if` tests, and through the arm another arm wraps', () => {
    const heavy = (name: string, n: number) => [
      `def ${name}(src):`,
      ...Array.from({ length: n }, (_, i) => `    x${i} = src[${i}] if len(src) > ${i} else None`),
      '    return 0',
      '',
    ];
    const contents = {
      'fmt/__init__.py': [
        'def main(ctx, src):',
        '    sources = get_sources(src)',
        '    if not sources:',
        '        ctx.exit(0)',
        '    if len(sources) == 1:',
        '        reformat_one(sources.pop())',
        '    ctx.exit(0)',
        '',
        ...heavy('get_sources', 25),
        'def reformat_one(src):',
        '    changed = False',
        '    cache = read_cache(src)',
        '    if cache is None and format_file_in_place(src):',
        '        changed = True',
        '    report(changed)',
        '',
        ...heavy('read_cache', 3),
        'def format_file_in_place(src):',
        '    if src.notebook:',
        '        text = format_notebook(src)',
        '    else:',
        '        text = format_str(src)',
        '    return text',
        '',
        'def format_notebook(src):',
        '    cells = []',
        '    for cell in src.cells:',
        '        cells.append(format_str(cell))',
        ...Array.from({ length: 30 }, (_, i) => `    y${i} = cells[${i}] if len(cells) > ${i} else None`),
        '    return cells',
        '',
        ...heavy('format_str', 60),
        'def report(changed):',
        '    print(changed)',
        '',
      ].join('\n'),
    };
    const steps = mainPath(contents, 'Python', {
      kind: 'cli',
      entryPoints: [{ path: 'fmt/__init__.py', line: 1, how: 'console script "fmt"' }],
    });
    expect(labels(steps)).toEqual(
      expect.arrayContaining(['main', 'get_sources', 'reformat_one', 'format_file_in_place', 'format_str']),
    );
    // the notebook arm wraps the plain arm's work for a special case: the path goes through the plain arm
    expect(labels(steps)).not.toContain('format_notebook');
  });
});

describe('the other arm of a switch', () => {
  it('finds the if arm and its condition above an else, in Go and Python, and no chain of else ifs', () => {
    const go = [
      'func (c *Command) ExecuteC() {', // 1
      '\tif c.TraverseChildren {', // 2
      '\t\tcmd, err = c.Traverse(args)', // 3
      '\t} else {', // 4
      '\t\tcmd, err = c.Find(args)', // 5
      '\t}', // 6
      '}', // 7
    ];
    expect(elseArm(go, 5)).toEqual({ condition: 'c.TraverseChildren', from: 3, to: 3 });
    const py = [
      'def run(self):',
      '    if self.chain:',
      '        rv = self.walk()',
      '    else:',
      '        rv = self.find()',
    ];
    expect(elseArm(py, 5)).toEqual({ condition: 'self.chain', from: 3, to: 3 });
    const chain = ['\tif a {', '\t\tx()', '\t} else if b {', '\t\ty()', '\t} else {', '\t\tz()', '\t}'];
    expect(elseArm(chain, 6)).toBeNull();
    // a call in the if arm itself has no other arm
    expect(elseArm(go, 3)).toBeNull();
    // the call need not open its arm; one nested in a block of the arm is that block's
    const later = [
      'def one(src):',
      '    if is_stdin:',
      '        format_stdin()',
      '    else:',
      '        cache = None if no_cache else Cache.read()',
      '        if changed and format_file(src):',
      '            report()',
    ];
    expect(elseArm(later, 6)).toEqual({ condition: 'is_stdin', from: 3, to: 3 });
    expect(elseArm(later, 7)).toBeNull();
  });
});

describe('a step in its author words', () => {
  const def = { name: 'get', kind: 'function' as const, line: 1, end: 12, indent: 0 };
  it('ends the docstring prose where its field list starts, continuation lines included', () => {
    const raw = [
      'def get(url, params=None, **kwargs):',
      '    r"""Sends a GET request.',
      '',
      '    :param url: URL for the new :class:`Request` object.',
      '    :param params: (optional) Dictionary to send',
      '        in the query string for the :class:`Request`.',
      '    :return: :class:`Response <Response>` object',
      '    """',
      '    return request("get", url, params=params, **kwargs)',
    ].join('\n');
    expect(docOf(raw, def, 'Python')).toBe('Sends a GET request.');
  });

  it('reads no summary from a comment that only repeats the name', () => {
    const raw = ['// ResponseWriter ...', 'type ResponseWriter interface {', '}'].join('\n');
    const type = { ...def, name: 'ResponseWriter', kind: 'type' as const, line: 2, end: 3 };
    expect(docOf(raw, type, 'Go')).toBeUndefined();
    const said = ['// ResponseWriter writes the response.', 'type ResponseWriter interface {', '}'].join(
      '\n',
    );
    expect(docOf(said, type, 'Go')).toBe('ResponseWriter writes the response.');
  });

  it("reads a Markdown doc comment's emphasis and links as their words, and a docstring's *args as written", () => {
    const raw = [
      '/// Configuration options for *fd*, see [`Opts`](crate::cli::Opts).',
      'pub struct Config {',
      '}',
    ].join('\n');
    const type = { ...def, name: 'Config', kind: 'type' as const, line: 2, end: 3 };
    expect(docOf(raw, type, 'Rust')).toBe('Configuration options for fd, see `Opts`.');
    const py = ['def get(*args, **kwargs):', '    """Passes *args and **kwargs on to request."""'].join('\n');
    expect(docOf(py, def, 'Python')).toBe('Passes *args and **kwargs on to request.');
  });

  it('keeps a second paragraph of prose after a short first one', () => {
    const raw = ['def get():', '    """A session.', '', '    Keeps cookies across requests.', '    """'].join(
      '\n',
    );
    expect(docOf(raw, def, 'Python')).toBe('A session. Keeps cookies across requests.');
  });

  it('reads a line opening with a Sphinx role as prose, so the sentence is never cut before it', () => {
    const raw = [
      'class Parameter(ABC):',
      '    r"""A parameter to a command comes in two versions: they are either',
      '    :class:`Option`\\s or :class:`Argument`\\s.  Other subclasses are not supported.',
      '    """',
    ].join('\n');
    const doc = docOf(raw, { ...def, name: 'Parameter', kind: 'type' }, 'Python');
    expect(doc).toBe('A parameter to a command comes in two versions: they are either Options or Arguments.');
  });

  it('keeps a short numbered list a summary introduces whole, and never its first item alone', () => {
    const raw = [
      'def process_value(self, ctx, value):',
      '    """Process the value of this parameter:',
      '',
      '    1. Type cast the value using :meth:`type_cast_value`.',
      '    2. Check if the value is missing.',
      '    3. If a :attr:`callback` is set, call it to have the value replaced by the',
      '       result of the callback. If the value was not set, the callback receives None.',
      '    """',
    ].join('\n');
    expect(docOf(raw, def, 'Python')).toBe(
      'Process the value of this parameter: (1) Type cast the value using type_cast_value. (2) Check if the value is missing. (3) If a callback is set, call it to have the value replaced by the result of the callback.',
    );
    const long = [
      'def process_value(self, ctx, value):',
      '    """Process the value of this parameter:',
      '',
      ...['one', 'two', 'three', 'four', 'five'].map((w, i) => `    ${i + 1}. Step ${w}.`),
      '    """',
    ].join('\n');
    expect(docOf(long, def, 'Python')).toBe('Process the value of this parameter.');
  });

  it('ends a comment line without a full stop where the next line opens a sentence', () => {
    const raw = [
      '// Define a function to create a client for server-side operations',
      '// The function takes a cookie store as an argument',
      'export const createClient = () => {',
      '};',
    ].join('\n');
    const at = { ...def, name: 'createClient', line: 3, end: 4 };
    expect(docOf(raw, at, 'TypeScript')).toBe(
      'Define a function to create a client for server-side operations.',
    );
  });
  it('takes along the next sentence about the same thing, where the mechanism is named', () => {
    const go = { name: 'find', kind: 'function' as const, line: 3, end: 4, indent: 0 };
    const raw = [
      '// Recursive edge traversal by checking all groups along the way.',
      "// It's like searching through a radix trie.",
      'func find() {}',
    ].join('\n');
    expect(docOf(raw, go, 'Go')).toBe(
      "Recursive edge traversal by checking all groups along the way. It's like searching through a radix trie.",
    );
    const other = [
      '// Finds the route for a request path in the tree of routes.',
      '// Callers hold the lock.',
      'func find() {}',
    ].join('\n');
    expect(docOf(other, go, 'Go')).toBe('Finds the route for a request path in the tree of routes.');
  });

  it('leaves out what a doc comment says of a subpackage the repository does not hold', () => {
    const doc =
      'Routes adds two methods for traversal, which is also used by the `docgen` subpackage to document routers.';
    expect(withoutAbsentPackages(doc, () => false)).toBe('Routes adds two methods for traversal.');
    expect(withoutAbsentPackages(doc, (n) => n === 'docgen')).toBe(doc);
    expect(withoutAbsentPackages('The `net/http` package serves it.', () => false)).toBe(
      'The `net/http` package serves it.',
    );
  });

  it('tells a hook looked up on the ancestors: the nearest that sets it, unless a switch runs them all', () => {
    const bare = [
      'func (c *Cmd) run() {',
      '\tparents := []*Cmd{}',
      '\tfor p := c; p != nil; p = p.Parent() {',
      '\t\tparents = append(parents, p)',
      '\t}',
      '\tfor _, p := range parents {',
      '\t\tif p.Before != nil {',
      '\t\t\tp.Before(c)',
      '\t\t\tif !RunAll {',
      '\t\t\t\tbreak',
      '\t\t\t}',
      '\t\t}',
      '\t}',
      '\tfor q := c; q != nil; q = q.Parent() {',
      '\t\tq.After(c)',
      '\t}',
      '\tc.Main(c)',
      '}',
    ];
    expect(ancestorsOf(bare, 1, 18, { root: 'p', line: 8 })).toEqual({
      line: 3,
      nearest: true,
      unless: 'RunAll',
    });
    expect(ancestorsOf(bare, 1, 18, { root: 'q', line: 15 })).toEqual({ line: 14, nearest: false });
    expect(ancestorsOf(bare, 1, 18, { root: 'c', line: 17 })).toBeUndefined();
  });
});

describe('main path of a file-based router', () => {
  const contents = {
    'middleware.ts': [
      "import { refresh } from './lib/session';",
      'export async function middleware(request) {',
      '  return await refresh(request);',
      '}',
    ].join('\n'),
    'lib/session.ts': ['export async function refresh(request) {', '  return request;', '}'].join('\n'),
    'app/page.tsx': [
      "import Plans from '../components/Plans';",
      "import { loadPlans } from '../lib/db';",
      'export default async function HomePage() {',
      '  const plans = await loadPlans();',
      '  return (',
      '    <Plans',
      '      plans={plans}',
      '    />',
      '  );',
      '}',
    ].join('\n'),
    'app/about/page.tsx': ['export default function About() {', '  return <p>About</p>;', '}'].join('\n'),
    'components/Plans.tsx': [
      "'use client';",
      "import Logo from './Logo';",
      "import { checkout } from '../lib/billing';",
      "import { loadPayments } from '../lib/pay';",
      'export default function Plans({ plans }: { plans: Plan[] }) {',
      '  const choose = async (plan: Plan) => {',
      '    const { url } = await checkout(plan);',
      '    const pay = await loadPayments(url);',
      '    pay.open(url);',
      '  };',
      '  if (!plans.length) return <Logo />;',
      '  return <button onClick={() => choose(plans[0])}>Buy</button>;',
      '}',
    ].join('\n'),
    'components/Logo.tsx': [
      'export default function Logo() {',
      '  return (',
      '    <div>',
      '      <img src="/logo.svg" />',
      '      <img src="/logo2.svg" />',
      '      <img src="/logo3.svg" />',
      '    </div>',
      '  );',
      '}',
    ].join('\n'),
    'lib/db.ts': ['export async function loadPlans() {', '  return [];', '}'].join('\n'),
    'lib/pay.ts': [
      'export async function loadPayments(url: string) {',
      '  const target = new URL(url, window.location.href);',
      '  const open = (to: string) => window.location.assign(to);',
      '  if (!target.pathname) throw new Error(url);',
      '  return { open, target };',
      '}',
    ].join('\n'),
    'lib/billing.ts': [
      "'use server';",
      "import { saveCustomer } from './customers';",
      'export async function checkout(plan) {',
      '  const customer = await saveCustomer(plan.user);',
      '  const url = `/pay/${customer}/${plan.id}`;',
      '  return { url };',
      '}',
    ].join('\n'),
    'lib/customers.ts': [
      'export const saveCustomer = async ({',
      '  email,',
      '  uuid',
      '}: {',
      '  email: string;',
      '  uuid: string;',
      '}) => {',
      '  const id = `${uuid}:${email}`;',
      '  return id;',
      '};',
    ].join('\n'),
    'app/api/hooks/route.ts': [
      "import { saveCustomer } from '../../../lib/customers';",
      'export async function POST(req) {',
      '  const event = await req.json();',
      '  const id = await saveCustomer(event.user);',
      '  return new Response(id);',
      '}',
    ].join('\n'),
  };
  const route = (method: string, path: string, file: string, line: number, handler: string): Route => ({
    method,
    path,
    framework: 'Next.js',
    file,
    line,
    handler,
    area: 'product',
  });
  const routes = [
    route('POST', '/api/webhooks', 'app/api/hooks/route.ts', 2, 'POST'),
    route('GET', '/', 'app/page.tsx', 3, 'HomePage'),
    route('GET', '/about', 'app/about/page.tsx', 1, 'About'),
  ];

  it('starts at the root page and follows the component it renders into the server action', () => {
    const steps = mainPath(contents, 'TypeScript', { kind: 'application' }, routes);
    const names = labels(steps);
    // the function the middleware hands each request to is where its work is done
    expect(names.slice(0, 3)).toEqual(['middleware', 'refresh', 'HomePage']);
    expect(steps[1]!.note).toBe('called by middleware at middleware.ts:3');
    expect(steps[1]!.from).toBe(0);
    expect(names).toContain('Plans');
    expect(names.indexOf('checkout')).toBeGreaterThan(names.indexOf('Plans'));
    // both run in the click handler: in the order written, the server action first
    expect(names.indexOf('loadPayments')).toBeGreaterThan(names.indexOf('checkout'));
    // parameters over several lines, destructured: still a definition of its own
    expect(names.indexOf('saveCustomer')).toBeGreaterThan(names.indexOf('checkout'));
    // markup that calls nothing of the product is no step; the webhook is not the user's path
    expect(names).not.toContain('Logo');
    // the webhook an outside service calls back is told after the user's path, as a second request
    const back = steps.findIndex((s) => s.calledBack);
    expect(names[back]).toBe('POST');
    expect(steps[back]!.from).toBeUndefined();
    expect(steps[back]!.note).toBe('receives POST /api/webhooks');
    expect(back).toBeGreaterThan(names.indexOf('saveCustomer'));
  });

  it('names a library call made through the client a product module exports, by its resource path', () => {
    const billing = [
      "'use server';",
      "import { payments } from '../lib/config';",
      "import { saveCustomer } from './customers';",
      'export async function checkout(plan) {',
      '  const customer = await saveCustomer(plan.user);',
      '  const session = await payments.checkout.sessions.create({ customer, price: plan.id });',
      '  return { url: session.url };',
      '}',
    ].join('\n');
    const config = [
      "import Payments from 'payments';",
      'export const payments = new Payments(',
      '  process.env.PAYMENTS_KEY',
      ');',
    ].join('\n');
    const steps = mainPath(
      { ...contents, 'lib/billing.ts': billing, 'lib/config.ts': config },
      'TypeScript',
      { kind: 'application' },
      routes,
      ['next', 'payments'],
    );
    const made = steps.find((s) => s.external === 'payments');
    expect(made).toMatchObject({
      name: 'payments.checkout.sessions.create',
      path: 'lib/billing.ts',
      line: 6,
    });
  });

  it('hands no work to a library through a redirect guard or a class-name helper', () => {
    const plans = [
      "'use client';",
      "import cn from 'classnames';",
      "import { useRouter } from 'next/navigation';",
      "import { checkout } from '../lib/billing';",
      'export default function Plans({ plans, user }: { plans: Plan[]; user: User }) {',
      '  const router = useRouter();',
      '  const choose = async (plan: Plan) => {',
      '    if (!user) {',
      "      return router.push('/signin');",
      '    }',
      '    const { url } = await checkout(plan);',
      '    window.location.assign(url);',
      '  };',
      '  return (',
      '    <button',
      '      className={cn(plans[0].style, { wide: plans.length > 1 })}',
      '      onClick={() => choose(plans[0])}',
      '    >',
      '      Buy',
      '    </button>',
      '  );',
      '}',
    ].join('\n');
    const steps = mainPath(
      { ...contents, 'components/Plans.tsx': plans },
      'TypeScript',
      { kind: 'application' },
      routes,
      ['next', 'classnames'],
    );
    expect(labels(steps)).toContain('checkout');
    expect(steps.filter((s) => s.external).map((s) => s.external)).toEqual([]);
  });
});

describe('sharedVerb', () => {
  it("names the verb most of a type's methods open with and what they apply it to, plainest first", () => {
    const names = ['new', 'evaluate_const_assignments', 'evaluate_assignments', 'evaluate_assignment'].concat(
      ['evaluate_value', 'evaluateLine', 'evaluate_builtin_function'],
    );
    expect(sharedVerb(names)).toEqual({
      verb: 'evaluate',
      objects: ['assignments', 'value', 'line', 'const assignments', 'builtin function'],
    });
  });

  it('says nothing where fewer than half the methods, or fewer than four, share the verb', () => {
    expect(
      sharedVerb(['get_a', 'get_b', 'get_c', 'set_a', 'set_b', 'run', 'stop', 'reset', 'len']),
    ).toBeUndefined();
    expect(sharedVerb(['get_a', 'get_b', 'get_c'])).toBeUndefined();
    expect(
      sharedVerb(['to_dict', 'get_body', 'get_body_bytes', 'get_body_size', 'get_kind']),
    ).toBeUndefined();
  });
});

describe('a value the path makes, handed on', () => {
  it('is bound to a name and passed first to code outside the maker, not to its own methods', () => {
    const bare = [
      '  dispatch(req) {',
      '    const c = new Context(req, { env })',
      '    if (one) return handlers[0][0](c, async () => this.#notFound(c))',
      '    this.#handleError(err, c)',
      '    const composed = compose(handlers)',
      '    return composed(c)',
      '  }',
    ];
    expect(handedOnAs(bare, 2, 7, 'Context', 'src/app.ts')).toEqual({
      name: 'c',
      path: 'src/app.ts',
      calls: [
        { callee: 'handlers[0][0]', line: 3 },
        { callee: 'composed', line: 6 },
      ],
    });
    expect(handedOnAs(['  new Context(req)'], 1, 1, 'Context', 'src/app.ts')).toBeUndefined();
    expect(
      handedOnAs(['  const c = new Context(req)', '  this.use(c)'], 1, 2, 'Context', 'x.ts'),
    ).toBeUndefined();
  });
});

describe('enumCases', () => {
  const kinds = ['And', 'Backtick', 'Call', 'Conditional', 'Group', 'Variable'];
  const isType = (n: string) => n === 'Expression' || n === 'Value';
  it('reads the kinds of a product enum a match chooses among, at the arms indentation only', () => {
    const lines = [
      '  fn evaluate(&self, e: &Expression) -> Value {',
      '    match e {',
      ...kinds.flatMap((k, i) => [
        `      Expression::${k} { .. } => {`,
        // a value built inside an arm is not an arm
        `        Value::Built${i}`,
        `        Value::Other${i}`,
        '      }',
      ]),
      '      Expression::Call { .. } | _ => Value::None,',
      '    }',
      '  }',
    ];
    expect(enumCases(lines, 1, lines.length, isType)).toEqual({ of: 'Expression', kinds });
  });
  it('needs several kinds of a product type: a match on a few, or on an outside enum, is a branch', () => {
    const few = [
      'fn f(x: Expression) {',
      '  match x {',
      '    Expression::And => 1,',
      '    Expression::Or => 2,',
      '  }',
      '}',
    ];
    expect(enumCases(few, 1, few.length, isType)).toBeUndefined();
    const outside = [
      'fn f(x: Ordering) {',
      '  match x {',
      ...kinds.map((k) => `    Ordering::${k} => 1,`),
      '  }',
      '}',
    ];
    expect(enumCases(outside, 1, outside.length, isType)).toBeUndefined();
  });
});
