// The flow pass: definitions and their bodies per language, calls, import bindings, and the traced
// path from the entry points through a small framework, a Rust CLI and a Spring application.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import { sourcesFromMap } from '../sources.ts';
import type { Identity, MainPathStep, Route } from '../types.ts';
import { callsIn, definitions, goImportLines, importBindings } from './definitions.ts';
import type { FileModel, Target } from './definitions.ts';
import {
  abstractions,
  fileModel,
  onlyNamedAsType,
  flowPass,
  pathTypes,
  rustConstructors,
  signatureTypes,
  transactionIn,
} from './index.ts';
import { docOf } from './main-path.ts';
import { fileInfos, identity } from './test-fixtures.ts';

const names = (defs: { name: string; owner?: string }[]) =>
  defs.map((d) => `${d.owner ? `${d.owner}.` : ''}${d.name}`);

/** The models' types and functions by name, as the flow pass indexes them. */
function indexDefs(models: FileModel[]): { types: Map<string, Target[]>; fns: Map<string, Target[]> } {
  const types = new Map<string, Target[]>();
  const fns = new Map<string, Target[]>();
  for (const file of models)
    for (const def of file.defs) {
      const into = def.kind === 'type' ? types : fns;
      into.set(def.name, [...(into.get(def.name) ?? []), { file, def }]);
    }
  return { types, fns };
}

describe('definitions', () => {
  it('finds JavaScript classes, methods and functions, and folds closures into their function', () => {
    const code = [
      "const compose = require('koa-compose')",
      'module.exports = class Application extends Emitter {',
      '  listen (...args) {',
      '    const server = http.createServer(this.callback())',
      '    return server.listen(...args)',
      '  }',
      '',
      '  callback () {',
      '    const fn = compose(this.middleware)',
      '    const handleRequest = (req, res) => {',
      '      return this.handleRequest(ctx, fn)',
      '    }',
      '    return handleRequest',
      '  }',
      '}',
      'function respond (ctx) {',
      "  if (ctx.body == null) return ctx.res.end('')",
      '}',
    ].join('\n');
    const defs = definitions(code, 'JavaScript');
    expect(names(defs)).toEqual(['Application', 'Application.listen', 'Application.callback', 'respond']);
    expect(defs.find((d) => d.name === 'Application')!.bases).toEqual(['Emitter']);
    const callback = defs.find((d) => d.name === 'callback')!;
    expect([callback.line, callback.end]).toEqual([8, 14]);
    // the closure's call belongs to callback()
    const calls = callsIn(code.split('\n'), callback.line, callback.end, 'callback').map((c) => c.name);
    expect(calls).toEqual(expect.arrayContaining(['compose', 'handleRequest']));
  });

  it('ends a JavaScript function at its own closing brace, before what the module does after it', () => {
    const code = [
      'function pino (opts) {',
      "  const open = '{'",
      '  const tag = `${opts.name} {`',
      '  const brace = /[{]/',
      '  return asChindings(opts, open, tag, brace)',
      '}',
      '',
      'module.exports = pino',
      '',
      'module.exports.destination = (dest = process.stdout.fd) => {',
      '  return buildSafeSonicBoom({ dest: normalizeDestFileDescriptor(dest) })',
      '}',
      "module.exports.transport = require('./lib/transport')",
      'exports.levels = function levels (map) {',
      '  return mappings(map)',
      '}',
      'Logger.prototype.child = async (bindings) =>',
      '  makeChild(bindings)',
      'setup()',
      'const twice = (x) => x * 2',
      'run(twice)',
      'function last () {}',
    ].join('\n');
    const defs = definitions(code, 'JavaScript');
    expect(names(defs)).toEqual(['pino', 'destination', 'levels', 'Logger.child', 'twice', 'last']);
    const span = (name: string) => {
      const d = defs.find((x) => x.name === name)!;
      return [d.line, d.end];
    };
    expect(span('pino')).toEqual([1, 7]);
    expect(span('destination')).toEqual([10, 12]);
    expect(span('levels')).toEqual([14, 16]);
    expect(span('child')).toEqual([17, 18]);
    expect(span('twice')).toEqual([20, 20]);
    const pino = defs[0]!;
    // the destination's calls are its own, not pino's
    expect(callsIn(code.split('\n'), pino.line, pino.end, 'pino').map((c) => c.name)).toEqual([
      'asChindings',
    ]);
  });

  it('keeps a closure folded into the typed arrow-function field holding it', () => {
    const code = [
      'class Context {',
      '  status (code: number) {',
      '    this.code = code',
      '  }',
      '',
      '  html: Respond = (',
      '    body: string,',
      '  ): Response => {',
      '    const res = (text: string) =>',
      '      this.respond(text)',
      '    return res(body)',
      '  }',
      '}',
    ].join('\n');
    const defs = definitions(code, 'TypeScript');
    // `res` is html's, not a method of Context's own; status ends at its brace, its blank line kept
    expect(names(defs)).toEqual(['Context', 'Context.status', 'Context.html']);
    expect(defs[1]!.end).toBe(5);
  });

  it("finds a class's methods whose type parameters or arrow parameters run over several lines, and its typed arrow fields", () => {
    const code = [
      'class App {',
      '  route<',
      '    SubPath extends string,',
      '  >(',
      '    path: SubPath,',
      '  ): App {',
      '    return this',
      '  }',
      '',
      '  request = (',
      '    input: Request | string,',
      '  ): Response | Promise<Response> => {',
      '    return this.fetch(input)',
      '  }',
      '',
      '  header: SetHeaders = (name, value): void => {',
      '    this.h.set(name, value)',
      '  }',
      '  getLayout = (): Layout | undefined => this.layout',
      '  body: BodyRespond = (',
      '    data: Data | null,',
      '  ): ReturnType<BodyRespond> => this.respond(data)',
      '  json: JSONRespond = <',
      '    T extends JSONValue,',
      '  >(',
      '    object: T,',
      '  ): JSONRespondReturn<T> => {',
      '    return this.respond(object)',
      '  }',
      '  set: Set<',
      '    E extends true',
      '      ? {',
      '          Variables: Record<string, any>',
      '        }',
      '      : E',
      '  > = (key: string, value: unknown) => {',
      '    this.vars.set(key, value)',
      '  }',
      '  setLayout = (',
      '    layout: Layout',
      '  ): Layout<',
      '    P & {',
      '      Layout: Layout',
      '    }',
      '  > => (this.layout = layout)',
      '  redirect = <T extends Code = 302>(',
      '    location: string,',
      '  ): Response => {',
      '    return this.respond(location)',
      '  }',
      '  total = (',
      '    a + b',
      '  )',
      '}',
    ].join('\n');
    expect(names(definitions(code, 'TypeScript'))).toEqual([
      'App',
      'App.route',
      'App.request',
      'App.header',
      'App.getLayout',
      'App.body',
      'App.json',
      'App.set',
      'App.setLayout',
      'App.redirect',
    ]);
  });

  it('finds a TypeScript method whose type parameters hold a function type', () => {
    const code = [
      'export class Client {',
      '  async #send(): Promise<Response> {',
      '    return fetch(this.url)',
      '  }',
      '',
      '  async #retry<T extends (...args: any) => Promise<any>>(fn: T): Promise<ReturnType<T> | void> {',
      '    return await fn()',
      '  }',
      '',
      '  #wrap<T extends (value: string) => Promise<T>>(',
      '    fn: T,',
      '  ): T {',
      '    return fn',
      '  }',
      '}',
    ].join('\n');
    const defs = definitions(code, 'TypeScript');
    expect(names(defs)).toEqual(['Client', 'Client.#send', 'Client.#retry', 'Client.#wrap']);
    // the method before it ends where it begins
    expect(defs.find((d) => d.name === '#send')!.end).toBeLessThan(6);
  });

  it('reads the lines of a multi-line template literal as text: its second line at column 0 ends no class', () => {
    const code = [
      'class Command {',
      '  addCommand (cmd) {',
      '    if (!cmd.name) {',
      '      throw new Error(`Command passed to .addCommand() must have a name',
      '- specify the name in Command constructor or using .name()`)',
      '    }',
      '    return this',
      '  }',
      '  parse (argv) {',
      '    const quote = "it\'s `not` a template"',
      '    return this.run(argv, quote)',
      '  }',
      '}',
    ].join('\n');
    expect(names(definitions(code, 'JavaScript'))).toEqual([
      'Command',
      'Command.addCommand',
      'Command.parse',
    ]);
  });

  it('finds Python classes with their bases and methods', () => {
    const code = [
      'class Group(Command):',
      '    def main(self, args=None):',
      '        ctx = self.make_context(args)',
      '        def inner():',
      '            return ctx.invoke()',
      '        return inner()',
      '',
      '    def make_context(self, args):',
      '        return Context(self)',
    ].join('\n');
    const defs = definitions(code, 'Python');
    expect(names(defs)).toEqual(['Group', 'Group.main', 'Group.make_context']);
    expect(defs[0]!.bases).toEqual(['Command']);
    expect(defs[1]!.end).toBe(7);
    // a C# parameter's default value leaves the head a method's; a call with `==` or a lambda is no head
    const cs = [
      'public class Configuration',
      '{',
      '    public Configuration Register(',
      '        params Assembly[] assemblies)',
      '    {',
      '        return this;',
      '    }',
      '',
      '    public Configuration AddBehaviors(IEnumerable<Type> types, Lifetime lifetime = Lifetime.Transient)',
      '    {',
      '        Check(a == b);',
      '        return this;',
      '    }',
      '}',
    ].join('\n');
    const csDefs = definitions(cs, 'C#');
    expect(names(csDefs)).toEqual(['Configuration', 'Configuration.Register', 'Configuration.AddBehaviors']);
    expect(csDefs[1]!.end).toBeLessThan(9);
    // the last segment of a dotted base, without typing's generic wrappers
    expect(definitions('class ParamType(t.Generic[V], abc.ABC):\n    pass', 'Python')[0]!.bases).toEqual([
      'ABC',
    ]);
  });

  it('ends a Rust function at the next impl or inline module, and names impl methods by their type', () => {
    const code = [
      'pub fn scan(paths: &[PathBuf]) -> Result<ExitCode> {',
      '    WorkerState::new(config).scan(paths)',
      '}',
      'impl WorkerState {',
      '    fn scan(&self, paths: &[PathBuf]) -> Result<ExitCode> {',
      '        thread::scope(|s| self.spawn_senders(s));',
      '        println!("done");',
      '    }',
      '}',
      '#[cfg(test)]',
      'mod tests {',
      '    fn helper() {}',
      '}',
    ].join('\n');
    const defs = definitions(code, 'Rust');
    expect(names(defs)).toEqual(['scan', 'WorkerState.scan']);
    // a method named like another language's keyword is a method, and ends the one before it
    const printer = definitions(
      [
        'impl Buffer {',
        '    fn poll(&mut self) {',
        '        self.print();',
        '    }',
        '    fn print(&mut self) {',
        '        write_entry();',
        '    }',
        '}',
      ].join('\n'),
      'Rust',
    );
    expect(printer.map((d) => [d.name, d.line, d.end])).toEqual([
      ['poll', 2, 4],
      ['print', 5, 8],
    ]);
    expect(defs[0]!.end).toBe(3);
    expect(defs[1]!.end).toBe(10);
    const calls = callsIn(code.split('\n'), 1, 3, 'scan');
    // the definition's own name is not a call on its first line; X::new(…) creates an X
    expect(calls.map((c) => [c.name, c.creates])).toEqual([
      ['WorkerState', true],
      ['scan', false],
    ]);
    // macros are not calls
    expect(callsIn(code.split('\n'), 5, 8, 'scan').map((c) => c.name)).toEqual(['scope', 'spawn_senders']);
  });

  it('finds Go methods by receiver and Java methods in their class', () => {
    const go = definitions(
      ['type Command struct {', '}', 'func (c *Command) ExecuteC() (cmd *Command, err error) {', '}'].join(
        '\n',
      ),
      'Go',
    );
    expect(names(go)).toEqual(['Command', 'Command.ExecuteC']);
    const java = definitions(
      [
        'public interface OwnerRepository extends JpaRepository<Owner, Integer> {',
        '}',
        'class OwnerController {',
        '    @GetMapping("/owners/new")',
        '    public String initCreationForm(Map<String, Object> model) {',
        '        return VIEW;',
        '    }',
        '}',
      ].join('\n'),
      'Java',
    );
    expect(names(java)).toEqual(['OwnerRepository', 'OwnerController', 'OwnerController.initCreationForm']);
    expect(java[0]!.bases).toEqual(['JpaRepository']);
  });
});

