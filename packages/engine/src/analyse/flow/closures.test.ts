// Set-up that runs once versus the steps a returned function runs for each unit of work.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import { fileModel } from './index.ts';
import { perCallSteps } from './closures.ts';

const app = fileModel(
  'lib/app.js',
  'JavaScript',
  blankComments(
    [
      'class App {', // 1
      '  callback () {', // 2
      '    const fn = combine(this.stack)', // 3
      '    const handle = (req, res) => {', // 4
      '      const ctx = this.makeContext(req, res)', // 5
      '      return this.run(ctx, fn)', // 6
      '    }',
      '    return handle', // 8
      '  }',
      '',
      '  makeContext (req, res) {', // 11
      '    return {}',
      '  }',
      '',
      '  run (ctx, fn) {', // 15
      '    return fn(ctx)',
      '  }',
      '}',
    ].join('\n'),
    'JavaScript',
  ),
);

describe('per-call steps', () => {
  it('marks the steps called inside a function the caller returns, not those of its set-up', () => {
    const path = [
      { name: 'callback', owner: 'App', path: 'lib/app.js', line: 2 },
      { name: 'combine', path: 'lib/app.js', line: 3, external: 'combine-fns', from: 0 },
      { name: 'makeContext', owner: 'App', path: 'lib/app.js', line: 11, from: 0 },
      { name: 'run', owner: 'App', path: 'lib/app.js', line: 15, from: 0 },
    ];
    const out = perCallSteps(path, [app]);
    expect(out.map((s) => s.perCall)).toEqual([
      undefined,
      undefined,
      { name: 'handle', line: 4 },
      { name: 'handle', line: 4 },
    ]);
  });

  it("puts the set-up written after the returned function's calls before them, callers following", () => {
    // `listen()` runs `callback()` and hands its result to a server: the server is set up once, before
    // any request reaches `handle`
    const path = [
      { name: 'listen', owner: 'App', path: 'lib/app.js', line: 20 },
      { name: 'callback', owner: 'App', path: 'lib/app.js', line: 2, from: 0 },
      { name: 'combine', path: 'lib/app.js', line: 3, external: 'combine-fns', from: 1 },
      { name: 'makeContext', owner: 'App', path: 'lib/app.js', line: 11, from: 1 },
      { name: 'run', owner: 'App', path: 'lib/app.js', line: 15, from: 1 },
      { name: 'createServer', path: 'lib/app.js', line: 21, external: 'node:http', from: 0 },
    ];
    const out = perCallSteps(path, [app]);
    expect(out.map((s) => s.name)).toEqual([
      'listen',
      'callback',
      'combine',
      'createServer',
      'makeContext',
      'run',
    ]);
    expect(out.map((s) => s.from)).toEqual([undefined, 0, 1, 0, 1, 1]);
  });

  it('reads a one-line closure with a type annotation as the function returned', () => {
    const react = fileModel(
      'src/react.ts',
      'TypeScript',
      blankComments(
        [
          'const createImpl = <T>(createState: StateCreator<T>) => {', // 1
          '  const api = createStore(createState)', // 2
          '  const useBound: any = (selector?: any) => useStore(api, selector)', // 3
          '  Object.assign(useBound, api)', // 4
          '  return useBound', // 5
          '}',
          'export function useStore(api, selector) {', // 7
          '  return selector(api.getState())',
          '}',
          'function createStore(f) {', // 10
          '  return f',
          '}',
        ].join('\n'),
        'TypeScript',
      ),
    );
    const path = [
      { name: 'createImpl', path: 'src/react.ts', line: 1 },
      { name: 'createStore', path: 'src/react.ts', line: 10, from: 0 },
      { name: 'useStore', path: 'src/react.ts', line: 7, from: 0 },
    ];
    // the store is made once; the hook calls `useStore` each time a component calls it
    expect(perCallSteps(path, [react]).map((s) => s.perCall)).toEqual([
      undefined,
      undefined,
      { name: 'useBound', line: 3 },
    ]);
  });
});
