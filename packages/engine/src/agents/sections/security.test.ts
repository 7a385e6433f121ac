// Access control: what the product ships or writes itself is reviewed, not only what a library does.
import { describe, expect, it } from 'vitest';
import type { Analysis } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { bareLibraryAnalysis, sampleAppAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import { productAuthCode, writeSecurity } from './security.ts';

const ctx = (a: Analysis): WriterContext => ({
  a,
  fx: factsOf(a),
  plan: { id: '1', level: 1, title: 'Security', kind: 'security', evidence: [], hasChildren: false },
  findings: [],
  allFindings: {},
  projectName: 'p',
  workspace: { root: '/x', name: 'p', files: [], skipped: [] } as unknown as WriterContext['workspace'],
});

function library(): Analysis {
  const a = bareLibraryAnalysis();
  a.identity = {
    kind: 'library',
    nonProduct: [{ path: 'examples/', role: 'examples' }],
  } as unknown as Analysis['identity'];
  a.symbols.push(
    { path: 'lib/auth.js', name: 'HTTPBasicAuth', kind: 'class', line: 85, exported: true },
    { path: 'lib/auth.js', name: 'basicAuthFailed', kind: 'function', line: 30, exported: false },
    { path: 'lib/auth.js', name: 'BasicAuthOptions', kind: 'interface', line: 5, exported: true },
    { path: 'examples/app.js', name: 'requireLogin', kind: 'function', line: 3, exported: true },
  );
  return a;
}

describe('authentication code of the product', () => {
  it('names what a library ships for its users, exported definitions only, never an example', () => {
    expect(productAuthCode(library()).map((s) => s.name)).toEqual(['HTTPBasicAuth']);
    const out = writeSecurity(ctx(library()));
    expect(out).toContain('The library ships authentication for its users to apply: `HTTPBasicAuth`');
    expect(out).not.toMatch(/No authentication library is declared/);
  });

  it('says a library without any has no access control to review', () => {
    const out = writeSecurity(ctx(bareLibraryAnalysis()));
    expect(out).toContain('no access control to review');
  });

  it('tells an application with routes and no auth of any kind that its routes are open', () => {
    const a = sampleAppAnalysis();
    a.dependencies = a.dependencies.filter((d) => d.name !== 'jsonwebtoken');
    a.symbols = a.symbols.filter((s) => !/auth/i.test(s.name));
    const out = writeSecurity(ctx(a));
    expect(out).toMatch(
      /no authentication code \(.*\) was found in the product, which serves \d+ HTTP routes/,
    );
  });
});
