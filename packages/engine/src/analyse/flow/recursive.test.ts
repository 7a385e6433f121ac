// A type that holds more of itself is a tree, named as its file's comments name it.
import { describe, expect, it } from 'vitest';
import { childrenField, interfaceOf, nodeKinds } from './recursive.ts';

describe('children of a type', () => {
  it('finds the field holding many of the type, through a local collection type, with the tree its file names', () => {
    const text = [
      'package router',
      '',
      '// A radix tree adapted for routing.',
      '',
      'type node struct {',
      '\tprefix string',
      '\tparent *node',
      '\tchildren [kinds + 1]nodes // by kind',
      '}',
      '',
      'type nodes []*node',
    ].join('\n');
    expect(childrenField(text, 'node', 5)).toEqual({
      field: 'children',
      line: 8,
      named: { words: 'radix tree', line: 3 },
    });
  });

  it('takes a slice or map of the type as children, and a single link as none', () => {
    const tree = 'package cli\n\ntype Command struct {\n\tName string\n\tcommands []*Command\n}\n';
    expect(childrenField(tree, 'Command', 3)).toEqual({ field: 'commands', line: 5 });
    const list = 'package l\n\ntype Item struct {\n\tnext *Item\n\tprev *Item\n}\n';
    expect(childrenField(list, 'Item', 3)).toBeUndefined();
  });
});

describe('kinds and interfaces', () => {
  it("finds the kinds a struct's values come in, from a field whose type the file enumerates with iota", () => {
    const text = [
      'package router', // 1
      '',
      'type nodeTyp uint8', // 3
      '',
      'const (',
      '\tntStatic nodeTyp = iota // /home', // 6
      '\tntParam // /{user}',
      '\tntCatchAll',
      ')',
      '',
      'type node struct {', // 11
      '\tchildren []*node',
      '\ttyp nodeTyp',
      '}',
    ].join('\n');
    expect(nodeKinds(text, 'node', 11)).toEqual({
      field: 'typ',
      type: 'nodeTyp',
      kinds: [
        { name: 'ntStatic', note: '/home' },
        { name: 'ntParam', note: '/{user}' },
        { name: 'ntCatchAll' },
      ],
      line: 6,
      end: 8,
    });
  });

  it('reads what an interface declares and embeds', () => {
    const text = [
      'type Router interface {',
      '\thttp.Handler',
      '\tRoutes',
      '',
      '\tUse(m ...func()) // adds',
      '\tGet(p string)',
      '}',
    ].join('\n');
    expect(interfaceOf(text, 'Router', 1)).toEqual({
      methods: ['Use', 'Get'],
      embeds: ['http.Handler', 'Routes'],
    });
  });
});
