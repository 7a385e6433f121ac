import { describe, expect, it } from 'vitest';
import { sourcesFromMap } from '../sources.ts';
import {
  findPublicApi,
  goReachableTypes,
  goValues,
  jsExports,
  pyExports,
  readmeCalls,
  readmeCode,
  resolveJs,
  rustPubItems,
} from './surface.ts';

const rows = (items: { name: string; kind: string; line: number }[]) =>
  items.map((a) => `${a.name}:${a.kind}:${a.line}`);

describe('public surface', () => {
  it("cites each name of Python's __all__ at its own line, over several lines", () => {
    const text = 'import x\n\n__all__ = (\n    "get",\n    "Session",\n    "_hidden",\n)\n';
    expect(rows(pyExports('pkg/__init__.py', text))).toEqual(['get:export:4', 'Session:export:5']);
    const one = '__all__: list[str] = ["a", "b"]\n';
    expect(rows(pyExports('pkg/__init__.py', one))).toEqual(['a:export:1', 'b:export:1']);
  });

  it('kinds a Python re-export by its definition: an assigned call is an instance, a literal a constant', () => {
    const src = sourcesFromMap({
      'src/clack/__init__.py':
        'from .core import Command as Command\nfrom .types import (\n    BOOL,  # noqa: F401\n    Path,\n    LIMIT,\n    make,\n)\nfrom . import utils\nfrom .gone import lost\n',
      'src/clack/core.py': 'class Command:\n    pass\n',
      'src/clack/types.py':
        'from clack.paths import Path\n\nclass BoolType:\n    pass\n\nBOOL: t.Final[BoolType] = BoolType()\nLIMIT = 10\nmake = factory()\n',
      'src/clack/paths.py': 'class Path:\n    pass\n',
      'src/clack/utils.py': 'def helper():\n    pass\n',
    });
    expect(rows(pyExports('src/clack/__init__.py', src.text('src/clack/__init__.py')!, src))).toEqual([
      'Command:class:1',
      'BOOL:instance:3',
      'Path:class:4',
      'LIMIT:constant:5',
      'make:value:6',
      'utils:module:8',
      // a definition that cannot be found gets no kind rather than a guessed one
      'lost:export:9',
    ]);
  });

  it('gives each re-exported Python name the line that defines it, through further imports', () => {
    const src = sourcesFromMap({
      'src/clack/__init__.py':
        'from .core import Command as Command\nfrom .core import command\nfrom .types import Path\nfrom . import utils\nfrom .gone import lost\n\ndef local():\n    pass\n',
      'src/clack/core.py':
        'import typing as t\n\n\nclass Command:\n    pass\n\n@t.overload\ndef command(name: str) -> Command: ...\n\n@t.overload\ndef command() -> Command: ...\n\ndef command(name=None):\n    return Command()\n',
      'src/clack/types.py': 'from clack.paths import Path\n',
      'src/clack/paths.py': '"""Paths."""\n\nclass Path:\n    pass\n',
      'src/clack/utils.py': 'def helper():\n    pass\n',
    });
    const defs = pyExports('src/clack/__init__.py', src.text('src/clack/__init__.py')!, src).map(
      (e) => `${e.name}@${e.definedAt ? `${e.definedAt.path}:${e.definedAt.line}` : '-'}`,
    );
    expect(defs).toEqual([
      'Command@src/clack/core.py:4',
      // the implementation after its `@overload` stubs
      'command@src/clack/core.py:13',
      'Path@src/clack/paths.py:3',
      'utils@src/clack/utils.py:1',
      // no definition found, and a name defined where it is exported: nothing beside the export line
      'lost@-',
      'local@-',
    ]);
  });

  it('kinds a Python class derived from an exception, directly or through other classes, as an exception', () => {
    const src = sourcesFromMap({
      'fetch/__init__.py': 'from .exceptions import Timeout, ReadTimeout, Plain\n',
      'fetch/exceptions.py':
        'from .base import BaseFailure\n\nclass Timeout(BaseFailure):\n    pass\n\nclass ReadTimeout(Timeout, Mixin):\n    pass\n\nclass Plain(object):\n    pass\n',
      'fetch/base.py': 'class BaseFailure(IOError):\n    pass\n',
    });
    expect(rows(pyExports('fetch/__init__.py', src.text('fetch/__init__.py')!, src))).toEqual([
      'Timeout:exception:1',
      'ReadTimeout:exception:1',
      'Plain:class:1',
    ]);
  });

  it('cites each name of `export { … }` and `module.exports = { … }` at its own line', () => {
    const es = 'export {\n  a,\n  b as c,\n  type T,\n}\n';
    expect(rows(jsExports('index.ts', es))).toEqual(['a:export:2', 'c:export:3', 'T:export:4']);
    const cjs = 'module.exports = {\n  one,\n  two: helper,\n}\n';
    expect(rows(jsExports('index.js', cjs))).toEqual(['one:export:2', 'two:export:3']);
  });

  it("lists a class's methods where the module is that class, not where it exports it beside others", () => {
    const body = '  query(key) {\n    return key\n  }\n}\n';
    // the module is the class: its methods are what users call
    expect(rows(jsExports('lib/app.js', `module.exports = class App {\n${body}`))).toContain(
      'query:method:2',
    );
    expect(rows(jsExports('src/req.ts', `export class Req {\n${body}`))).toContain('query:method:2');
    // one class among the module's exports: the class is the name, its methods are not
    const among = `export class Req {\n${body}export const clone = (r) => r\n`;
    expect(rows(jsExports('src/req.ts', among))).toEqual(['Req:class:1', 'clone:const:6']);
  });

  it('marks what the package is when imported: `exports = module.exports = createApplication`', () => {
    const cjs = [
      'exports = module.exports = createApplication;',
      '',
      'function createApplication() {}',
      '',
      'exports.json = bodyParser.json;',
    ].join('\n');
    const api = jsExports('lib/express.js', cjs);
    // the package itself is cited where its function is declared, not at the export line
    expect(rows(api)).toEqual(['json:export:5', 'createApplication:export:3']);
    expect(api.filter((e) => e.isDefault).map((e) => e.name)).toEqual(['createApplication']);
    const es = jsExports('src/index.ts', 'export const helper = 1\nexport default class Client {}\n');
    expect(es.filter((e) => e.isDefault).map((e) => e.name)).toEqual(['Client']);
  });

  it("marks a name that is another package's export passed on, required or imported", () => {
    const cjs = [
      "var bodyParser = require('body-parser');",
      "var Router = require('router');",
      "var proto = require('./application');",
      'exports = module.exports = createApplication;',
      'function createApplication() {}',
      'exports.application = proto;',
      'exports.Route = Router.Route;',
      'exports.json = bodyParser.json',
      "exports.static = require('serve-static');",
      'exports.query = function query() {};',
    ].join('\n');
    const api = jsExports('lib/express.js', cjs);
    expect(api.map((e) => `${e.name}:${e.reexportOf ?? '-'}`)).toEqual([
      'application:-',
      'Route:router',
      'json:body-parser',
      'static:serve-static',
      'query:-',
      'createApplication:-',
    ]);
  });

  it('takes a default export bound to a name as the package itself, cited where the name is declared', () => {
    const text = [
      "import {Ky} from './core/Ky.js';",
      'const createInstance = () => {',
      '  return {};',
      '};',
      'const ky = createInstance();',
      'export default ky;',
      "export {HTTPError} from './errors/HTTPError.js';",
    ].join('\n');
    expect(rows(jsExports('source/index.ts', text))).toEqual(['ky:default export:5', 'HTTPError:export:7']);
  });

  it("finds a package's source through the outDir and rootDir of its tsconfig, whatever the folders are called", () => {
    const src = sourcesFromMap({
      'tsconfig.dist.json': '{ "compilerOptions": { "rootDir": "./code", "outDir": "./shipped" } }',
      'code/index.ts': 'export const a = 1;\n',
      'source/index.ts': 'export const b = 1;\n',
    });
    expect(resolveJs(src, './shipped/index.js')).toBe('code/index.ts');
    // without a tsconfig saying so, a build folder's source is its src/ or source/ sibling
    const plain = sourcesFromMap({ 'source/index.ts': 'export const b = 1;\n' });
    expect(resolveJs(plain, './distribution/index.js')).toBe('source/index.ts');
  });

  it('kinds a JS name re-exported from a sibling file by its declaration there, cited where it is declared', () => {
    const src = sourcesFromMap({
      'src/index.ts': [
        "export { Context } from './context'",
        "export { Env, Handler as H } from './types'",
        "export { helper } from './missing'",
      ].join('\n'),
      'src/context.ts': 'const x = 1\nexport class Context<E = any> {\n}\n',
      'src/types.ts': 'export type Env = {}\nexport interface Handler {}\n',
    });
    const api = findPublicApi({
      src,
      facts: { pyScripts: [] } as never,
      entryPoints: [{ path: 'src/index.ts', how: 'package.json main' } as never],
      productFiles: src.files.map((f) => f.path),
      symbols: [],
      routes: [],
      application: false,
    });
    expect(
      api.map((e) => [e.name, e.kind, e.definedAt && `${e.definedAt.path}:${e.definedAt.line}`]),
    ).toEqual([
      ['Context', 'class', 'src/context.ts:2'],
      ['Env', 'type', 'src/types.ts:1'],
      ['H', 'interface', 'src/types.ts:2'],
      ['helper', 'export', undefined],
    ]);
  });

  it("a Python package whose __init__.py exports nothing offers its public modules' classes and functions", () => {
    const src = sourcesFromMap({
      'web/__init__.py': '__version__ = "1.0"\n',
      'web/applications.py':
        'class Web:\n    def __call__(self, scope):\n        pass\n\ndef _helper():\n    pass\n',
      'web/routing.py':
        'import re\n\nclass Router:\n    pass\n\ndef request_response(func):\n    return func\n',
      'web/_utils.py': 'def is_async(obj):\n    return True\n',
      'web/middleware/__init__.py': 'class Middleware:\n    pass\n',
      'web/middleware/_compat.py': 'class Shim:\n    pass\n',
    });
    const api = findPublicApi({
      src,
      facts: { pyScripts: [] } as never,
      entryPoints: [{ path: 'web/__init__.py', line: 1, how: 'package __init__.py' }],
      productFiles: src.files.map((f) => f.path),
      symbols: [],
      routes: [],
      application: false,
    });
    expect(api.map((e) => `${e.name}:${e.kind}:${e.path}:${e.line}`)).toEqual([
      'Web:class:web/applications.py:1',
      'Middleware:class:web/middleware/__init__.py:1',
      'Router:class:web/routing.py:3',
      'request_response:function:web/routing.py:6',
    ]);
  });

  it("a Rust program's `pub` items are no surface: a binary exports nothing to other code", () => {
    const src = sourcesFromMap({
      'src/main.rs': 'pub type CliResult<T> = Result<T, CliError>;\npub enum CliError {}\nfn main() {}\n',
      'Cargo.toml': '[package]\nname = "tool"\n[[bin]]\nname = "tool"\n',
    });
    const api = findPublicApi({
      src,
      facts: { pyScripts: [] } as never,
      entryPoints: [{ path: 'src/main.rs', line: 3, how: 'binary "tool" (fn main)' }],
      productFiles: ['src/main.rs'],
      symbols: [
        { name: 'CliResult', kind: 'type', path: 'src/main.rs', line: 1, exported: true },
        { name: 'CliError', kind: 'enum', path: 'src/main.rs', line: 2, exported: true },
      ],
      routes: [],
      application: false,
    });
    expect(api.filter((e) => !['flag', 'option', 'subcommand', 'command'].includes(e.kind))).toEqual([]);
  });

  it("a .NET library offers its public types, its Internal folder's left out", () => {
    const src = sourcesFromMap({
      'src/Shop/Mediator.cs': 'namespace Shop;\npublic class Mediator {}\n',
      'src/Shop/IRequest.cs': 'namespace Shop;\npublic interface IRequest {}\n',
      'src/Shop/Internal/Helpers.cs': 'namespace Shop.Internal;\npublic static class Helpers {}\n',
    });
    const symbol = (name: string, kind: string, path: string) => ({
      name,
      kind,
      path,
      line: 2,
      exported: true,
    });
    const api = findPublicApi({
      src,
      facts: { pyScripts: [] } as never,
      entryPoints: [],
      productFiles: src.files.map((f) => f.path),
      symbols: [
        symbol('Mediator', 'class', 'src/Shop/Mediator.cs'),
        symbol('IRequest', 'interface', 'src/Shop/IRequest.cs'),
        symbol('Helpers', 'class', 'src/Shop/Internal/Helpers.cs'),
      ] as never,
      routes: [],
      application: false,
    });
    expect(api.map((e) => `${e.name}:${e.kind}`)).toEqual(['Mediator:class', 'IRequest:interface']);
  });

  it('a PHP library offers its classes and interfaces, not each method read as a function', () => {
    const src = sourcesFromMap({
      'Shop/App.php': '<?php\nclass App {\n    public function run() {}\n}\n',
      'Shop/Interfaces/RouteInterface.php': '<?php\ninterface RouteInterface {}\n',
    });
    const api = findPublicApi({
      src,
      facts: { pyScripts: [] } as never,
      entryPoints: [],
      productFiles: src.files.map((f) => f.path),
      symbols: [
        { name: 'App', kind: 'class', path: 'Shop/App.php', line: 2, exported: true },
        { name: 'run', kind: 'function', path: 'Shop/App.php', line: 3, exported: true },
        {
          name: 'RouteInterface',
          kind: 'interface',
          path: 'Shop/Interfaces/RouteInterface.php',
          line: 2,
          exported: true,
        },
      ] as never,
      routes: [],
      application: false,
    });
    expect(api.map((e) => `${e.name}:${e.kind}`)).toEqual(['App:class', 'RouteInterface:interface']);
  });

  it("reads a Python example's from-imports, its top-level calls before those inside the functions it defines", () => {
    const code = [
      'from web.applications import Web',
      'from web.responses import JSONResponse',
      'from web.routing import Route as R',
      '',
      'async def homepage(request):',
      "    return JSONResponse({'hello': 'world'})",
      '',
      'routes = [',
      '    R("/", endpoint=homepage)',
      ']',
      '',
      'app = Web(debug=True, routes=routes)',
    ].join('\n');
    expect(readmeCalls(code, 'web', 'web')).toEqual([
      { name: 'Web', call: 'Web()' },
      { name: 'JSONResponse', call: 'JSONResponse()' },
      { name: 'Route', call: 'R()' },
    ]);
  });

  it("follows `export type * from './types'` to the types the file declares", () => {
    const src = sourcesFromMap({
      'src/jsx/index.ts': "export { jsx } from './base'\nexport type * from './types'\n",
      'src/jsx/base.ts': 'export function jsx() {}\n',
      'src/jsx/types.ts':
        'export type RefObject<T> = { current: T }\nexport interface CSSProperties {}\ntype ReactNode = unknown\nexport type { ReactNode }\n',
    });
    const api = findPublicApi({
      src,
      facts: { pyScripts: [] } as never,
      entryPoints: [{ path: 'src/jsx/index.ts', how: 'package.json main' } as never],
      productFiles: src.files.map((f) => f.path),
      symbols: [],
      routes: [],
      application: false,
    });
    expect(api.map((e) => `${e.name}:${e.path}`)).toEqual(
      expect.arrayContaining([
        'RefObject:src/jsx/types.ts',
        'CSSProperties:src/jsx/types.ts',
        // a type exported by a list of its own
        'ReactNode:src/jsx/types.ts',
      ]),
    );
  });

  it('cites a JS name imported from a sibling file and exported in a list at the declaration it imports', () => {
    const src = sourcesFromMap({
      'src/jsx/index.ts': [
        "import { jsx, memo, version as compat } from './base'",
        "import type { Attrs } from './base'",
        'import {',
        '  use,',
        '  useState,',
        "} from './hooks'",
        'const local = 1',
        'export {',
        '  compat as version,',
        '  jsx,',
        '  jsx as createElement,',
        '  memo,',
        '  use,',
        '  local,',
        '  Attrs,',
        '}',
      ].join('\n'),
      'src/jsx/base.ts':
        'export const version = "19"\nexport function jsx() {}\nexport const memo = () => {}\nexport type Attrs = {}\n',
      'src/jsx/hooks/index.ts': 'export const useState = () => {}\nexport const use = () => {}\n',
    });
    const api = findPublicApi({
      src,
      facts: { pyScripts: [] } as never,
      entryPoints: [{ path: 'src/jsx/index.ts', how: 'package.json main' } as never],
      productFiles: src.files.map((f) => f.path),
      symbols: [],
      routes: [],
      application: false,
    });
    expect(
      api.map((e) => [e.name, e.kind, e.definedAt && `${e.definedAt.path}:${e.definedAt.line}`]),
    ).toEqual([
      ['version', 'const', 'src/jsx/base.ts:1'],
      ['jsx', 'function', 'src/jsx/base.ts:2'],
      ['createElement', 'function', 'src/jsx/base.ts:2'],
      ['memo', 'const', 'src/jsx/base.ts:3'],
      ['use', 'const', 'src/jsx/hooks/index.ts:2'],
      // declared in the file itself: cited at its export line
      ['local', 'export', undefined],
      ['Attrs', 'type', 'src/jsx/base.ts:4'],
    ]);
  });

  it('leaves out JS names whose doc comment says @api private, @private, @internal or @hidden', () => {
    const text = [
      'module.exports = class App {',
      '  /**',
      '   * Use a middleware.',
      '   * @api public',
      '   */',
      '',
      '  use (fn) {}',
      '  /**',
      '   * @api private',
      '   */',
      '',
      '  handleRequest (ctx) {}',
      '  /** @private */',
      '  createContext (req) {}',
      '  get currentContext () {}',
      '};',
      '/** @internal */',
      'exports.debug = 1;',
      '/** @hidden */',
      'export function secret() {}',
      'export function open() {}',
    ].join('\n');
    expect(rows(jsExports('lib/app.js', text))).toEqual([
      'open:function:21',
      'App:class:1',
      'use:method:7',
      'currentContext:property:15',
    ]);
  });

  it('leaves out Rust items under #[doc(hidden)] or #[cfg(test)], and names each leaf of a pub use', () => {
    const text = [
      'pub use crate::run::run;',
      '',
      '#[doc(hidden)]',
      'pub use {arguments::Arguments, unindent::unindent};',
      '',
      '#[cfg(test)]',
      '#[macro_use]',
      'pub mod testing;',
      '',
      '// Used for testing.',
      '#[doc(hidden)]',
      'pub mod request;',
      '',
      'pub use self::{',
      '  error::{Error, Kind as ErrorKind},',
      '  config::Config,',
      '};',
      '/// Parses.',
      'pub fn parse() {}',
    ].join('\n');
    expect(rows(rustPubItems('src/lib.rs', text))).toEqual([
      'parse:fn:19',
      'run:use:1',
      'Error:use:15',
      'ErrorKind:use:15',
      'Config:use:16',
    ]);
  });

  it('reaches a Go type when exported, embedded in an exported struct or returned by an exported function', () => {
    const reachable = goReachableTypes([
      'type Mux struct {\n\ttree *node\n\t*base\n}\n\nfunc New() *impl { return nil }\nfunc (n *node) grow() *hidden {}\n',
    ]);
    expect(['Mux', 'node', 'base', 'impl', 'hidden'].filter(reachable)).toEqual(['Mux', 'base', 'impl']);
  });

  it("reads a Go file's exported variables and constants, alone or in blocks, not a literal's fields", () => {
    const api = goValues(
      'x.go',
      'package x\n\nvar Enabled = true\nconst Limit = 3\nvar hidden = 1\n\nconst (\n\tA Kind = iota\n\tb\n\tC, D = 1, 2\n)\n\nvar (\n\tDefault = Opts{\n\t\tField: 1,\n\t}\n\tKey = &ctxKey{"k"}\n)\n',
    );
    expect(api.map((a) => `${a.name}:${a.kind}:${a.line}`)).toEqual([
      'Enabled:variable:3',
      'Limit:constant:4',
      'A:constant:8',
      'C:constant:10',
      'D:constant:10',
      'Default:variable:14',
      'Key:variable:17',
    ]);
  });
});