describe('Ruby singleton classes', () => {
  it("counts the methods of `class << self` as the enclosing class's own and ends the method before it", () => {
    const code = [
      'module Tune',
      '  class Base',
      '    def call(env)',
      '      dup.call!(env)',
      '    end',
      '',
      '    class << self',
      '      def get(path, &block)',
      '        route(path, &block)',
      '      end',
      '    end',
      '  end',
      '',
      '  class Other',
      '    def run',
      '    end',
      '  end',
      'end',
    ].join('\n');
    const defs = definitions(code, 'Ruby');
    expect(defs.filter((d) => d.kind === 'method').map((d) => [d.owner, d.name, d.line, d.end])).toEqual([
      ['Base', 'call', 3, 5],
      ['Base', 'get', 8, 10],
      ['Other', 'run', 15, 16],
    ]);
  });

  it('ends a method at its own `end`, past a method-wide rescue, not at the class body that follows', () => {
    const code = [
      'class Base',
      '  def dispatch!',
      '    route!',
      '  rescue Error => e',
      '    handle!(e)',
      '  end',
      '',
      '  def short = 1',
      '',
      '  reset!',
      '  set :x, 1',
      'end',
    ].join('\n');
    const defs = definitions(code, 'Ruby').filter((d) => d.kind === 'method');
    expect(defs.map((d) => [d.name, d.line, d.end])).toEqual([
      ['dispatch!', 2, 6],
      ['short', 8, 8],
    ]);
  });

  it('reads calls without parentheses: bang and predicate methods, block calls and calls on a copy of self', () => {
    const lines = [
      '  dup.call!(env)',
      '  invoke { dispatch! }',
      '  static! if settings.static? && x != y',
      '  value = compute',
      '  items.each do |i|',
    ];
    const calls = (i: number) => callsIn(lines, i, i, undefined, 'Ruby').map((c) => [c.root ?? '', c.name]);
    expect(calls(1)).toEqual([['self', 'call!']]);
    expect(calls(2)).toEqual([
      ['', 'invoke'],
      ['', 'dispatch!'],
    ]);
    expect(calls(3)).toEqual([
      ['', 'static!'],
      ['settings', 'static?'],
    ]);
    // a bare name may be a local variable: it is no call
    expect(calls(4)).toEqual([]);
    expect(calls(5)).toEqual([['items', 'each']]);
    // in another language `call!(` is a macro
    expect(callsIn(['  println!(x)'], 1, 1)).toEqual([]);
  });
});

describe('calls and imports', () => {
  it('reads no call inside a string and none in a blanked comment', () => {
    const code = blankComments(['// run(now)', 'const s = "fake(call)"; real(1)'].join('\n'), 'JavaScript');
    expect(callsIn(code.split('\n'), 1, 2).map((c) => c.name)).toEqual(['real']);
    // raising an error is not part of the work
    expect(callsIn(['raise Abort()', 'throw new HttpError(404)', 'work()'], 1, 3).map((c) => c.name)).toEqual(
      ['work'],
    );
  });

  it('binds the names each language imports to their module', () => {
    const js = importBindings(
      "const compose = require('koa-compose')\nconst { a, b: c } = require('x')\nimport * as http from 'node:http'",
      'JavaScript',
    );
    expect(Object.fromEntries(js)).toMatchObject({
      compose: 'koa-compose',
      a: 'x',
      c: 'x',
      http: 'node:http',
    });
    const rust = importBindings(
      'use ignore::{WalkBuilder, WalkState};\nuse std::thread;\nuse crate::walk;',
      'Rust',
    );
    expect(Object.fromEntries(rust)).toMatchObject({
      WalkBuilder: 'ignore::WalkBuilder',
      thread: 'std::thread',
      walk: 'crate::walk',
    });
    const go = importBindings('import (\n\tflag "github.com/spf13/pflag"\n\t"context"\n)', 'Go');
    expect(Object.fromEntries(go)).toMatchObject({ flag: 'github.com/spf13/pflag', context: 'context' });
    const py = importBindings('from .core import Command, Group as G\nimport os.path as p', 'Python');
    expect(Object.fromEntries(py)).toMatchObject({ Command: '.core', G: '.core', p: 'os.path' });
  });
});

