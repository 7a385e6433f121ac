// The state a Go main path leaves in the request: a context value a later step reads back, and the
// request fields a step sets before the handler it found runs.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import type { MainPathStep } from '../types.ts';
import { fileModel } from './index.ts';
import { requestState, rewrites } from './request-state.ts';

const mux = fileModel(
  'mux.go',
  'Go',
  blankComments(
    [
      'package router', // 1
      '',
      'func (mx *Mux) ServeHTTP(w http.ResponseWriter, r *http.Request) {', // 3
      '\trctx := mx.pool.Get().(*Context)',
      '\tr = r.WithContext(context.WithValue(r.Context(), CtxKey, rctx))', // 5
      '\tmx.handler.ServeHTTP(w, r)',
      '}',
      '',
      'func (mx *Mux) routeHTTP(w http.ResponseWriter, r *http.Request) {', // 9
      '\trctx := r.Context().Value(CtxKey).(*Context)',
      '\tif h := mx.tree.Find(rctx); h != nil {',
      '\t\tr.SetPathValue("id", rctx.id)', // 12
      '\t\tr.Pattern = rctx.pattern', // 13
      '\t\th.ServeHTTP(w, r)', // 14
      '\t\tr.Header = nil', // 15
      '\t}',
      '}',
    ].join('\n'),
    'Go',
  ),
);

const path: MainPathStep[] = [
  { name: 'ServeHTTP', owner: 'Mux', path: 'mux.go', line: 3 },
  { name: 'routeHTTP', owner: 'Mux', path: 'mux.go', line: 9, from: 0 },
  { name: 'h.ServeHTTP', path: 'mux.go', line: 14, handedIn: 'result', from: 1 },
];

describe('request state on the main path', () => {
  it('names the context value a step stores and the later step that reads it back', () => {
    const [serve] = requestState(path, [mux]);
    expect(serve!.context).toEqual({
      key: 'CtxKey',
      value: 'rctx',
      line: 5,
      readBy: { name: 'routeHTTP', owner: 'Mux' },
    });
  });

  it('names what a step writes into the request before the handler it calls runs, not after', () => {
    const [, route] = requestState(path, [mux]);
    expect(route!.sets).toEqual([
      { name: 'r.SetPathValue', call: true, line: 12 },
      { name: 'r.Pattern', call: false, line: 13 },
    ]);
    expect(route!.setsBefore).toEqual({ name: 'h.ServeHTTP' });
  });

  it('leaves steps without such state alone', () => {
    const out = requestState(path, [mux]);
    expect(out[0]!.sets).toBeUndefined();
    expect(out[1]!.context).toBeUndefined();
    expect(out[2]).toEqual(path[2]);
  });
});

describe('context accessors', () => {
  const ctx = fileModel(
    'context.go',
    'Go',
    blankComments(
      [
        'package router', // 1
        '',
        'func Param(r *http.Request, key string) string {', // 3
        '\treturn FromContext(r.Context()).get(key)',
        '}',
        '',
        'func FromContext(ctx context.Context) *Context {', // 7
        '\tv, _ := ctx.Value(CtxKey).(*Context)',
        '\treturn v',
        '}',
        '',
        'func Unrelated() int { return 1 }',
      ].join('\n'),
      'Go',
    ),
  );

  it('names the exported functions that read the stored value, those reading the key first', () => {
    const [serve] = requestState(path, [mux, ctx]);
    expect(serve!.context!.accessors).toEqual([
      { name: 'FromContext', path: 'context.go', line: 7 },
      { name: 'Param', path: 'context.go', line: 3 },
    ]);
  });
});

describe('rewrites of the stored state', () => {
  it("names the fields a method sets on the value it reads back through an accessor, not another value's", () => {
    const mount = fileModel(
      'mount.go',
      'Go',
      blankComments(
        [
          'package router', // 1
          '',
          'func (mx *Mux) Mount(p string, h http.Handler) {', // 3
          '\tmh := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {',
          '\t\trctx := FromContext(r.Context())',
          '\t\trctx.RoutePath = mx.next(rctx)', // 6
          '\t\tother.Name = "x"',
          '\t\th.ServeHTTP(w, r)',
          '\t})',
          '\tmx.handle(p, mh)',
          '}',
        ].join('\n'),
        'Go',
      ),
    );
    const context = {
      key: 'CtxKey',
      value: 'rctx',
      line: 5,
      accessors: [{ name: 'FromContext', path: 'c.go', line: 7 }],
    };
    expect(rewrites(mount, 3, context)).toEqual([{ name: 'rctx.RoutePath', line: 6 }]);
  });
});
