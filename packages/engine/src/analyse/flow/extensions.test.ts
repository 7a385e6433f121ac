// Registration points: a public method that stores what its caller hands it in a collection of its
// receiver, where that collection is used, and the declared type of what is stored, in five languages.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import type { MainPathStep } from '../types.ts';
import { classParams, elementType, extensionPoints, hookFields, type ExtensionInput } from './extensions.ts';
import { fileModel } from './index.ts';

/** The input for a few files of one language: comments blanked as the flow pass reads them. */
function input(
  files: Record<string, string[]>,
  language: string,
  over: Partial<ExtensionInput> = {},
): ExtensionInput {
  const text = Object.fromEntries(Object.entries(files).map(([p, lines]) => [p, lines.join('\n')]));
  return {
    models: Object.entries(text).map(([p, t]) => fileModel(p, language, blankComments(t, language))),
    mainPath: [],
    central: [],
    publicNames: new Set(),
    readme: '',
    raw: (p) => text[p] ?? null,
    ...over,
  };
}

const step = (name: string, owner: string, path: string, line: number): MainPathStep => ({
  name,
  owner,
  path,
  line,
});

describe('registration points', () => {
  it('JavaScript: a method pushing a documented function onto a list another method composes', () => {
    const points = extensionPoints(
      input(
        {
          'lib/application.js': [
            "const compose = require('koa-compose')",
            'module.exports = class Application extends Emitter {',
            '  constructor (options) {',
            '    super()',
            '    this.middleware = []',
            '    this.compose = options.compose || compose',
            '  }',
            '  /**',
            '   * @param {(context: Context) => Promise<any>} fn',
            '   */',
            '  use (fn) {',
            "    if (typeof fn !== 'function') throw new TypeError('middleware must be a function!')",
            '    this.middleware.push(fn)',
            '    return this',
            '  }',
            '  callback () {',
            '    const fn = this.compose(this.middleware)',
            '    return (req, res) => fn(req, res)',
            '  }',
            '  set (name, value) {',
            '    this.settings[name] = value',
            '  }',
            '  get (name) {',
            '    return this.settings[name]',
            '  }',
            '}',
          ],
        },
        'JavaScript',
        {
          central: ['Application'],
          mainPath: [step('callback', 'Application', 'lib/application.js', 16)],
        },
      ),
    );
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({
      name: 'use',
      owner: 'Application',
      line: 11,
      value: 'fn',
      store: 'this.middleware',
      how: 'appends',
      contract: { type: '(context: Context) => Promise<any>' },
      runs: { name: 'callback', line: 17, how: 'passes', callee: 'compose', onPath: true },
      guard: { verb: 'throws', error: 'TypeError', when: "typeof fn !== 'function'", line: 12 },
    });
  });

  it('JavaScript: a condition that tests the list is no call it is passed to', () => {
    const points = extensionPoints(
      input(
        {
          'lib/command.js': [
            'class Command {',
            '  addCommand (cmd) {',
            '    this.commands.push(cmd)',
            '    return this',
            '  }',
            '  parse (argv) {',
            '    if (this.commands.length) {',
            '      this.unknownCommand(argv)',
            '    }',
            '    return this',
            '  }',
            '}',
          ],
        },
        'JavaScript',
        { central: ['Command'], mainPath: [step('parse', 'Command', 'lib/command.js', 6)] },
      ),
    );
    expect(points.map((p) => p.runs?.callee)).not.toContain('if');
  });

  it('Go: a variadic function-typed parameter appended to a field, chained where the handler is built', () => {
    const points = extensionPoints(
      input(
        {
          'mux.go': [
            'package chi',
            'type Mux struct {',
            '\thandler     http.Handler',
            '\tmiddlewares []func(http.Handler) http.Handler',
            '}',
            'func (mx *Mux) ServeHTTP(w http.ResponseWriter, r *http.Request) {',
            '\tmx.handler.ServeHTTP(w, r)',
            '}',
            'func (mx *Mux) Use(middlewares ...func(http.Handler) http.Handler) {',
            '\tif mx.handler != nil {',
            '\t\tpanic("all middlewares must be defined before routes")',
            '\t}',
            '\tmx.middlewares = append(mx.middlewares, middlewares...)',
            '}',
            'func (mx *Mux) Middlewares() []func(http.Handler) http.Handler {',
            '\treturn mx.middlewares',
            '}',
            'func (mx *Mux) With(middlewares ...func(http.Handler) http.Handler) *Mux {',
            '\tmws := make([]func(http.Handler) http.Handler, len(mx.middlewares))',
            '\tcopy(mws, mx.middlewares)',
            '\treturn &Mux{middlewares: mws}',
            '}',
            'func (mx *Mux) updateRouteHandler() {',
            '\tmx.handler = chain(mx.middlewares, http.HandlerFunc(mx.routeHTTP))',
            '}',
            'func (mx *Mux) SetName(name string) {',
            '\tmx.names = append(mx.names, name)',
            '}',
          ],
        },
        'Go',
        { central: ['Mux'], mainPath: [step('ServeHTTP', 'Mux', 'mux.go', 6)] },
      ),
    );
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({
      name: 'Use',
      value: 'middlewares',
      many: true,
      store: 'mx.middlewares',
      contract: { type: 'func(http.Handler) http.Handler' },
      // the use whose result the main path runs, not a copy made by another public method
      runs: { name: 'updateRouteHandler', line: 24, how: 'passes', callee: 'chain' },
      guard: { verb: 'panics', when: 'mx.handler != nil', line: 11 },
    });
  });

  it('Python: values stored under a caller-chosen key and looked up, with the defaults the constructor registers', () => {
    const points = extensionPoints(
      input(
        {
          'src/pkg/adapters.py': [
            'class BaseAdapter:',
            '    def send(self, request):',
            '        raise NotImplementedError',
          ],
          'src/pkg/sessions.py': [
            'from .adapters import BaseAdapter, HTTPAdapter',
            'class Session:',
            '    def __init__(self):',
            '        self.adapters = {}',
            '        self.headers = {}',
            '        self.mount("https://", HTTPAdapter())',
            '    def send(self, request):',
            '        adapter = self.get_adapter(request.url)',
            '        return adapter.send(request)',
            '    def get_adapter(self, url):',
            '        for prefix, adapter in self.adapters.items():',
            '            if url.startswith(prefix):',
            '                return adapter',
            '    def mount(self, prefix: str, adapter: BaseAdapter) -> None:',
            '        self.adapters[prefix] = adapter',
            '    def prepare(self, body):',
            '        self.headers["Content-Length"] = body',
            '    def set_header(self, name: str, value: str) -> None:',
            '        self.headers[name] = value',
            '    def header(self, name):',
            '        return self.headers[name]',
          ],
          'src/pkg/http.py': [
            'from .adapters import BaseAdapter',
            'class HTTPAdapter(BaseAdapter):',
            '    def send(self, request):',
            '        return 1',
          ],
        },
        'Python',
        { central: ['Session'] },
      ),
    );
    // a fixed key (Content-Length) is no registration, and a string value is data, not code
    expect(points.map((p) => p.name)).toEqual(['mount']);
    expect(points[0]).toMatchObject({
      store: 'self.adapters',
      how: 'keyed',
      key: 'prefix',
      contract: { type: 'BaseAdapter', path: 'src/pkg/adapters.py', line: 1 },
      runs: { name: 'get_adapter', how: 'iterates', onPath: false },
      defaults: { name: '__init__', keys: ['https://'], types: ['HTTPAdapter'] },
    });
  });

  it('Python: a hook appended to the list a dict holds, run where each request is preprocessed', () => {
    const points = extensionPoints(
      input(
        {
          'src/web/app.py': [
            'T_before = t.TypeVar("T_before", bound=ft.BeforeRequestCallable)',
            'class App:',
            '    def __init__(self):',
            '        self.before_request_funcs = {}',
            '    def before_request(self, f: T_before) -> T_before:',
            '        self.before_request_funcs.setdefault(None, []).append(f)',
            '        return f',
            '    def preprocess_request(self):',
            '        for name in names:',
            '            if name in self.before_request_funcs:',
            '                for before_func in self.before_request_funcs[name]:',
            '                    before_func()',
          ],
        },
        'Python',
        { central: ['App'], mainPath: [step('preprocess_request', 'App', 'src/web/app.py', 8)] },
      ),
    );
    expect(points).toMatchObject([
      {
        name: 'before_request',
        store: 'self.before_request_funcs',
        how: 'appends',
        contract: { type: 'T_before', line: 1 },
        runs: { name: 'preprocess_request', how: 'iterates', onPath: true },
      },
    ]);
  });

  it('Python: a hook registered under an event the store was made with, and only those events', () => {
    const points = extensionPoints(
      input(
        {
          'src/pkg/hooks.py': [
            'HOOKS: list[str] = ["response"]',
            '',
            'def default_hooks():',
            '    return {event: [] for event in HOOKS}',
            '',
            'def dispatch_hook(key, hooks, data):',
            '    for hook in hooks.get(key, []):',
            '        data = hook(data)',
            '    return data',
          ],
          'src/pkg/models.py': [
            'from .hooks import default_hooks, dispatch_hook',
            'class Request:',
            '    def __init__(self):',
            '        self.hooks = default_hooks()',
            '    def register_hook(self, event: str, hook: Callable) -> None:',
            '        if event not in self.hooks:',
            '            raise ValueError(f"Unsupported event {event}")',
            '        self.hooks[event].append(hook)',
            '    def send(self, r):',
            '        return dispatch_hook("response", self.hooks, r)',
          ],
        },
        'Python',
        { central: ['Request'], mainPath: [step('send', 'Request', 'src/pkg/models.py', 9)] },
      ),
    );
    expect(points[0]).toMatchObject({
      name: 'register_hook',
      closedKeys: {
        keys: ['response'],
        path: 'src/pkg/hooks.py',
        line: 1,
        error: 'ValueError',
        errorLine: 7,
      },
    });
  });

  it('Python: a command stored by name, and the decorator that registers through it', () => {
    const points = extensionPoints(
      input(
        {
          'src/cli/core.py': [
            'class Command:',
            '    def invoke(self, ctx):',
            '        return self.callback()',
            'class ParameterSource(enum.Enum):',
            '    DEFAULT = 1',
            'class Group(Command):',
            '    def __init__(self):',
            '        self.commands = {}',
            '        self._sources = {}',
            '    def add_command(self, cmd: Command, name: str | None = None) -> None:',
            '        name = name or cmd.name',
            '        self.commands[name] = cmd',
            '    def command(self, *args, **kwargs):',
            '        def decorator(f):',
            '            cmd = make_command(*args, **kwargs)(f)',
            '            self.add_command(cmd)',
            '            return cmd',
            '        return decorator',
            '    def get_command(self, ctx, name):',
            '        return self.commands.get(name)',
            '    def set_source(self, name: str, source: ParameterSource) -> None:',
            '        self._sources[name] = source',
            '    def get_source(self, name):',
            '        return self._sources.get(name)',
          ],
        },
        'Python',
        { central: ['Command', 'Group'] },
      ),
    );
    // an enumeration stored by name is data
    expect(points.map((p) => p.name)).toEqual(['add_command']);
    expect(points[0]).toMatchObject({
      owner: 'Group',
      value: 'cmd',
      contract: { type: 'Command', line: 1 },
      runs: { name: 'get_command', how: 'calls', callee: 'self.commands.get' },
      via: [{ name: 'command', owner: 'Group' }],
    });
  });

  it('TypeScript: a constructor-assigned method handing handlers to a private helper that adds them to a pluggable router', () => {
    const points = extensionPoints(
      input(
        {
          'src/router.ts': [
            'export interface Router<T> {',
            '  add(method: string, path: string, handler: T): void',
            '  match(method: string, path: string): T[]',
            '}',
          ],
          'src/types.ts': ['export type MiddlewareHandler = (c: Context, next: Next) => Promise<void>'],
          'src/base.ts': [
            "import type { Router } from './router'",
            'export class Hono {',
            '  router!: Router<H>',
            '  routes: H[] = []',
            '  constructor(options: Options = {}) {',
            '    this.use = (arg1: string | MiddlewareHandler, ...handlers: MiddlewareHandler[]) => {',
            '      handlers.forEach((handler) => {',
            "        this.#addRoute('ALL', this.#path, handler)",
            '      })',
            '      return this',
            '    }',
            '  }',
            '  #addRoute(method: string, path: string, handler: H) {',
            '    const r = { path, method, handler }',
            '    this.router.add(method, path, [handler, r])',
            '    this.routes.push(r)',
            '  }',
            '  #dispatch(request: Request) {',
            '    const matched = this.router.match(request.method, request.url)',
            '    return matched',
            '  }',
            '}',
          ],
          // the default router fills its own list, but users register through `use`, not through it
          'src/smart-router.ts': [
            'export class SmartRouter<T> implements Router<T> {',
            '  #routes: [string, string, T][] = []',
            '  add(method: string, path: string, handler: T) {',
            '    this.#routes.push([method, path, handler])',
            '  }',
            '  match(method: string, path: string): T[] {',
            '    return this.#routes.filter((r) => r[0] === method).map((r) => r[2])',
            '  }',
            '}',
          ],
          'src/hono.ts': [
            'export class Hono extends HonoBase {',
            '  constructor(options: Options = {}) {',
            '    super(options)',
            '    this.router =',
            '      options.router ??',
            '      new SmartRouter({ routers: [] })',
            '  }',
            '}',
          ],
        },
        'TypeScript',
        {
          central: ['Hono', 'SmartRouter'],
          mainPath: [
            step('#dispatch', 'Hono', 'src/base.ts', 18),
            step('match', 'SmartRouter', 'src/smart-router.ts', 6),
          ],
        },
      ),
    );
    expect(points).toHaveLength(1);
    expect(points[0]).toMatchObject({
      name: 'use',
      value: 'handlers',
      many: true,
      store: 'this.router',
      storeLine: 15,
      how: 'calls',
      call: 'add',
      contract: { type: 'MiddlewareHandler', path: 'src/types.ts', line: 1 },
      runs: { name: '#dispatch', how: 'calls', callee: 'this.router.match', onPath: true },
      pluggable: {
        type: 'Router',
        path: 'src/router.ts',
        line: 1,
        default: { name: 'SmartRouter', path: 'src/hono.ts' },
      },
    });
  });

  it('Go: commands appended through a loop variable; a record of plain data is not code', () => {
    const points = extensionPoints(
      input(
        {
          'command.go': [
            'package cobra',
            'type Group struct {',
            '\tID    string',
            '\tTitle string',
            '}',
            'type Command struct {',
            '\tRun      func(cmd *Command, args []string)',
            '\tcommands []*Command',
            '\tgroups   []*Group',
            '}',
            'func (c *Command) AddCommand(cmds ...*Command) {',
            '\tfor i, x := range cmds {',
            '\t\tcmds[i].parent = c',
            '\t\tc.commands = append(c.commands, x)',
            '\t}',
            '}',
            'func (c *Command) AddGroup(groups ...*Group) {',
            '\tc.groups = append(c.groups, groups...)',
            '}',
            'func (c *Command) Groups() []*Group {',
            '\tfor _, g := range c.groups {',
            '\t\tprintln(g)',
            '\t}',
            '\treturn nil',
            '}',
            'func (c *Command) findNext(next string) *Command {',
            '\tfor _, cmd := range c.commands {',
            '\t\tif cmd.Name() == next {',
            '\t\t\treturn cmd',
            '\t\t}',
            '\t}',
            '\treturn nil',
            '}',
            'func (c *Command) Name() string {',
            '\treturn ""',
            '}',
          ],
        },
        'Go',
        { central: ['Command'] },
      ),
    );
    expect(points.map((p) => p.name)).toEqual(['AddCommand']);
    expect(points[0]).toMatchObject({
      value: 'cmds',
      store: 'c.commands',
      contract: { type: 'Command', line: 6 },
      runs: { name: 'findNext', how: 'iterates' },
    });
  });

  it('says nothing of a setter, a private store, or a collection nothing uses', () => {
    const points = extensionPoints(
      input(
        {
          'src/store.ts': [
            'export class Store {',
            '  private handlers: Handler[] = []',
            '  addHandler(handler: Handler) {',
            '    this.handlers.push(handler)',
            '  }',
            '  #register(fn: Handler) {',
            '    this.listeners.push(fn)',
            '  }',
            '  run() {',
            '    for (const l of this.listeners) l()',
            '  }',
            '}',
          ],
        },
        'TypeScript',
        { central: ['Store'] },
      ),
    );
    // addHandler fills a list nothing reads; #register is private
    expect(points).toEqual([]);
  });

  it("Python: a value typed `typing.Any` handed to a method is data, not users' code", () => {
    const points = extensionPoints(
      input(
        {
          'pkg/_urls.py': [
            'import typing',
            '',
            'class URL:',
            '    def __init__(self):',
            '        self.params = QueryParams()',
            '',
            '    def copy_set_param(self, key: str, value: typing.Any = None) -> URL:',
            '        return self.copy_with(params=self.params.set(key, value))',
            '',
            '    def copy_merge_params(self, params: QueryParamTypes) -> URL:',
            '        return self.copy_with(params=self.params.merge(params))',
            '',
            'class QueryParams:',
            '    def set(self, key, value):',
            '        q = dict(self._dict)',
            '        q[key] = [value]',
            '        return q',
            '',
            '    def merge(self, params):',
            '        q = dict(self._dict)',
            '        q.update(params)',
            '        return q',
          ],
        },
        'Python',
        { central: ['URL'], publicNames: new Set(['URL']) },
      ),
    );
    expect(points).toEqual([]);
  });

  it('a point on a type that is neither central, public nor in the README is left out', () => {
    const files = {
      'lib/registry.js': [
        'class Registry {',
        '  register (plugin) {',
        '    this.plugins.push(plugin)',
        '  }',
        '  load () {',
        '    this.plugins.forEach((p) => p.load())',
        '  }',
        '}',
      ],
    };
    expect(extensionPoints(input(files, 'JavaScript'))).toEqual([]);
    expect(
      extensionPoints(input(files, 'JavaScript', { readme: 'registry.register(myPlugin)' })),
    ).toMatchObject([{ name: 'register', store: 'this.plugins', runs: { name: 'load', how: 'iterates' } }]);
  });
});