describe("Go's import lines", () => {
  it('are those a search of the whole text finds, though only lines holding a quote are tried', () => {
    const whole = /^[ \t]*(?:import[ \t]+)?([\w.]+[ \t]+)?"([^"]+)"[ \t]*$/gm;
    const samples = [
      'package a\n\nimport (\n\t"fmt"\n\tx "github.com/a/b"\n)\nimport "os"\nfunc f() {\n\ts := "a" +\n\t\t"b"\n}\n',
      'x "multi\nline" \n"z"',
      'a\n\n"q"  \n  "r"\t\nimport . "dot"\n"unterminated\n"x" "y"\n',
      'a\r\n"b"\r\n',
      'a\u2028"b"\n',
    ];
    // every short text of these pieces, in a fixed pseudo-random order
    const pieces = ['"', '\n', ' ', '\t', 'a', 'import ', 'x.y ', '_'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 3000; i++)
      samples.push(
        Array.from({ length: Math.floor(next() * 24) }, () => pieces[Math.floor(next() * 8)]).join(''),
      );
    const found = (ms: Iterable<RegExpExecArray>) => [...ms].map((m) => [m.index, ...m]);
    for (const code of samples) expect(found(goImportLines(code))).toEqual(found(code.matchAll(whole)));
  });
});

