import { describe, expect, it } from 'vitest';
import type { Analysis, Route } from '../../analyse/types.ts';
import { factsOf } from '../facts.ts';
import { bareLibraryAnalysis } from '../test-fixtures.ts';
import type { WriterContext } from '../writers/context.ts';
import { api as apiSection, shareOut, writeApi } from './api.ts';

const route = (path: string): Route => ({
  method: 'ANY',
  path,
  framework: 'Django',
  file: 'urls.py',
  line: 1,
});

describe('the routes table', () => {
  it('shares its rows among the first path segments when there are too many, so a small part still shows', () => {
    const routes = [
      ...Array.from({ length: 40 }, (_, i) => route(`/api/v${i}`)),
      route('/ping/<uuid:code>'),
      route('/ping/<uuid:code>/fail'),
      ...Array.from({ length: 40 }, (_, i) => route(`/projects/${i}`)),
    ];
    const shown = shareOut(routes, 10).map((r) => r.path);
    expect(shown).toHaveLength(10);
    expect(shown).toContain('/ping/<uuid:code>');
    expect(shown).toContain('/ping/<uuid:code>/fail');
    expect(shown.filter((p) => p.startsWith('/api/'))).toHaveLength(4);
    // the order is kept
    expect(shown[0]).toBe('/api/v0');
    expect(shareOut(routes.slice(0, 3), 10)).toHaveLength(3);
  });
});

describe('a library without routes', () => {
  const lib = (): Analysis => {
    const a = bareLibraryAnalysis();
    a.identity = {
      kind: 'library',
      kinds: [],
      purpose: null,
      productPaths: ['lib'],
      nonProduct: [],
      entryPoints: [],
      publicApi: [{ name: 'slugify', kind: 'function', path: 'lib/strings.js', line: 12 }],
      keyComponents: [],
    };
    return a;
  };
  const write = (a: Analysis) =>
    writeApi({
      a,
      fx: factsOf(a),
      plan: { id: '5', level: 1, title: 'API', kind: 'api', evidence: [], hasChildren: false },
      findings: [],
      allFindings: {},
      projectName: 'tinylib',
      workspace: {
        root: '/nowhere',
        name: 'tinylib',
        files: [],
        skipped: [],
      } as unknown as WriterContext['workspace'],
    });

  it('says nothing of HTTP routes where none is in the code base, and says it where some are', () => {
    const a = lib();
    expect(write(a)).not.toMatch(/HTTP/);
    expect(apiSection.analyst(a)[0]!.statement).toBe('1 public name forms its interface, such as `slugify`.');
    const b = lib();
    b.routes = [{ ...route('/demo'), file: 'examples/app.js', area: 'examples' }];
    expect(write(b)).toMatch(/tinylib is a library and serves no HTTP routes of its own/);
    expect(apiSection.analyst(b)[0]!.statement).toMatch(
      /^It serves no HTTP routes of its own; 1 public name/,
    );
    const c = lib();
    c.identity!.kind = 'framework';
    expect(write(c)).toMatch(/tinylib is a framework.* serves no HTTP routes of its own/);
  });
});