describe('hook fields', () => {
  it('Go and Rust: a struct with no field of function type is data users hand over, not code they plug in', () => {
    const go = extensionPoints(
      input(
        {
          'src/terminal.go': [
            'package fzf',
            'type MatchResult struct {',
            '\titem  *Item',
            '\tscore int',
            '}',
            'func (r MatchResult) Index() int32 {',
            '\treturn r.score',
            '}',
            'type Terminal struct {',
            '\tselected []MatchResult',
            '}',
            'func (t *Terminal) UpdateList(result MatchResult) {',
            '\tt.selected = append(t.selected, result)',
            '}',
            'func (t *Terminal) sortSelected() {',
            '\tfor _, r := range t.selected {',
            '\t\thandle(r)',
            '\t}',
            '}',
          ],
        },
        'Go',
        { central: ['Terminal'] },
      ),
    );
    expect(go).toEqual([]);
    const rust = extensionPoints(
      input(
        {
          'src/pretty_printer.rs': [
            "pub struct Input<'a> {",
            "    kind: InputKind<'a>,",
            '}',
            "impl<'a> Input<'a> {",
            '    pub fn name(&mut self) -> &str {',
            '        "x"',
            '    }',
            '}',
            "pub struct PrettyPrinter<'a> {",
            "    inputs: Vec<Input<'a>>,",
            '}',
            "impl<'a> PrettyPrinter<'a> {",
            "    pub fn inputs(&mut self, inputs: impl IntoIterator<Item = Input<'a>>) -> &mut Self {",
            '        for input in inputs {',
            '            self.inputs.push(input);',
            '        }',
            '        self',
            '    }',
            '    pub fn print(&mut self) -> bool {',
            '        let inputs = std::mem::take(&mut self.inputs);',
            '        run(inputs)',
            '    }',
            '}',
          ],
        },
        'Rust',
        { central: ['PrettyPrinter'] },
      ),
    );
    expect(rust).toEqual([]);
    expect(elementType("impl IntoIterator<Item = Input<'a>>")).toBe("Input<'a>");
  });

  it("Go: a central struct's function fields, called by the main path's step", () => {
    const hooks = hookFields(
      input(
        {
          'command.go': [
            'package cobra',
            'type Command struct {',
            '\tUse string',
            '\tPreRun func(cmd *Command, args []string)',
            '\tRun func(cmd *Command, args []string)',
            '\tPostRun func(cmd *Command, args []string)',
            '}',
            'func (c *Command) execute(args []string) error {',
            '\tif c.PreRun != nil {',
            '\t\tc.PreRun(c, args)',
            '\t}',
            '\tc.Run(c, args)',
            '\tc.PostRun(c, args)',
            '\treturn nil',
            '}',
          ],
        },
        'Go',
        { central: ['Command'], mainPath: [step('execute', 'Command', 'command.go', 8)] },
      ),
    );
    expect(hooks).toMatchObject({
      owner: 'Command',
      line: 4,
      endLine: 6,
      fields: ['PreRun', 'Run', 'PostRun'],
      type: 'func(cmd *Command, args []string)',
      caller: { name: 'execute', onPath: true },
    });
  });

  it('Python: parameters of a multi-line signature are not fields, and uncalled fields say nothing', () => {
    const hooks = hookFields(
      input(
        {
          'core.py': [
            'class Command:',
            '    def __init__(',
            '        self,',
            '        callback: t.Callable[..., t.Any] | None = None,',
            '        on_close: t.Callable[[], None] | None = None,',
            '    ) -> None:',
            '        self.callback = callback',
          ],
        },
        'Python',
        { central: ['Command'] },
      ),
    );
    expect(hooks).toBeUndefined();
  });
});

