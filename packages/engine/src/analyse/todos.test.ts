// A TODO's note is its whole comment, and a marker is a TODO or todo opening a comment, not the word in prose.

import { describe, expect, it } from 'vitest';
import { languagesPass } from './languages.ts';
import { sourcesFromMap } from './sources.ts';
import { clipNote, todosPass } from './todos.ts';

const notes = (files: Record<string, string>) => {
  const src = sourcesFromMap(files);
  return todosPass(src, languagesPass(src).files).map((t) => `${t.file}:${t.line} ${t.tag} ${t.text}`);
};

describe('a marker note', () => {
  it('runs on over the lines below it in the same comment', () => {
    expect(
      notes({
        'p.go':
          'package p\n\nfunc f() {\n\t// Prepare a frame.\n\t// TODO: Refactor code in conn.go to allow more direct construction of\n' +
          '\t// the frame.\n\tmu := 1\n\t// TODO: one\n\t//\n\t// not this\n\t// FIXME: two\n\t// TODO: three\n' +
          'x := 1 // TODO: trailing\n// below, not part of it\n\t// HACK: four\n\t/// doc, not part of it\n' +
          '\t// BUG: five\n\t//** doc, not part of it\n}\n',
      }),
    ).toEqual([
      'p.go:5 TODO Refactor code in conn.go to allow more direct construction of the frame.',
      'p.go:8 TODO one',
      'p.go:11 FIXME two',
      'p.go:12 TODO three',
      'p.go:13 TODO trailing',
      'p.go:15 HACK four',
      'p.go:17 BUG five',
    ]);
  });

  it('stops at commented-out code under it', () => {
    expect(
      notes({
        'v.rs':
          'fn f() {\n    // TODO: split the test\n    // tr.insert(m, "/{id}/{id}")    // panic expected\n' +
          '    // TODO: Enable me in a later pull request.\n    // if self.has_sgr_sequences {\n    //     buf.push_str("x");\n    // }\n}\n',
        'c.py':
          'def f(item):\n    # TODO: Explore replicating the new behavior from Click, with item types and\n' +
          '    # triggering completion for files and directories\n    # if item.help:\n    #     return f"{item.type},{item.value}"\n' +
          '    # TODO: consider setting the style only for the current program\n    # style_line = f"zstyle {prog}"\n' +
          '    # TODO: when x is set,\n    # if the limit is reached (the default), stop\n    # for example:\n    # a\n    return item\n',
      }),
    ).toEqual([
      'v.rs:2 TODO split the test',
      'v.rs:4 TODO Enable me in a later pull request.',
      'c.py:2 TODO Explore replicating the new behavior from Click, with item types and triggering completion for files and directories',
      'c.py:6 TODO consider setting the style only for the current program',
      'c.py:8 TODO when x is set, if the limit is reached (the default), stop for example: a',
    ]);
  });

  it('runs on inside a block comment, up to its closer, a tag or a list item', () => {
    expect(
      notes({
        'A.java':
          'class A {\n  /**\n   * TODO: keep the\n   * order. */\n  int a;\n  /**\n   * FIXME: leaks when\n   *   closed twice\n' +
          '   * @param x the x\n   */\n  /* TODO: first thing\n   - second thing */\n}\n',
      }),
    ).toEqual([
      'A.java:3 TODO keep the order.',
      'A.java:7 FIXME leaks when closed twice',
      'A.java:11 TODO first thing',
    ]);
  });

  it('quotes the items of the list an empty marker heads, one by one', () => {
    expect(
      notes({
        'create.sh':
          '#!/bin/bash\n# TODO:\n# - Remove the JavaDoc patch once https://github.com/trishume/syntect/issues/222 has been fixed\n' +
          '# - Remove the C# patch\n#   once merged\n\n# Apply patches\n',
      }),
    ).toEqual([
      'create.sh:2 TODO Remove the JavaDoc patch once https://github.com/trishume/syntect/issues/222 has been fixed; Remove the C# patch once merged',
    ]);
  });

  it('is cut at a word, never inside a URL or a word', () => {
    const url = 'https://github.com/sublimehq/Packages/pull/2331';
    expect(clipNote(`Remove the C# patch once ${url} has been merged`, 40)).toBe('Remove the C# patch once…');
    expect(clipNote('short enough', 40)).toBe('short enough');
    const long = notes({ 'a.ts': `// TODO: ${'word '.repeat(30)}\n// ${url} ${'more '.repeat(20)}\n` })[0]!;
    expect(long).toMatch(/^a\.ts:1 TODO (word ){30}https:\/\/github\.com\/sublimehq\/Packages\/pull\/2331…$/);
    expect(long.length).toBeLessThanOrEqual('a.ts:1 TODO '.length + 200);
  });
});

describe('the marker forms', () => {
  it('counts todo and fixme in any common case opening a comment, with any separator, not the word in prose', () => {
    expect(
      notes({
        'T.java':
          'class T {\n  // todo: namespaces\n\n  // todo - move rest to switch\n\n  //todo check the doctype\n\n' +
          '  // Todo(ann) handle bogus comment\n\n  // fixme leaks\n\n  // todo\n\n  // this todo list is prose\n\n' +
          '  int x; // todo: as above todo\n\n  // todoList is a name\n}\n',
      }),
    ).toEqual([
      'T.java:2 TODO namespaces',
      'T.java:4 TODO move rest to switch',
      'T.java:6 TODO check the doctype',
      'T.java:8 TODO handle bogus comment',
      'T.java:10 FIXME leaks',
      'T.java:12 TODO ',
      'T.java:16 TODO as above todo',
    ]);
  });

  it('takes a comment opening with the word for the thing where the code names to-dos', () => {
    expect(
      notes({
        'list.ts':
          'const todos = load();\n// todo item row\nrender(todos);\n// Todo: paginate\n// todo - cache\n',
      }),
    ).toEqual(['list.ts:4 TODO paginate', 'list.ts:5 TODO cache']);
  });
});