describe('flowPass', () => {
  it('reads no path through a declaration file, whose parameter types read like calls', () => {
    const contents = {
      'lib/command.js': [
        'class Command {',
        '  parse (argv) {',
        '    const args = this.prepare(argv)',
        '    return this.run(args)',
        '  }',
        '  prepare (argv) {',
        '    const out = argv.slice(2)',
        '    return out',
        '  }',
        '  run (args) {',
        '    this.action(args)',
        '    return this',
        '  }',
        '  action (fn) {',
        '    this.handler = fn',
        '    return this',
        '  }',
        '}',
        'module.exports = { Command }',
      ].join('\n'),
      'typings/index.d.ts': [
        'export class Command {',
        '  hook(',
        '    event: string,',
        '    listener: (',
        '      thisCommand: Command,',
        '    ) => void,',
        '  ): this;',
        ...Array.from({ length: 40 }, (_, i) => `  action(fn${i}: (...args: any[]) => void): this;`),
        '  parse(argv?: string[]): this;',
        '}',
      ].join('\n'),
    };
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: [
        ...fileInfos({ 'lib/command.js': contents['lib/command.js'] }, 'JavaScript'),
        ...fileInfos({ 'typings/index.d.ts': contents['typings/index.d.ts'] }, 'TypeScript'),
      ],
      identity: identity({
        kind: 'library',
        productPaths: ['lib', 'typings'],
        entryPoints: [{ path: 'lib/command.js', line: 1, how: 'package.json "main"' }],
        publicApi: [
          { name: 'Command', kind: 'class', path: 'lib/command.js', line: 1 },
          { name: 'parse', kind: 'method', path: 'lib/command.js', line: 2 },
        ],
        keyComponents: [
          { path: 'typings/index.d.ts', rank: 1 },
          { path: 'lib/command.js', rank: 2 },
        ],
      }),
      routes: [],
      dependencies: [],
    });
    expect(flow.steps.length).toBeGreaterThan(0);
    // nothing is defined in the declarations: no `Command.listener()` made of a parameter's type
    expect(flow.defines.map((d) => d.path)).toEqual(['lib/command.js']);
    expect(flow.abstractions.every((a) => a.path === 'lib/command.js')).toBe(true);
    expect(flow.steps.every((s) => s.path === 'lib/command.js')).toBe(true);
    expect((flow.mainPath ?? []).every((s) => s.path === 'lib/command.js')).toBe(true);
  });

  it("reads a step's doc comment whose tags and roles hold long runs of spaces", () => {
    const pad = ' '.repeat(100_000);
    const raw = [
      '/**',
      ` * Runs the {@link${pad}Router} and :class:\`Session${pad}\` then {@code${pad}`,
      ' */',
      'function run() {}',
    ].join('\n');
    const def = definitions(raw, 'JavaScript').find((d) => d.name === 'run')!;
    const started = performance.now();
    const doc = docOf(raw, def, 'JavaScript');
    expect(doc).toMatch(/^Runs the Router and Session/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('traces a framework from its public drivers into its own functions and its libraries', () => {
    const contents = {
      'lib/application.js': [
        "const compose = require('koa-compose')",
        "const http = require('node:http')",
        "const onFinished = require('on-finished')",
        'module.exports = class Application extends Emitter {',
        '  listen (...args) {',
        '    const server = http.createServer(this.callback())',
        '    return server.listen(...args)',
        '  }',
        '  callback () {',
        '    const fn = compose(this.middleware)',
        '    return (req, res) => this.handleRequest(this.createContext(req, res), fn)',
        '  }',
        '  handleRequest (ctx, fnMiddleware) {',
        '    onFinished(ctx.res, ctx.onerror)',
        '    return fnMiddleware(ctx).then(() => respond(ctx))',
        '  }',
        '  createContext (req, res) {',
        '    const context = Object.create(this.context)',
        '    return context',
        '  }',
        '  use (fn) {',
        '    this.middleware.push(fn)',
        '    return this',
        '  }',
        '}',
        'function respond (ctx) {',
        '  const body = ctx.body',
        '  return ctx.res.end(body)',
        '}',
      ].join('\n'),
      'test/app.test.js': 'const app = new Koa()\napp.listen()\n',
    };
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: fileInfos(contents, 'JavaScript'),
      identity: identity({
        kind: 'framework',
        productPaths: ['lib'],
        nonProduct: [{ path: 'test', role: 'tests' }],
        entryPoints: [{ path: 'lib/application.js', line: 1, how: 'package.json "main"' }],
        publicApi: [
          { name: 'Application', kind: 'class', path: 'lib/application.js', line: 4 },
          { name: 'listen', kind: 'method', path: 'lib/application.js', line: 5 },
        ],
        keyComponents: [{ path: 'lib/application.js', rank: 1 }],
      }),
      routes: [],
      dependencies: ['koa-compose', 'on-finished'].map((name) => ({
        name,
        version: '1',
        ecosystem: 'npm',
        scope: 'runtime',
        manifest: 'package.json',
        line: 1,
      })) as never,
    });
    const step = (name: string) => flow.steps.find((s) => s.name === name);
    expect(flow.steps[0]).toMatchObject({ name: 'listen', owner: 'Application', depth: 0, line: 5 });
    expect(step('listen')!.calls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'callback', path: 'lib/application.js', target: 9 }),
        expect.objectContaining({ name: 'createServer', from: 'node:http' }),
      ]),
    );
    expect(step('callback')!.calls.map((c) => c.from ?? c.name)).toEqual(
      expect.arrayContaining(['handleRequest', 'createContext', 'koa-compose']),
    );
    expect(step('handleRequest')!.calls.map((c) => c.from ?? c.name)).toEqual(
      expect.arrayContaining(['respond', 'on-finished']),
    );
    // a call in another's arguments runs first: `callback()` before the server it is handed to
    const order = (flow.mainPath ?? []).map((s) => s.name);
    expect(order.indexOf('callback')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('callback')).toBeLessThan(order.indexOf('http.createServer'));
    // the test file is not product code: nothing is traced from it
    expect(flow.steps.every((s) => s.path === 'lib/application.js')).toBe(true);
    expect(flow.abstractions[0]).toMatchObject({ name: 'Application', bases: ['Emitter'], methods: 5 });
  });

  it('names the value every stage is handed a central type, wherever its file ranks', () => {
    const stage = (name: string) =>
      [
        `pub fn ${name}(entry: &Entry, config: &Config) -> bool {`,
        '    let a = entry.len();',
        '    a > config.limit',
        '}',
      ].join('\n');
    const contents = {
      'src/main.rs': [
        'fn main() {',
        '    let config = Config::default();',
        '    let tool = Tool::new();',
        '    tool.run(&config);',
        '}',
        'pub struct Tool {',
        '    size: usize,',
        '}',
        'impl Tool {',
        '    fn run(&self, config: &Config) {',
        '        let a = self.size;',
        '        let b = a + 1;',
        '        walk(b)',
        '    }',
        '}',
      ].join('\n'),
      'src/config.rs': [
        '/// The resolved options.',
        'pub struct Config {',
        '    pub limit: usize,',
        '}',
      ].join('\n'),
      'src/filter.rs': stage('filter'),
      'src/output.rs': stage('print'),
      'src/exec.rs': stage('exec'),
      'src/walk.rs': stage('walk'),
      'src/other.rs': 'pub fn other(x: usize) -> usize {\n    let config = x;\n    config\n}',
    };
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: fileInfos(contents, 'Rust'),
      identity: identity({
        kind: 'cli',
        productPaths: ['src'],
        entryPoints: [{ path: 'src/main.rs', line: 1, how: 'binary (fn main)' }],
        keyComponents: [{ path: 'src/main.rs', rank: 1 }],
      }),
      routes: [],
      dependencies: [],
    });
    expect(flow.abstractions.map((t) => t.name)).toContain('Config');
  });

  it('records the condition a concurrent block runs under', () => {
    const contents = {
      'src/main.rs': [
        'use std::thread;',
        'fn main() {',
        '    run_all(&recipes);',
        '}',
        'fn run_all(recipes: &[Recipe]) {',
        '    if recipes.is_parallel() {',
        '        thread::scope(|s| {',
        '            s.spawn(|| run(recipes));',
        '        });',
        '    }',
        '}',
      ].join('\n'),
    };
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: fileInfos(contents, 'Rust'),
      identity: identity({
        kind: 'cli',
        productPaths: ['src'],
        entryPoints: [{ path: 'src/main.rs', line: 2, how: 'binary (fn main)' }],
      }),
      routes: [],
      dependencies: [],
    });
    expect(flow.concurrency.find((c) => c.what.includes('std::thread'))).toMatchObject({
      line: 7,
      when: 'recipes.is_parallel()',
    });
  });

  it('counts a channel the code makes, not a channel type it passes on in a signature', () => {
    const run = (body: string[]) => {
      const contents = { 'web/context.go': ['package web', '', ...body].join('\n') };
      return flowPass({
        src: sourcesFromMap(contents),
        files: fileInfos(contents, 'Go'),
        identity: identity({ productPaths: ['web'] }),
        routes: [],
        dependencies: [],
      }).concurrency.filter((c) => c.what === 'channels');
    };
    // the request's own channel handed back: nothing here runs at the same time
    expect(
      run([
        'func (c *Context) Done() <-chan struct{} {',
        '\treturn c.Request.Context().Done()',
        '}',
        'func (c *Context) Stream(step func() bool, out chan<- int) {',
        '\tstep()',
        '}',
      ]),
    ).toEqual([]);
    expect(run(['func Walk() {', '\tresults := make(chan string)', '\tgo fill(results)', '}'])).toMatchObject(
      [{ path: 'web/context.go', line: 4 }],
    );
    // one slot, used as a lock, in a package that starts no goroutine: no work runs alongside
    expect(
      run([
        'func NewConn() *Conn {',
        '\tmu := make(chan struct{}, 1)',
        '\tmu <- struct{}{}',
        '\treturn &Conn{mu: mu}',
        '}',
      ]),
    ).toEqual([]);
  });

  it('traces a CLI from main() through its modules and finds how it works in parallel', () => {
    const contents = {
      'src/main.rs': [
        'use clap::Parser;',
        'fn main() {',
        '    let result = run();',
        '}',
        'fn run() -> Result<ExitCode> {',
        '    let opts = Opts::parse();',
        '    let config = construct_config(opts)?;',
        '    walk::scan(&paths, config)',
        '}',
        'fn construct_config(opts: Opts) -> Result<Config> {',
        '    Ok(Config { threads: opts.threads })',
        '}',
      ].join('\n'),
      'src/walk.rs': [
        'use std::thread;',
        'use crossbeam_channel::bounded;',
        'pub fn scan(paths: &[PathBuf], config: Config) -> Result<ExitCode> {',
        '    let (tx, rx) = bounded(1000);',
        '    thread::scope(|s| {',
        '        s.spawn(|| receive(rx));',
        '    });',
        '}',
        'fn receive(rx: Receiver) {',
        '    for entry in rx { print(entry); }',
        '}',
      ].join('\n'),
    };
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: fileInfos(contents, 'Rust'),
      identity: identity({
        kind: 'cli',
        productPaths: ['src'],
        entryPoints: [{ path: 'src/main.rs', line: 2, how: 'binary (fn main)' }],
        keyComponents: [
          { path: 'src/main.rs', rank: 1 },
          { path: 'src/walk.rs', rank: 2 },
        ],
      }),
      routes: [],
      dependencies: [
        {
          name: 'crossbeam-channel',
          version: '0.5',
          ecosystem: 'cargo',
          scope: 'runtime',
          manifest: 'Cargo.toml',
        },
      ] as never,
    });
    // breadth first, the bigger callee (in another file) before the small one
    expect(flow.steps.map((s) => s.name)).toEqual(['main', 'run', 'scan']);
    const run = flow.steps.find((s) => s.name === 'run')!;
    expect(run.calls).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'construct_config', path: 'src/main.rs', target: 10 }),
        expect.objectContaining({ name: 'scan', path: 'src/walk.rs', target: 3 }),
      ]),
    );
    const scan = flow.steps.find((s) => s.name === 'scan')!;
    expect(scan.calls.map((c) => c.from ?? c.name)).toEqual(
      expect.arrayContaining(['receive', 'crossbeam_channel::bounded', 'std::thread']),
    );
    expect(flow.concurrency.map((c) => c.what)).toEqual(
      expect.arrayContaining([expect.stringContaining('std::thread'), expect.stringContaining('crossbeam')]),
    );
    // the threads are spawned on every run, not only under a condition
    expect(flow.concurrency.find((c) => c.what.includes('std::thread'))!.when).toBeUndefined();
    expect(flow.concurrency.find((c) => c.what.includes('std::thread'))).toMatchObject({
      path: 'src/walk.rs',
      line: 5,
    });
  });

  it("reads a module named by the product's own path as the product's, not as a library", () => {
    const contents = {
      'src/pkg/core.py': [
        'def main(args):',
        '    from pkg.shell_completion import CompletionItem',
        '    item = CompletionItem(args)',
        '    return item',
      ].join('\n'),
      'src/pkg/shell_completion.py':
        'class CompletionItem:\n    def __init__(self, value):\n        self.value = value\n',
    };
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: fileInfos(contents, 'Python'),
      identity: identity({
        productPaths: ['src/pkg'],
        publicApi: [{ name: 'main', kind: 'function', path: 'src/pkg/core.py', line: 1 }],
      }),
      routes: [],
      dependencies: [],
    });
    expect(flow.steps[0]!.calls).toEqual([
      expect.objectContaining({ name: 'CompletionItem', path: 'src/pkg/shell_completion.py', creates: true }),
    ]);
  });

  it("says which of an application's types each request handler works with", () => {
    const base = 'src/main/java/app/';
    const contents = {
      [`${base}OwnerController.java`]: [
        'class OwnerController {',
        '    private final OwnerRepository owners;',
        '    @GetMapping("/owners/{id}")',
        '    public String show(int id) {',
        '        Owner owner = this.owners.findById(id);',
        '        return "owner";',
        '    }',
        '}',
      ].join('\n'),
      [`${base}OwnerRepository.java`]:
        'public interface OwnerRepository extends JpaRepository<Owner, Integer> {\n    Owner findById(int id);\n}',
      [`${base}Owner.java`]: '@Entity\npublic class Owner extends Person {\n}',
    };
    const routes: Route[] = [
      {
        method: 'GET',
        path: '/owners/{id}',
        framework: 'Spring',
        file: `${base}OwnerController.java`,
        line: 3,
      },
    ];
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: fileInfos(contents, 'Java'),
      identity: identity({ kind: 'application', productPaths: ['src/main/java'] }),
      routes,
      dependencies: [],
    });
    expect(flow.handlers).toEqual([
      {
        path: `${base}OwnerController.java`,
        routes: 1,
        example: 'GET /owners/{id}',
        uses: [
          { name: 'Owner', path: `${base}Owner.java`, line: 2, bases: ['Person'] },
          { name: 'OwnerRepository', path: `${base}OwnerRepository.java`, line: 1, bases: ['JpaRepository'] },
        ],
      },
    ]);
  });
});

