import { describe, expect, it } from 'vitest';
import { dropRepeatedBlocks, editorialFindings, repeatFilter, sentencesOf } from './editorial.ts';
import type { Block, DocTree, Inline } from './types.ts';

const t = (value: string): Inline => ({ type: 'text', value });
const cite = (path: string, line?: number): Inline => ({ type: 'citation', path, ...(line ? { line } : {}) });
const p = (...children: Inline[]): Block => ({ type: 'paragraph', children });
const list = (...items: Block[][]): Block => ({ type: 'list', ordered: false, items });
const tree = (blocks: Block[]): DocTree => ({
  version: 1,
  meta: { title: 'x', generatedAt: '', generator: '' },
  cover: null,
  toc: false,
  blocks,
  assets: {},
});
const text = (blocks: Block[]) => JSON.stringify(blocks);

describe('sentences', () => {
  it('ends a sentence at a stop before a capital, a digit or an opening mark only', () => {
    expect(sentencesOf('It reads mux.go. Then it routes e.g. paths. 24 tests run. (x)')).toEqual([
      'It reads mux.go.',
      'Then it routes e.g. paths.',
      '24 tests run.',
      '(x)',
    ]);
  });
});

describe('repeated sentences', () => {
  const summary = p(
    t('24 test files hold 118 test cases written with go test. ('),
    cite('context_test.go', 3),
    t(')'),
  );
  it('keeps the first printing and drops a later one, with its citation', () => {
    const blocks = [
      list([summary]),
      p(
        t('One request enters at the mux and runs through five steps. '),
        t('24 test files hold 118 test cases written with go test. ('),
        cite('mux_test.go', 9),
        t(')'),
      ),
    ];
    const out = dropRepeatedBlocks(blocks);
    expect(out).toHaveLength(2);
    expect(text([out[1]!])).toContain('One request enters');
    expect(text([out[1]!])).not.toContain('118 test cases');
    // the dropped sentence's evidence went with it: no orphan "(mux_test.go:9)"
    expect(text([out[1]!])).not.toContain('mux_test.go');
  });

  it('takes a statement with and without a citation for one statement', () => {
    const blocks = [
      p(t('Its central type is Application (11 methods, built on Emitter).')),
      p(
        t('Its central type is Application ('),
        cite('lib/application.js', 51),
        t('; 11 methods, built on Emitter).'),
      ),
    ];
    expect(editorialFindings(tree(blocks)).repeated).toHaveLength(1);
    expect(dropRepeatedBlocks(blocks)).toHaveLength(1);
  });

  it('drops a list item and a list the repeats empty, and never a lead-in or a short label', () => {
    const intro = p(t('61 public names make up what users of the library call:'));
    const blocks = [
      intro,
      list([summary]),
      list([summary], [p(t('Licence: MIT'))]),
      intro,
      p(t('Licence: MIT')),
    ];
    const out = dropRepeatedBlocks(blocks);
    expect(out.map((b) => b.type)).toEqual(['paragraph', 'list', 'list', 'paragraph', 'paragraph']);
    expect((out[2] as Extract<Block, { type: 'list' }>).items).toHaveLength(1);
  });

  it('drops a table printed again, with the sentence that introduced it', () => {
    const table: Block = { type: 'table', header: [[t('Name')]], rows: [[[t('Mux')]], [[t('Router')]]] };
    const lead = p(t('61 public names make up what users of the library call:'));
    const other: Block = { type: 'table', header: [[t('Name')]], rows: [[[t('Context')]]] };
    const out = dropRepeatedBlocks([
      lead,
      table,
      p(t('Another sentence about the routing tree here.')),
      lead,
      table,
      other,
    ]);
    expect(out.map((b) => b.type)).toEqual(['paragraph', 'table', 'paragraph', 'table']);
    expect(out[3]).toBe(other);
  });

  it('gives a part back whole when it would otherwise be left with nothing', () => {
    const unrepeated = repeatFilter();
    expect(unrepeated([summary])).toHaveLength(1);
    expect(unrepeated([summary])).toHaveLength(0);
    expect(unrepeated([summary], true)).toEqual([summary]);
  });

  it('counts repeats and scaffolding in a finished tree', () => {
    const f = editorialFindings(
      tree([
        summary,
        summary,
        p(t('For chi, the 3 sections below rest on these findings: it routes requests to handlers.')),
      ]),
    );
    expect(f.sentences).toBe(3);
    expect(f.repeated).toHaveLength(1);
    expect(f.scaffolding).toHaveLength(1);
  });

  it('counts a sentence about how the report chose or ordered what follows as scaffolding', () => {
    const said = [
      'Frameworks and major libraries the product declares, each with what it is for:',
      'These product files carry the most weight: first those the main path runs through:',
      'Traced from the entry point, one request runs through these steps, in order:',
      'Derived from the manifests present in the repository:',
      'The shares are of the lines in programming languages; the table gives none to documentation.',
    ];
    const f = editorialFindings(tree(said.map((x) => p(t(x)))));
    expect(f.scaffolding).toHaveLength(said.length);
    // the sentences that replaced them say something of the code
    const now = editorialFindings(
      tree([
        p(
          t(
            "Of the product's 8 key files, the first 3 hold steps of the main path, and the next 2 define Config and DirEntry:",
          ),
        ),
        p(t('One request runs from `Mux.ServeHTTP()` to `h.ServeHTTP()`:')),
      ]),
    );
    expect(now.scaffolding).toHaveLength(0);
  });
});
