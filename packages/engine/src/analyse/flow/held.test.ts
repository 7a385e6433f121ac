// What a main-path type keeps of a library across calls: the object, its field and what sizes it.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import type { Target } from './definitions.ts';
import { heldObjects } from './held.ts';
import { fileModel } from './index.ts';

const lines = [
  'from urllib3.poolmanager import PoolManager',
  'from urllib3.util.retry import Retry',
  '',
  'DEFAULT_POOLBLOCK = False',
  'DEFAULT_POOLSIZE = 10',
  'DEFAULT_RETRIES = 0',
  '',
  'class HTTPAdapter:',
  '    def __init__(',
  '        self,',
  '        pool_connections: int = DEFAULT_POOLSIZE,',
  '        pool_maxsize: int = DEFAULT_POOLSIZE,',
  '        max_retries: int = DEFAULT_RETRIES,',
  '    ) -> None:',
  '        self.max_retries = Retry(0, read=False)',
  '        self.init_poolmanager(pool_connections, pool_maxsize)',
  '',
  '    def init_poolmanager(self, connections, maxsize):',
  '        self.poolmanager = PoolManager(',
  '            num_pools=connections,',
  '            maxsize=maxsize,',
  '        )',
];

describe('held library objects', () => {
  it("tells the library object the constructor's settings size, with the constants they default to", () => {
    const file = fileModel('pkg/adapters.py', 'Python', blankComments(lines.join('\n'), 'Python'));
    const types = new Map<string, Target[]>(
      file.defs.filter((d) => d.kind === 'type').map((def) => [def.name, [{ file, def }]]),
    );
    const held = heldObjects(['HTTPAdapter'], types, (m) => m.startsWith('urllib3'));
    expect(held).toEqual([
      {
        owner: 'HTTPAdapter',
        field: 'poolmanager',
        type: 'PoolManager',
        module: 'urllib3.poolmanager',
        path: 'pkg/adapters.py',
        line: 19,
        ctorLine: 9,
        sizes: [
          { param: 'pool_connections', constant: 'DEFAULT_POOLSIZE', value: '10', line: 5 },
          { param: 'pool_maxsize', constant: 'DEFAULT_POOLSIZE', value: '10', line: 5 },
        ],
      },
    ]);
    // an object of a module that is no dependency is not told
    expect(heldObjects(['HTTPAdapter'], types, () => false)).toEqual([]);
  });
});