describe('what the central files define', () => {
  it('names the functions the main path enters first, leaves private helpers out and tells a one-type file by its methods', () => {
    const contents = {
      'pkg/api.py': [
        'from .sessions import Session',
        '',
        'def _merge(a, b):',
        '    return a',
        '',
        'def request(method, url):',
        '    session = Session()',
        '    return session.request(method, url)',
        '',
        'def options(url):',
        '    x = 1',
        '    y = 2',
        '    z = 3',
        '    return request("OPTIONS", url)',
        '',
        'def get(url):',
        '    return request("GET", url)',
      ].join('\n'),
      'pkg/sessions.py': [
        'class Session:',
        '    def request(self, method, url):',
        '        prep = self.prepare(method, url)',
        '        return self.send(prep)',
        '',
        '    def prepare(self, method, url):',
        '        return (method, url)',
        '',
        '    def send(self, prep):',
        '        a = 1',
        '        b = 2',
        '        return prep',
      ].join('\n'),
    };
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: fileInfos(contents, 'Python'),
      identity: identity({
        productPaths: ['pkg'],
        entryPoints: [{ path: 'pkg/api.py', line: 16, how: 'package export' }],
        publicApi: [{ name: 'get', kind: 'function', path: 'pkg/api.py', line: 16 }],
        keyComponents: [{ path: 'pkg/sessions.py', rank: 1 }],
      }),
      routes: [],
      dependencies: [],
    });
    const api = flow.defines.find((d) => d.path === 'pkg/api.py')!.names;
    expect(api[0]).toBe('get()');
    expect(api).not.toContain('_merge()');
    expect(flow.defines.find((d) => d.path === 'pkg/sessions.py')!.names).toEqual(
      // a method is named with its type: `send()` alone would read as a function of the module
      expect.arrayContaining(['Session', 'Session.send()']),
    );
  });

  it('tells a file by the names in use, what is kept for old callers last, and leaves out a file of helpers only', () => {
    const contents: Record<string, string> = {
      'kit.go': [
        'package kit',
        '',
        '// FIXME Old is unused by kit and should be removed in a version 2.',
        '',
        '// Old compares two values the long way round, kept for callers of',
        '// the first release.',
        'func Old(a, b int) bool {',
        '\tx := a',
        '\ty := b',
        '\tz := x + y',
        '\treturn z > 0',
        '}',
        '',
        '// Start runs the kit.',
        'func Start() {',
        '}',
      ].join('\n'),
      'util.go': [
        'package kit',
        '',
        'type byName []string',
        '',
        'func (s byName) Len() int { return len(s) }',
        'func (s byName) Less(i, j int) bool { return s[i] < s[j] }',
        'func pad(s string) string {',
        '\treturn s',
        '}',
      ].join('\n'),
    };
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: fileInfos(contents, 'Go'),
      identity: identity({
        productPaths: ['kit.go', 'util.go'],
        keyComponents: [
          { path: 'kit.go', rank: 1 },
          { path: 'util.go', rank: 2 },
        ],
      }),
      routes: [],
      dependencies: [],
    });
    expect(flow.defines.find((d) => d.path === 'kit.go')!.names).toEqual(['Start()', 'Old()']);
    expect(flow.defines.find((d) => d.path === 'util.go')).toBeUndefined();
  });
});

describe("what a file defines, the package's public names first", () => {
  it('names the types users import before the helpers the file keeps for itself', () => {
    const contents = {
      'pkg/types.py': [
        'class ParamType:',
        '    pass',
        '',
        'class ParamTypeInfoDict:',
        '    pass',
        '',
        'class CompositeParamType(ParamType):',
        '    pass',
        '',
        'class FuncParamTypeInfoDict:',
        '    pass',
        '',
        'class Choice(ParamType):',
        '    pass',
        '',
        'class IntRange(ParamType):',
        '    pass',
        '',
        'class Path(ParamType):',
        '    pass',
      ].join('\n'),
    };
    const item = (name: string) => ({ name, kind: 'class', path: 'pkg/__init__.py', line: 1 });
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: fileInfos(contents, 'Python'),
      identity: identity({
        productPaths: ['pkg/types.py'],
        keyComponents: [{ path: 'pkg/types.py', rank: 1 }],
        publicApi: ['ParamType', 'Choice', 'IntRange', 'Path'].map(item),
      }),
      routes: [],
      dependencies: [],
    });
    expect(flow.defines.find((d) => d.path === 'pkg/types.py')!.names).toEqual([
      'ParamType',
      'Choice',
      'IntRange',
      'Path',
    ]);
  });
});

describe('what a module users import by itself defines', () => {
  it("names its largest class first, and the public names the README's example calls before longer ones", () => {
    const contents = {
      'pkg/testing.py': [
        'class Stdin:',
        '    def read(self):',
        '        return 1',
        '',
        'class Runner:',
        '    def invoke(self, cli):',
        '        a = 1',
        '        b = 2',
        '        return cli',
        '',
        '    def isolation(self):',
        '        c = 3',
        '        return c',
      ].join('\n'),
      'pkg/decorators.py': [
        'def version_option(x):',
        '    a = 1',
        '    b = 2',
        '    c = 3',
        '    return x',
        '',
        'def option(x):',
        '    return x',
      ].join('\n'),
      'pkg/core.py': [
        'def make(x):',
        '    y = x + 1',
        '    z = y + 1',
        '    w = z + 1',
        '    v = w + 1',
        '    u = v + 1',
        '    return u',
      ].join('\n'),
    };
    const readme = [
      '# pkg',
      '',
      '```python',
      '@pkg.option("--name")',
      'def hello(name):',
      '    pass',
      '```',
    ].join('\n');
    const item = (name: string) => ({ name, kind: 'function', path: 'pkg/__init__.py', line: 1 });
    const flow = flowPass({
      src: sourcesFromMap({ ...contents, 'README.md': readme }),
      files: [...fileInfos(contents, 'Python'), ...fileInfos({ 'README.md': readme }, 'Markdown')],
      identity: identity({
        productPaths: ['pkg'],
        keyComponents: [
          { path: 'pkg/testing.py', rank: 1 },
          { path: 'pkg/decorators.py', rank: 2 },
        ],
        publicApi: ['make', 'version_option', 'option'].map(item),
        entryPoints: [{ path: 'pkg/core.py', line: 1, how: 'package export' }],
      }),
      routes: [],
      dependencies: [],
    });
    expect(flow.defines.find((d) => d.path === 'pkg/testing.py')!.names[0]).toBe('Runner');
    expect(flow.defines.find((d) => d.path === 'pkg/decorators.py')!.names).toEqual([
      'option()',
      'version_option()',
    ]);
  });
});

describe('the types the main path hands on', () => {
  it("rank the types the steps' signatures take and return, the most named first, before an interface no step names", () => {
    const contents = {
      'pkg/sessions.py': [
        'class Session:',
        '    def request(self, method: str, url: str) -> Response:',
        '        prep = self.prepare(Request(method, url))',
        '        return self.send(prep)',
        '',
        '    def prepare(self, request: Request) -> PreparedRequest:',
        '        return PreparedRequest(request)',
        '',
        '    def send(',
        '        self,',
        '        request: PreparedRequest,',
        '    ) -> Response:',
        '        adapter = HTTPAdapter()',
        '        return adapter.send(request)',
      ].join('\n'),
      'pkg/models.py': [
        'class Request:',
        '    pass',
        '',
        'class PreparedRequest:',
        '    def body(self):',
        '        return 1',
        '',
        'class Response:',
        '    def json(self):',
        '        return 1',
      ].join('\n'),
    };
    const models = Object.entries(contents).map(([path, text]) =>
      fileModel(path, 'Python', blankComments(text, 'Python')),
    );
    const types = new Map(
      ['Session', 'Request', 'PreparedRequest', 'Response', 'BaseAdapter'].map((n) => [n, 1]),
    );
    const path: MainPathStep[] = [
      { name: 'request', owner: 'Session', path: 'pkg/sessions.py', line: 2 },
      { name: 'prepare', owner: 'Session', path: 'pkg/sessions.py', line: 6 },
      { name: 'send', owner: 'Session', path: 'pkg/sessions.py', line: 9 },
    ];
    expect(signatureTypes(path, models, types)).toEqual(['Response', 'PreparedRequest', 'Request']);
  });
});

