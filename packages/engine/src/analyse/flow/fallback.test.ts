// A loop that tries the values it holds in turn and keeps the first that does not fail.

import { describe, expect, it } from 'vitest';
import { fallbackLoop } from './fallback.ts';

describe('fallback loops', () => {
  const composite = [
    'class SmartRouter {',
    '  match(method, path) {',
    '    const routers = this.#routers',
    '    let i = 0',
    '    for (; i < len; i++) {',
    '      const router = routers[i]',
    '      try {',
    '        for (let j = 0; j < routes.length; j++) {',
    '          router.add(...routes[j])',
    '        }',
    '        res = router.match(method, path)',
    '      } catch (e) {',
    '        if (e instanceof UnsupportedPathError) {',
    '          continue',
    '        }',
    '        throw e',
    '      }',
    '      this.#routers = [router]',
    '      break',
    '    }',
    '    return res',
    '  }',
    '}',
  ];

  it('finds the field it goes through, the error it passes over and where it keeps the value that worked', () => {
    expect(fallbackLoop(composite, 2, 22)).toEqual({
      over: 'this.#routers',
      error: 'UnsupportedPathError',
      line: 5,
      end: 20,
      keeps: 18,
    });
  });

  it('reads a for-of loop over a field, and keeps no line when the loop only stops', () => {
    const loader = [
      'load(name) {',
      '  for (const source of this.sources) {',
      '    try {',
      '      found = source.read(name)',
      '    } catch (e) {',
      '      continue',
      '    }',
      '    break',
      '  }',
      '}',
    ];
    expect(fallbackLoop(loader, 1, 10)).toEqual({ over: 'this.sources', line: 2, end: 9 });
  });

  it('is no fallback when a failure ends the loop or nothing leaves it early', () => {
    const rethrows = composite.map((l) => l.replace('continue', 'return null'));
    expect(fallbackLoop(rethrows, 2, 22)).toBeUndefined();
    const noBreak = composite.filter((l) => !l.includes('break'));
    expect(fallbackLoop(noBreak, 2, 21)).toBeUndefined();
  });
});