describe('elementType', () => {
  it('reads the stored element from a declared parameter type', () => {
    expect(elementType('...func(http.Handler) http.Handler')).toBe('func(http.Handler) http.Handler');
    expect(elementType('MiddlewareHandler<any>[]')).toBe('MiddlewareHandler<any>');
    expect(elementType('string | MiddlewareHandler<any>')).toBe('MiddlewareHandler<any>');
    expect(elementType('Iterable[_t.HookType] | _t.HookType')).toBe('_t.HookType');
    expect(elementType('*Command')).toBe('Command');
    expect(elementType('(context: Context) => Promise<any | void>')).toBe(
      '(context: Context) => Promise<any | void>',
    );
  });
});

describe('class parameters', () => {
  it('Python: a public function that builds the class its `cls` names, past its overloads and a private one', () => {
    const found = classParams(
      input(
        {
          'pkg/deco.py': [
            '@t.overload',
            'def command(name: str, cls: type[C]) -> C: ...',
            '',
            'def command(name=None, cls: type[C] | None = None, **attrs):',
            '    if cls is None:',
            '        cls = t.cast("type[C]", Command)',
            '    def decorator(f):',
            '        return cls(name=name, callback=f, **attrs)',
            '    return decorator',
            '',
            'def group(name=None, cls=None, **attrs):',
            '    if cls is None:',
            '        cls = Group',
            '    return command(name, cls, **attrs)',
            '',
            'def _hidden(cls=None):',
            '    cls = cls or Thing',
            '    return cls()',
            '',
            'def plain(kind=None):',
            '    if kind is None:',
            '        kind = Thing',
            '    return kind()',
          ],
        },
        'Python',
        { publicNames: new Set(['command', 'group', 'plain']) },
      ),
    );
    expect(found.map((c) => `${c.name}:${c.param}:${c.default}:${c.line}`)).toEqual([
      'command:cls:Command:4',
      'group:cls:Group:11',
    ]);
  });

  it('TypeScript: a default class in the signature, built with `new`', () => {
    const found = classParams(
      input(
        {
          'src/make.ts': [
            'export function make(name: string, Klass: typeof Widget = Widget) {',
            '  return new Klass(name);',
            '}',
          ],
        },
        'TypeScript',
        { publicNames: new Set(['make']) },
      ),
    );
    expect(found.map((c) => `${c.name}:${c.param}:${c.default}`)).toEqual(['make:Klass:Widget']);
  });
});