describe('central types', () => {
  it('count a type the main path makes for each unit of work among the leading ones, before named machinery', () => {
    const files = {
      'src/app.ts': [
        'export class App {',
        '  get () {',
        '  }',
        '  post () {',
        '  }',
        '  use () {',
        '  }',
        '  fetch () {',
        '  }',
        '  dispatch () {',
        '  }',
        '}',
      ],
      'src/context.ts': [
        'export class Context {',
        '  json () {',
        '  }',
        '  text () {',
        '  }',
        '  header () {',
        '  }',
        '  status () {',
        '  }',
        '  redirect () {',
        '  }',
        '}',
      ],
      'src/router.ts': [
        'export class SmartRouter {',
        '  add () {',
        '  }',
        '  match () {',
        '  }',
        '  pick () {',
        '  }',
        '  name () {',
        '  }',
        '  routers () {',
        '  }',
        '}',
        'export class TrieRouter {',
        '  add () {',
        '  }',
        '  match () {',
        '  }',
        '  insert () {',
        '  }',
        '  search () {',
        '  }',
        '  split () {',
        '  }',
        '}',
      ],
    };
    const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'TypeScript', lines.join('\n')));
    const { types, fns } = indexDefs(models);
    const path = [
      { name: 'fetch', owner: 'App', path: 'src/app.ts', line: 5 },
      { name: 'dispatch', owner: 'App', path: 'src/app.ts', line: 6 },
      { name: 'match', owner: 'SmartRouter', path: 'src/router.ts', line: 3 },
      { name: 'Context', path: 'src/context.ts', line: 1 },
      { name: 'compose', path: 'src/compose.ts', line: 1 },
    ];
    const onPath = pathTypes(path, types);
    expect([...new Set(onPath)]).toEqual(['App', 'SmartRouter', 'Context']);
    const central = abstractions(
      models,
      identity({
        kind: 'framework',
        keyComponents: Object.keys(files).map((p, i) => ({ path: p, rank: i + 1 })),
      }),
      types,
      fns,
      onPath,
    );
    expect(central.map((t) => t.name)).toEqual(['App', 'SmartRouter', 'Context', 'TrieRouter']);
  });

  it("counts a JavaScript class's methods without its constructor and accessors", () => {
    const lines = [
      'export class Application {',
      '  constructor () {',
      '    this.middleware = []',
      '  }',
      '  get env () {',
      '    return this._env',
      '  }',
      ...['use', 'listen', 'callback', 'handle', 'respond'].flatMap((m) => [`  ${m} () {`, '  }']),
      '}',
    ];
    const models = [fileModel('lib/app.js', 'JavaScript', lines.join('\n'))];
    const { types, fns } = indexDefs(models);
    const central = abstractions(
      models,
      identity({ kind: 'framework', keyComponents: [{ path: 'lib/app.js', rank: 1 }] }),
      types,
      fns,
    );
    expect(central[0]).toMatchObject({ name: 'Application', methods: 5 });
    expect(central[0]!.membersAtRunTime).toBeUndefined();
  });

  it('marks a class whose constructor makes its own members, an alias of a method being none', () => {
    const lines = (ctor: string[]) => [
      'export class App {',
      '  constructor () {',
      ...ctor.map((l) => `    ${l}`),
      '  }',
      ...['fetch', 'route', 'mount', 'fire', 'request'].flatMap((m) => [`  ${m} () {`, '  }']),
      '}',
    ];
    const central = (ctor: string[]) => {
      const models = [fileModel('src/app.ts', 'TypeScript', lines(ctor).join('\n'))];
      const { types, fns } = indexDefs(models);
      return abstractions(
        models,
        identity({ kind: 'framework', keyComponents: [{ path: 'src/app.ts', rank: 1 }] }),
        types,
        fns,
      )[0]!;
    };
    expect(
      central(['METHODS.forEach((method) => {', '  this[method] = (path, ...handlers) => {', '  }', '})']),
    ).toMatchObject({ name: 'App', methods: 5, membersAtRunTime: true });
    expect(central(['this[util.inspect.custom] = this.inspect']).membersAtRunTime).toBeUndefined();
  });

  it('of a family of routers, keeps those the entry builds by default, not the ones only a preset or a user builds', () => {
    const router = (name: string) => [
      `export class ${name} {`,
      ...['add', 'match', 'build'].flatMap((m) => [`  ${m} () {`, '  }']),
      '}',
    ];
    const files: Record<string, string[]> = {
      'src/trie.ts': router('TrieRouter'),
      'src/regexp.ts': router('RegExpRouter'),
      'src/linear.ts': router('LinearRouter'),
      'src/prepared.ts': router('PreparedRouter'),
      'src/app.ts': [
        'export class App {',
        '  constructor () {',
        '    this.router = new RegExpRouter(new TrieRouter())',
        '  }',
        '}',
      ],
      'src/preset/quick.ts': ['export class App {', '  router = new LinearRouter()', '}'],
      'src/use.ts': Array.from({ length: 3 }, () => 'LinearRouter PreparedRouter TrieRouter RegExpRouter'),
    };
    const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'TypeScript', lines.join('\n')));
    const { types, fns } = indexDefs(models);
    const central = (entryPoints: Identity['entryPoints']) =>
      abstractions(
        models,
        identity({
          kind: 'framework',
          entryPoints,
          keyComponents: Object.keys(files).map((p, i) => ({ path: p, rank: i + 1 })),
        }),
        types,
        fns,
      ).map((t) => t.name);
    const readme = { path: 'src/app.ts', line: 1, how: "called by the README's example" };
    expect(central([readme])).toEqual(expect.arrayContaining(['TrieRouter', 'RegExpRouter']));
    expect(central([readme])).not.toEqual(expect.arrayContaining(['LinearRouter']));
    expect(central([readme])).not.toContain('PreparedRouter');
    // a preset reached only through a subpath export does not make its router the default
    expect(
      central([readme, { path: 'src/preset/quick.ts', line: 1, how: 'package.json "exports"' }]),
    ).not.toContain('LinearRouter');
    // an entry that builds none of them leaves the family as it is
    expect(central([{ ...readme, path: 'src/use.ts' }])).toEqual(
      expect.arrayContaining(['TrieRouter', 'RegExpRouter', 'LinearRouter', 'PreparedRouter']),
    );
  });
});

describe('central types and errors', () => {
  it('an error class every handler throws is no central type; the service the handlers call is', () => {
    const files: Record<string, string[]> = {
      'src/models/http-exception.ts': [
        'class HttpException extends Error {',
        '  errorCode: number;',
        '  constructor (errorCode: number, public readonly message: string | any) {',
        '    super(message);',
        '  }',
        '}',
      ],
      'src/article.service.ts': [
        'export class ArticleService {',
        ...['find', 'create', 'update', 'remove', 'favorite'].flatMap((m) => [
          `  ${m} () {`,
          '    throw new HttpException(404, {});',
          '  }',
        ]),
        '}',
      ],
      'src/article.controller.ts': [
        ...Array.from({ length: 6 }, () => 'const e = new HttpException(422, {});'),
        'new ArticleService().find();',
      ],
    };
    const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'TypeScript', lines.join('\n')));
    const { types, fns } = indexDefs(models);
    const central = abstractions(
      models,
      identity({
        kind: 'application',
        keyComponents: Object.keys(files).map((p, i) => ({ path: p, rank: i + 1 })),
      }),
      types,
      fns,
    );
    expect(central.map((t) => t.name)).toEqual(['ArticleService']);
  });
});

describe('central types with short names', () => {
  it('a two-letter class that carries behaviour is central; a two-letter type without methods is not', () => {
    const cls = (name: string, methods: string[]) => [
      `export class ${name} {`,
      ...methods.flatMap((m) => [`  ${m} () {`, '  }']),
      '}',
    ];
    const files: Record<string, string[]> = {
      'src/ky.ts': cls('Ky', ['create', 'fetch', 'retry', 'decorate', 'parse']),
      'src/io.ts': cls('Io', ['read']),
    };
    const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'TypeScript', lines.join('\n')));
    const { types, fns } = indexDefs(models);
    const central = abstractions(
      models,
      identity({
        kind: 'library',
        keyComponents: Object.keys(files).map((p, i) => ({ path: p, rank: i + 1 })),
      }),
      types,
      fns,
    );
    expect(central.map((t) => t.name)).toEqual(['Ky']);
  });
});

