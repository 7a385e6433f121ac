import { describe, expect, it } from 'vitest';
import { dependenciesPass } from './dependencies.ts';
import { languagesPass } from './languages.ts';
import { buildResolveContext, moduleGraphPass } from './module-graph.ts';
import { sourcesFromMap } from './sources.ts';
import { symbolsPass } from './symbols.ts';

// a product with tests beside the code, a test folder, e2e tests, a benchmark and a docs folder
const FILES: Record<string, string> = {
  'package.json': '{ "name": "root" }',
  'src/core/engine.ts': "import { util } from '../lib/util.ts';\nexport const run = () => util();\n",
  'src/lib/util.ts': 'export const util = () => 1;\n',
  'src/core/engine.test.ts':
    "import { run } from './engine.ts';\nimport { make } from '../../test/helpers/make.ts';\nrun(); make();\n",
  'src/lib/test-helpers.ts': "import { make } from '../../test/helpers/make.ts';\nexport const h = make;\n",
  'test/helpers/make.ts':
    "import { run } from '../../src/core/engine.ts';\nexport const make = () => run();\n",
  'e2e/flow.spec.ts': "import { run } from '../src/core/engine.ts';\nrun();\n",
  'bench/run.ts': "import { run } from '../src/core/engine.ts';\nrun();\n",
  'docs/decisions/0001.md': '# Decision\n\nWe chose TypeScript.\n',
};

describe('module graph', () => {
  const src = sourcesFromMap(FILES);
  const { files } = languagesPass(src);
  const sym = symbolsPass(src, files);
  const graph = moduleGraphPass(
    files,
    sym.imports,
    buildResolveContext(src, dependenciesPass(src).manifests),
  );
  const ids = graph.nodes.map((n) => n.id);

  it('is built from product code only: no test, e2e, bench or docs folder becomes a module', () => {
    expect(ids.some((id) => id.startsWith('src'))).toBe(true);
    for (const id of ids) expect(id).not.toMatch(/^(test|e2e|bench|docs)(\/|$)/);
    // the test file and the test helper inside src are not counted in the src modules either
    const lines = graph.nodes.reduce((n, x) => n + x.lines, 0);
    expect(lines).toBe(3);
  });

  it('shows no src <-> test cycle from tests importing helpers', () => {
    for (const e of graph.edges) expect(`${e.from} ${e.to}`).not.toMatch(/(^|\s)(test|e2e|bench)(\/|\s|$)/);
    const twoWay = graph.edges.filter((e) => graph.edges.some((r) => r.from === e.to && r.to === e.from));
    expect(twoWay).toEqual([]);
    expect(graph.edges.some((e) => e.from.startsWith('src/core') && e.to.startsWith('src/lib'))).toBe(true);
  });

  it('still resolves every import, so other passes can follow test imports', () => {
    expect(sym.imports.find((i) => i.from === 'e2e/flow.spec.ts')?.resolved).toBe('src/core/engine.ts');
  });
});
