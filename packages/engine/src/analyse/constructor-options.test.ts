// The options a class's constructor reads: a library's configuration, set in code.
import { describe, expect, it } from 'vitest';
import { constructorOptions, importedFrom } from './constructor-options.ts';

describe('constructor options', () => {
  it('reads each option of the first parameter once, with the fallback the constructor gives it', () => {
    const source = [
      "const compose = require('koa-compose')",
      'module.exports = class Application extends Emitter {',
      '  /** @param {object} [options] Application options */',
      '  constructor (options) {',
      '    super()',
      '    options = options || {}',
      '    this.proxy = options.proxy || false',
      "    this.proxyIpHeader = options.proxyIpHeader || 'X-Forwarded-For'",
      "    this.env = options.env || process.env.NODE_ENV || 'development'",
      '    if (options.keys) this.keys = options.keys',
      '    // options.commented is no read',
      '  }',
      '  listen (options) {',
      '    return options.port',
      '  }',
      '}',
    ].join('\n');
    const found = constructorOptions('lib/application.js', source, 1);
    expect(found).toMatchObject({ className: 'Application', param: 'options', line: 4 });
    expect(found!.options).toEqual([
      { name: 'proxy', path: 'lib/application.js', line: 7, defaultValue: 'false' },
      { name: 'proxyIpHeader', path: 'lib/application.js', line: 8, defaultValue: "'X-Forwarded-For'" },
      {
        name: 'env',
        path: 'lib/application.js',
        line: 9,
        defaultValue: "process.env.NODE_ENV || 'development'",
      },
      { name: 'keys', path: 'lib/application.js', line: 10 },
    ]);
  });

  it("follows `super(options)` into the parent class, by its exported name, past the type parameters' constraints", () => {
    const child = [
      "import { HonoBase } from './hono-base'",
      'export class Hono<',
      '  E extends Env = BlankEnv,',
      '> extends HonoBase<E> {',
      '  constructor(options: HonoOptions<E> = {}) {',
      '    super(options)',
      '    this.router =',
      '      options.router ??',
      '      new SmartRouter({',
      '        routers: [new RegExpRouter(), new TrieRouter()],',
      '      })',
      '  }',
      '}',
    ].join('\n');
    const parent = [
      'class Hono<E extends Env = Env> {',
      '  constructor(options: HonoOptions<E> = {}) {',
      '    const { strict, ...rest } = options',
      '    Object.assign(this, rest)',
      '    this.getPath = (strict ?? true) ? (options.getPath ?? getPath) : getPathNoStrict',
      '  }',
      '}',
      'export { Hono as HonoBase }',
    ].join('\n');
    const has = (p: string) => p === 'src/hono-base.ts';
    expect(importedFrom(child, 'HonoBase', 'src/hono.ts', has)).toBe('src/hono-base.ts');
    const found = constructorOptions('src/hono.ts', child, 1, () => ({
      path: 'src/hono-base.ts',
      text: parent,
    }));
    expect(found!.options).toEqual([
      {
        name: 'router',
        path: 'src/hono.ts',
        line: 8,
        defaultValue: 'new SmartRouter({ routers: [new RegExpRouter(), new TrieRouter()] })',
      },
      { name: 'strict', path: 'src/hono-base.ts', line: 3, defaultValue: 'true' },
      { name: 'getPath', path: 'src/hono-base.ts', line: 5, defaultValue: 'getPath' },
    ]);
  });

  it('finds nothing where the constructor reads no options', () => {
    expect(
      constructorOptions('a.js', 'class A {\n  constructor (x) {\n    this.x = x\n  }\n}\n', 1),
    ).toBeUndefined();
    expect(constructorOptions('a.js', 'function f () {}\n', 1)).toBeUndefined();
    // the next class's constructor is not the first one's
    const two =
      'class A {\n  run () {}\n}\nclass B {\n  constructor (options) {\n    this.x = options.x\n  }\n}\n';
    expect(constructorOptions('a.js', two, 1)).toBeUndefined();
    expect(constructorOptions('a.js', two, 4)?.className).toBe('B');
  });
});