describe('central types of the same name in several files', () => {
  it("counts a type's own methods and uses, not another same-named type's; a Ruby namespace module is no type", () => {
    const files: Record<string, string[]> = {
      'lib/tune/base.rb': [
        'module Tune',
        '  class Base',
        ...['call', 'dispatch', 'route', 'halt', 'render'].flatMap((m) => [`    def ${m}`, '    end']),
        '  end',
        'end',
      ],
      'guard/lib/rack/guard/base.rb': [
        'module Rack',
        '  module Guard',
        '    class Base',
        ...['deny', 'accepts', 'warn', 'react'].flatMap((m) => [`      def ${m}`, '      end']),
        '    end',
        '  end',
        'end',
      ],
      'guard/lib/rack/guard/json.rb': [
        'module Rack',
        '  module Guard',
        '    class Json < Base',
        '      def call(env)',
        '        Rack::Request.new(env); Rack::Utils; Rack::Response; Rack::Lint; Rack::Files',
        '      end',
        '    end',
        '  end',
        'end',
      ],
    };
    const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'Ruby', lines.join('\n')));
    const { types, fns } = indexDefs(models);
    const central = abstractions(
      models,
      identity({
        kind: 'framework',
        keyComponents: Object.keys(files).map((p, i) => ({ path: p, rank: i + 1 })),
      }),
      types,
      fns,
    );
    expect(central.find((t) => t.name === 'Base')).toMatchObject({ path: 'lib/tune/base.rb', methods: 5 });
    expect(central.map((t) => t.name)).not.toContain('Rack');
  });
});

describe('central types, one per file on the path', () => {
  it('a second path type of a file already leading yields to the value every stage is handed', () => {
    const stage = (f: string) => [`export function ${f}(config: Config) {`, '  return config', '}'];
    const files: Record<string, string[]> = {
      'src/cli.ts': [
        'export class Opts {',
        '  paths () {',
        '  }',
        '  parse () {',
        '  }',
        '  check () {',
        '  }',
        '  verbose () {',
        '  }',
        '  color () {',
        '  }',
        '}',
      ],
      'src/walk.ts': [
        'export class WorkerState {',
        '  scan () {',
        '  }',
        '  build () {',
        '  }',
        '  receive () {',
        '  }',
        '  send () {',
        '  }',
        '  quit () {',
        '  }',
        '}',
        'class Buffer {',
        '  process () {',
        '  }',
        '  poll () {',
        '  }',
        '  stream () {',
        '  }',
        '  flush () {',
        '  }',
        '  print () {',
        '  }',
        '}',
      ],
      'src/config.ts': ['export class Config {', '  size () {', '  }', '}'],
      'src/filter.ts': stage('filter'),
      'src/output.ts': stage('output'),
      'src/exec.ts': stage('exec'),
      'src/main.ts': stage('main'),
    };
    const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'TypeScript', lines.join('\n')));
    const { types, fns } = indexDefs(models);
    const path = [
      { name: 'paths', owner: 'Opts', path: 'src/cli.ts', line: 2 },
      { name: 'scan', owner: 'WorkerState', path: 'src/walk.ts', line: 2 },
      { name: 'receive', owner: 'WorkerState', path: 'src/walk.ts', line: 6 },
      { name: 'Buffer', path: 'src/walk.ts', line: 13 },
      { name: 'process', owner: 'Buffer', path: 'src/walk.ts', line: 14 },
    ];
    const central = abstractions(
      models,
      identity({ kind: 'cli', keyComponents: [{ path: 'src/walk.ts', rank: 1 }] }),
      types,
      fns,
      pathTypes(path, types),
    );
    expect(central.map((t) => t.name).slice(0, 3)).toEqual(['Opts', 'WorkerState', 'Config']);
  });

  it('a type the path calls on once, between the first and one that carries several steps, does not lead', () => {
    const cls = (name: string, methods: string[]) => [
      `export class ${name} {`,
      ...methods.flatMap((m) => [`  ${m} () {`, '  }']),
      '}',
    ];
    const files: Record<string, string[]> = {
      'src/config.ts': cls('Config', ['fromArguments', 'a', 'b', 'c', 'd']),
      'src/search.ts': cls('Search', ['search', 'a', 'b', 'c', 'd']),
      'src/program.ts': cls('Program', ['run', 'runStep', 'b', 'c', 'd']),
    };
    const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'TypeScript', lines.join('\n')));
    const { types, fns } = indexDefs(models);
    const path = [
      { name: 'fromArguments', owner: 'Config', path: 'src/config.ts', line: 2 },
      { name: 'search', owner: 'Search', path: 'src/search.ts', line: 2 },
      { name: 'run', owner: 'Program', path: 'src/program.ts', line: 2 },
      { name: 'runStep', owner: 'Program', path: 'src/program.ts', line: 4 },
    ];
    const central = abstractions(
      models,
      identity({ kind: 'cli', keyComponents: Object.keys(files).map((p, i) => ({ path: p, rank: i + 1 })) }),
      types,
      fns,
      pathTypes(path, types),
    );
    expect(central.map((t) => t.name)).toEqual(['Config', 'Program', 'Search']);
  });

  it("the values the steps hand on come before the interface of a leading type's own base", () => {
    const cls = (head: string, methods: string[]) => [
      `${head} {`,
      ...methods.flatMap((m) => [`  ${m} () {`, '  }']),
      '}',
    ];
    const files: Record<string, string[]> = {
      'src/session.ts': cls('export class Session', ['send', 'a', 'b', 'c', 'd']),
      'src/adapters.ts': [
        ...cls('export class BaseAdapter', ['send', 'close', 'x', 'y', 'z']),
        ...cls('export class HTTPAdapter extends BaseAdapter', ['send', 'a', 'b', 'c', 'd']),
      ],
      'src/models.ts': cls('export class Response', ['json', 'text', 'a', 'b', 'c']),
    };
    const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'TypeScript', lines.join('\n')));
    const { types, fns } = indexDefs(models);
    const path = [
      { name: 'send', owner: 'Session', path: 'src/session.ts', line: 2 },
      { name: 'send', owner: 'HTTPAdapter', path: 'src/adapters.ts', line: 14 },
    ];
    const central = abstractions(
      models,
      identity({
        kind: 'library',
        keyComponents: Object.keys(files).map((p, i) => ({ path: p, rank: i + 1 })),
      }),
      types,
      fns,
      pathTypes(path, types),
      ['Response'],
    );
    expect(central.map((t) => t.name)).toEqual(['Session', 'HTTPAdapter', 'Response', 'BaseAdapter']);
  });

  it('a stored record the path writes leads beside the model that writes it, in the same models file', () => {
    const cls = (name: string, methods: string[]) => [
      `class ${name}(models.Model):`,
      ...methods.flatMap((m) => [`    def ${m}(self):`, '        pass']),
    ];
    const files: Record<string, string[]> = {
      'app/models.py': [
        ...cls('Check', ['ping', 'create_flip', 'a', 'b', 'c']),
        ...cls('Ping', ['to_dict', 'a', 'b', 'c', 'd']),
      ],
      'app/transports.py': cls('Transport', ['notify', 'a', 'b', 'c', 'd']),
      'app/alerts.py': ['def send(t: Transport):', '    return t.notify()'],
    };
    const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'Python', lines.join('\n')));
    const { types, fns } = indexDefs(models);
    const path = [
      { name: 'ping', owner: 'Check', path: 'app/models.py', line: 2 },
      { name: 'Ping', path: 'app/models.py', line: 13 },
    ];
    const run = (stored?: Set<string>) =>
      abstractions(
        models,
        identity({
          kind: 'application',
          keyComponents: Object.keys(files).map((p, i) => ({ path: p, rank: i + 1 })),
        }),
        types,
        fns,
        pathTypes(path, types),
        [],
        stored,
      ).map((t) => t.name);
    expect(run()).toEqual(['Check', 'Transport', 'Ping']);
    expect(run(new Set(['Check', 'Ping']))).toEqual(['Check', 'Ping', 'Transport']);
  });

  it('a base a family of plug-ins extends comes before the types built on it', () => {
    const files: Record<string, string[]> = {
      'app/transports.py': [
        'class Transport:',
        ...['notify', 'a', 'b', 'c'].flatMap((m) => [`    def ${m}(self):`, '        pass']),
        'class HttpTransport(Transport):',
        ...['post', 'get', 'put', 'd', 'e', 'f', 'g'].flatMap((m) => [`    def ${m}(self):`, '        pass']),
      ],
      'app/views.py': ['def send(t: Transport, h: HttpTransport):', '    return HttpTransport.post(t)'],
    };
    const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'Python', lines.join('\n')));
    const { types, fns } = indexDefs(models);
    const central = abstractions(
      models,
      identity({
        kind: 'application',
        keyComponents: Object.keys(files).map((p, i) => ({ path: p, rank: i + 1 })),
      }),
      types,
      fns,
    );
    expect(central.map((t) => t.name)).toEqual(['Transport', 'HttpTransport']);
  });

  it('a parser only its own file names is that file helper, and yields to the types the product uses', () => {
    const cls = (name: string, base: string, methods: string[]) => [
      `class ${name}(${base}):`,
      ...methods.flatMap((m) => [`    def ${m}(self):`, '        pass']),
    ];
    const files: Record<string, string[]> = {
      'app/html.py': [
        ...cls('TextOnlyParser', 'HTMLParser', ['a', 'b', 'c', 'd', 'e']),
        'def get_text(s):',
        '    return TextOnlyParser()',
      ],
      'app/models.py': cls('Channel', 'models.Model', ['notify', 'b', 'c', 'd']),
      'app/views.py': ['def send(c: Channel):', '    return Channel.notify(c)'],
    };
    const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'Python', lines.join('\n')));
    const { types, fns } = indexDefs(models);
    const central = abstractions(
      models,
      identity({
        kind: 'application',
        keyComponents: Object.keys(files).map((p, i) => ({ path: p, rank: i + 1 })),
      }),
      types,
      fns,
    );
    expect(central.map((t) => t.name)).toEqual(['Channel', 'TextOnlyParser']);
  });
});

