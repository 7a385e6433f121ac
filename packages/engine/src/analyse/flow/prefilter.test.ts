// The cheap test run before a definition's calls are resolved: it may only skip bodies whose every
// call the resolver could never take to a product definition.

import { describe, expect, it } from 'vitest';
import { sourcesFromMap } from '../sources.ts';
import { callsIn, callsNone, definitions, nameWords } from './definitions.ts';
import { flowPass } from './index.ts';
import { fileInfos, identity } from './test-fixtures.ts';

describe('callsNone', () => {
  const words = nameWords(['work', '#run', 'route!', 'Engine']);

  it('takes the words of names as calls write them', () => {
    expect([...words].sort()).toEqual(['Engine', 'route', 'run', 'work']);
  });

  it("passes over the definition's own name on its first line, not a receiver's method of that name", () => {
    expect(
      callsNone(
        ['function work(x) {', '  return Math.max(x, 1)', '}'],
        1,
        3,
        'work',
        'JavaScript',
        words,
        false,
      ),
    ).toBe(true);
    expect(callsNone(['def work(self): return other.work()'], 1, 1, 'work', 'Python', words, false)).toBe(
      false,
    );
    expect(
      callsNone(['function helper() {', '  return work(1)', '}'], 1, 3, 'helper', 'JavaScript', words, false),
    ).toBe(false);
  });

  it('reads lines as callsIn does: only those with a parenthesis, but every Ruby line', () => {
    expect(callsNone(['let a = work', 'b(a)'], 1, 2, 'f', 'JavaScript', words, false)).toBe(true);
    expect(callsNone(['def call(env)', '  route!', 'end'], 1, 3, 'call', 'Ruby', words, false)).toBe(false);
    // a word is read as WORD reads it: after a digit, and with `$` as a letter
    expect(callsNone(['f(9work)'], 1, 1, 'f', 'JavaScript', words, false)).toBe(false);
    expect(callsNone(['f($work, work$)'], 1, 1, 'f', 'JavaScript', words, false)).toBe(true);
    // a private method's call and a constructor
    expect(callsNone(['  x() { this.#run() }'], 1, 1, 'x', 'JavaScript', words, true)).toBe(false);
    expect(callsNone(['  x() { return new Engine() }'], 1, 1, 'x', 'JavaScript', words, true)).toBe(false);
  });

  it("counts a call through a field of a method's value, whatever its name", () => {
    const lines = ['  handle(req) {', '    return this.router.match(req)', '  }'];
    expect(callsNone(lines, 1, 3, 'handle', 'JavaScript', words, true)).toBe(false);
    expect(callsNone(lines, 1, 3, 'handle', 'JavaScript', words, false)).toBe(true);
  });

  it('never says none where callsIn finds a call of one of the names', () => {
    const sources: [string, string][] = [
      [
        'Python',
        'def a(x):\n    return work(x)\n\ndef b(x):\n    return len(x)\n\ndef work(y):\n    return work(y - 1)',
      ],
      [
        'Go',
        'func A(e *Engine) int {\n\treturn e.work()\n}\n\nfunc B() string {\n\treturn fmt.Sprintf("%d", 1)\n}',
      ],
      [
        'TypeScript',
        'export function a() {\n  return [1].map((v) => work(v));\n}\nexport function b(s: string) {\n  return s.trim();\n}',
      ],
      ['Ruby', 'class R\n  def a\n    route!\n  end\n  def b\n    puts "x"\n  end\nend'],
    ];
    for (const [language, code] of sources) {
      const lines = code.split('\n');
      for (const d of definitions(code, language)) {
        const none = callsNone(lines, d.line, d.end, d.name, language, words, !!d.owner);
        const named = callsIn(lines, d.line, d.end, d.name, language).filter((c) =>
          words.has(c.name.replace(/^#|[!?]$/g, '')),
        );
        if (none) expect(named).toEqual([]);
      }
    }
  });
});

describe('the library start, with bodies that call nothing of the product skipped', () => {
  it("follows a call through a method the type binds to a field, whose name is no definition's", () => {
    const contents = {
      'src/engine.js': [
        'export class Engine {',
        '  constructor() {',
        '    this.go = this.work',
        '  }',
        '  start(job) {',
        '    return this.go(job)',
        '  }',
        '  work(job) {',
        ...Array.from({ length: 30 }, (_, i) => `    job.total += job.items[${i}] * 2`),
        '    return job.total',
        '  }',
        '}',
        'export function version() {',
        '  return String(Math.max(1, 2))',
        '}',
      ].join('\n'),
    };
    const flow = flowPass({
      src: sourcesFromMap(contents),
      files: fileInfos(contents, 'JavaScript'),
      identity: identity({
        kind: 'library',
        productPaths: ['src'],
        publicApi: [
          { name: 'Engine', kind: 'class', path: 'src/engine.js', line: 1 },
          { name: 'version', kind: 'function', path: 'src/engine.js', line: 43 },
        ],
        keyComponents: [{ path: 'src/engine.js', rank: 1 }],
      }),
      routes: [],
      dependencies: [],
    });
    // `start` reaches `work` through the bound field: it is the outermost driver, not `work` itself
    expect((flow.mainPath ?? []).map((s) => s.name).slice(0, 2)).toEqual(['start', 'work']);
  });
});