describe('a default export named in an export list', () => {
  it("`export { client as default }` of a sibling file's default import is that file's default export", () => {
    const src = sourcesFromMap({
      'index.js': [
        "import client from './lib/client.js';",
        'const { Client, mergeConfig } = client;',
        'export {',
        '  client as default,',
        '  Client,',
        '  mergeConfig',
        '}',
      ].join('\n'),
      'lib/client.js': [
        'function createInstance(defaults) {',
        '  return defaults;',
        '}',
        'const client = createInstance({});',
        'export default client',
      ].join('\n'),
    });
    const api = findPublicApi({
      src,
      facts: { pyScripts: [] } as never,
      entryPoints: [{ path: 'index.js', how: 'package.json main' } as never],
      productFiles: src.files.map((f) => f.path),
      symbols: [],
      routes: [],
      application: false,
    });
    expect(api[0]).toMatchObject({
      name: 'client',
      kind: 'default export',
      isDefault: true,
      definedAt: { path: 'lib/client.js', line: 4 },
    });
    expect(api.map((a) => a.name)).toEqual(['client', 'Client', 'mergeConfig']);
  });
});

describe("a README's install section", () => {
  it('shows how to get and import the package, not how to use it: its blocks are left out', () => {
    const readme = [
      '# client',
      '## Installing',
      '### Package manager',
      '```js',
      "import client, {isCancel} from 'client';",
      "console.log(client.isCancel('something'));",
      '```',
      '## Example',
      '```js',
      "client.get('/user?ID=12345');",
      '```',
    ].join('\n');
    const blocks = readmeCode(readme);
    expect(blocks).toHaveLength(1);
    expect(readmeCalls(blocks[0]!, 'client', 'client')).toEqual([{ name: 'get', call: 'client.get()' }]);
  });
});

describe('calls in a README example', () => {
  it('a tagged template calls the function it names', () => {
    const code = "import {execa} from 'execa';\n\nawait execa`npm run build`;\n";
    expect(readmeCalls(code, 'execa', 'execa')).toEqual([{ name: 'execa', call: 'execa()' }]);
  });
});