describe('what a file defines', () => {
  it('names getters and setters as properties and leaves closures inside a function out', () => {
    const contents = {
      'lib/request.js': [
        'module.exports = {',
        '  get host () {',
        '    return this.get("Host")',
        '  },',
        '  set body (val) {',
        '    this._body = val',
        '  },',
        '  accepts (...args) {',
        '    return this.accept.types(...args)',
        '  },',
        '}',
      ].join('\n'),
      'lib/params.js': [
        'module.exports = {',
        '  stringify: (obj) => {',
        '    const addKey = (k, v, params) => {',
        '      params.append(k, v)',
        '    }',
        '    return obj',
        '  },',
        '}',
      ].join('\n'),
    };
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: fileInfos(contents, 'JavaScript'),
      identity: identity({
        productPaths: ['lib'],
        keyComponents: [
          { path: 'lib/request.js', rank: 1 },
          { path: 'lib/params.js', rank: 2 },
        ],
      }),
      routes: [],
      dependencies: [],
    });
    const names = flow.defines.find((d) => d.path === 'lib/request.js')?.names ?? [];
    expect(names).toEqual(expect.arrayContaining(['host', 'body', 'accepts()']));
    expect(names).not.toContain('host()');
    expect(flow.defines.find((d) => d.path === 'lib/params.js')?.names ?? []).not.toContain('addKey()');
  });
});

describe('what a Rust file defines', () => {
  it('leaves out a type declared inside a function body', () => {
    const contents = {
      'src/parser.rs': [
        'pub(crate) struct Parser {',
        '  tokens: Vec<Token>,',
        '}',
        '',
        'impl Parser {',
        '  pub(crate) fn parse(&mut self) -> Ast {',
        '    enum State {',
        '      Start,',
        '      Done,',
        '    }',
        '    let mut state = State::Start;',
        '    self.parse_item(state)',
        '  }',
        '',
        '  fn parse_item(&mut self, state: State) -> Item {',
        '    todo!()',
        '  }',
        '}',
      ].join('\n'),
    };
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: fileInfos(contents, 'Rust'),
      identity: identity({ productPaths: ['src'], keyComponents: [{ path: 'src/parser.rs', rank: 1 }] }),
      routes: [],
      dependencies: [],
    });
    const names = flow.defines.find((d) => d.path === 'src/parser.rs')?.names ?? [];
    expect(names).toContain('Parser');
    expect(names).not.toContain('State');
  });
});

describe('a step run in a database transaction', () => {
  it('finds the transaction a definition opens and the row lock it takes inside it', () => {
    const body = [
      'def ping(self):',
      '    with transaction.atomic():',
      '        self = Check.objects.select_for_update().get(id=self.id)',
      '        self.save()',
    ];
    expect(transactionIn(body, 1, 4)).toEqual({
      line: 2,
      opener: 'transaction.atomic',
      lock: { line: 3, call: 'select_for_update' },
    });
    expect(transactionIn(['def f():', '    return db.transaction(async (tx) => tx.save())'], 1, 2)).toEqual({
      line: 2,
      opener: '.transaction',
    });
    // a lock taken outside any transaction is held for one statement only: nothing to say
    expect(transactionIn(['def f():', '    Check.objects.select_for_update().get()'], 1, 2)).toBeUndefined();
  });
});

describe('Rust constructors', () => {
  it('count `fn new` among the methods of the type whose impl block holds it', () => {
    const m = fileModel(
      'src/walk.rs',
      'Rust',
      [
        'struct WorkerState {}',
        'impl WorkerState {',
        '    fn new(config: Config) -> Self {',
        '        WorkerState {}',
        '    }',
        '    fn scan(&self) {}',
        '}',
        'impl Other {',
        '    pub fn new() -> Self {',
        '        Other {}',
        '    }',
        '}',
      ].join('\n'),
    );
    expect(rustConstructors([m], 'WorkerState')).toBe(1);
    expect(rustConstructors([m], 'Other')).toBe(1);
    expect(rustConstructors([m], 'Missing')).toBe(0);
  });
});

describe('a type only ever named in annotations', () => {
  it('is no central type, however many handlers name it; one the code constructs or derives from is', () => {
    const files: Record<string, string> = {
      'app/http.py': 'class AuthedRequest(HttpRequest):\n    user: User\n',
      'app/views.py': [
        'from app.http import AuthedRequest',
        'def one(request: AuthedRequest) -> Response:',
        '    return Response(request.user)',
        'def two(request: AuthedRequest) -> Response:',
        '    return Response(request.user)',
      ].join('\n'),
    };
    const models = Object.entries(files).map(([p, text]) =>
      fileModel(p, 'Python', blankComments(text, 'Python')),
    );
    const at = (name: string): Target => {
      const file = models.find((m) => m.defs.some((d) => d.name === name))!;
      return { file, def: file.defs.find((d) => d.name === name)! };
    };
    expect(onlyNamedAsType(models, 'AuthedRequest', at('AuthedRequest'))).toBe(true);
    // constructed once, it is a value the code makes
    const made = [...models, fileModel('app/tasks.py', 'Python', 'def run():\n    r = AuthedRequest()\n')];
    expect(onlyNamedAsType(made, 'AuthedRequest', at('AuthedRequest'))).toBe(false);
    // a base another class derives from is a contract, not an annotation
    const based = [
      ...models,
      fileModel('app/admin.py', 'Python', 'class AdminRequest(AuthedRequest):\n    pass\n'),
    ];
    expect(onlyNamedAsType(based, 'AuthedRequest', at('AuthedRequest'))).toBe(false);
  });
});

describe('central types in Go', () => {
  it("counts an unexported type's uses and methods in its own package only", () => {
    const files: Record<string, string[]> = {
      'internal/api/handler.go': [
        'package api',
        '',
        'type handler struct {',
        '\tstore *storage.Storage',
        '}',
        '',
        'func (h *handler) list() {}',
      ],
      'internal/api/routes.go': ['package api', '', 'func Serve() {', '\th := &handler{}', '\th.list()', '}'],
      'internal/ui/handler.go': [
        'package ui',
        '',
        'type handler struct{}',
        '',
        'func (h *handler) show() {}',
        'func (h *handler) edit() {}',
        'func (h *handler) save() {}',
        'func (h *handler) drop() {}',
      ],
      'internal/ui/a.go': ['package ui', '', 'func a(h *handler) { _ = handler{} }'],
      'internal/ui/b.go': ['package ui', '', 'func b(h *handler) { _ = handler{} }'],
    };
    const models = Object.entries(files).map(([p, lines]) => fileModel(p, 'Go', lines.join('\n')));
    const { types, fns } = indexDefs(models);
    const central = abstractions(
      models,
      identity({ kind: 'application', keyComponents: [{ path: 'internal/api/handler.go', rank: 1 }] }),
      types,
      fns,
    );
    // the api package's handler has 1 method and is named twice in its package: too little to be central,
    // whatever the ui package does with a type of the same name
    expect(central.map((t) => `${t.name} ${t.path}`)).toEqual([]);
  });
});

describe('a bound function', () => {
  it('is a call of the function, marked bound: it runs when what bind returns is called', () => {
    const calls = callsIn(
      [
        'function spawn() {',
        '  const kill = subprocessKill.bind(undefined, { options });',
        '  run(kill);',
        '}',
      ],
      1,
      4,
      'spawn',
    );
    expect(calls.map((c) => `${c.name}${c.bound ? ' bound' : ''}`)).toEqual(['subprocessKill bound', 'run']);
  });
});
