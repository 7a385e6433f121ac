// A central type that builds more of itself for its users: the methods that make and return a new
// value of it, what they hand it to first, and the method that attaches it.

import { describe, expect, it } from 'vitest';
import { blankComments } from '../comments.ts';
import { composers } from './composers.ts';
import { fileModel } from './index.ts';

const model = (path: string, lines: string[]) => fileModel(path, 'Go', blankComments(lines.join('\n'), 'Go'));

describe('composers', () => {
  it('finds the methods that return a new value of the type, directly, through a constructor or another such method', () => {
    const mux = model('mux.go', [
      'package router',
      '',
      'type Mux struct{ inline bool }',
      '',
      'func NewMux() *Mux { return &Mux{} }',
      '',
      'func (mx *Mux) With(mws ...func(Handler) Handler) Router {',
      '\tim := &Mux{inline: true}',
      '\treturn im',
      '}',
      '',
      'func (mx *Mux) Group(fn func(r Router)) Router {',
      '\tim := mx.With()',
      '\tfn(im)',
      '\treturn im',
      '}',
      '',
      'func (mx *Mux) Route(pattern string, fn func(r Router)) Router {',
      '\tsub := NewMux()',
      '\tfn(sub)',
      '\tmx.Mount(pattern, sub)',
      '\treturn sub',
      '}',
      '',
      'func (mx *Mux) Mount(pattern string, h Handler) {',
      '}',
      '',
      'func (mx *Mux) Routes() Router {',
      '\treturn mx',
      '}',
    ]);
    const found = composers([mux], ['Mux', 'Router']);
    expect(found.map((c) => c.name)).toEqual(['With', 'Group', 'Route']);
    expect(found[1]).toMatchObject({ returns: 'Router', hands: 'fn' });
    expect(found[2]).toMatchObject({ hands: 'fn', attaches: { name: 'Mount', line: 25 } });
    expect(found[0]!.hands).toBeUndefined();
  });

  it('finds none where methods only return the receiver or other types', () => {
    const b = model('b.go', [
      'package b',
      '',
      'type Builder struct{}',
      '',
      'func (b *Builder) Add(x int) *Builder { return b }',
      'func (b *Builder) Build() *Result { return &Result{} }',
    ]);
    expect(composers([b], ['Builder'])).toEqual([]);
  });
});
