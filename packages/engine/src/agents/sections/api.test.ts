import { describe, expect, it } from 'vitest';
import type { Route } from '../../analyse/types.ts';
import { shareOut } from './api.ts';

const route = (path: string, method = 'ANY'): Route => ({
  method,
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

  it('shows the methods of one path together or not at all', () => {
    const routes = [
      route('/api/checks/<uuid:code>', 'GET'),
      route('/api/checks/<uuid:code>', 'POST'),
      route('/api/checks/<uuid:code>', 'DELETE'),
      route('/api/status', 'GET'),
      route('/ping/<uuid:code>'),
      route('/ping/<uuid:code>/fail'),
    ];
    expect(shareOut(routes, 4).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/checks/<uuid:code>',
      'POST /api/checks/<uuid:code>',
      'DELETE /api/checks/<uuid:code>',
      'ANY /ping/<uuid:code>',
    ]);
  });
});
