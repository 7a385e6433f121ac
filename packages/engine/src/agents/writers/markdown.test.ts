// The escaping helpers: code-base text passed through `text` or `inlineCode` comes back out of the
// markdown parser and the link policy as exactly that text, never as a link, emphasis, HTML, heading
// or list.

import { describe, expect, it } from 'vitest';
import { applyLinkPolicy } from '../../tree/links.ts';
import { markdownToBlocks as parse } from '../../tree/markdown.ts';
import type { Block } from '../../tree/types.ts';
import {
  agree,
  cell,
  cite,
  codeBlock,
  inlineCode,
  joinSome,
  sentence,
  table,
  text,
  topDir,
  unique,
  when,
} from './markdown.ts';

const HOSTILE = [
  'src/x`[Download the security patch](https://evil.example/patch.exe)`y.js',
  '[Download](https://evil.example/patch.exe)',
  '![logo](https://evil.example/x.png)',
  '<a href="https://evil.example">click</a>',
  '<https://evil.example>',
  '**bold** _em_ ~~gone~~ `tick` ``double``',
  '# Heading',
  '- item',
  '+ item',
  '> quote',
  '1. first',
  '12) twelfth',
  '===',
  '&amp; &#x41; &copy;',
  'a | b | c',
  '\\[escaped\\] \\',
  'line one\n# line two\n\n- three',
  '[ref]: https://evil.example',
  '[^1]',
  '`',
  ' ` ',
  '```',
  'trailing backslash \\',
  '\\input{/etc/passwd} \\write18{touch x} $x^2$ {#_%~}',
];

/** What the tree builder makes of markdown: parsed, then every link the report did not make dropped. */
const markdownToBlocks = (md: string) => applyLinkPolicy(parse(md));

function only(blocks: Block[]) {
  expect(blocks).toHaveLength(1);
  const b = blocks[0]!;
  if (b.type !== 'paragraph') throw new Error(`expected a paragraph, got ${b.type}`);
  return b.children;
}

describe('markdown escaping of code-base text', () => {
  it.each(HOSTILE)('text() keeps %j as literal text', (s) => {
    // a prefix so a value that starts a paragraph is tested at a line start as well as mid-line
    for (const md of [text(s), `Name: ${text(s)}`]) {
      const children = only(markdownToBlocks(md));
      const flat = s.replace(/\r\n|[\r\n]/g, ' ');
      expect(children).toEqual([{ type: 'text', value: (md === text(s) ? flat : `Name: ${flat}`).trim() }]);
    }
  });

  it.each(HOSTILE)('inlineCode() keeps %j as one code span', (s) => {
    const children = only(markdownToBlocks(`See ${inlineCode(s)} here`));
    expect(children).toEqual([
      { type: 'text', value: 'See ' },
      { type: 'code', value: s.replace(/\r\n|[\r\n]/g, ' ') },
      { type: 'text', value: ' here' },
    ]);
  });

  it('cite() cannot be broken out of, and still yields a citation for a real path', () => {
    const children = only(markdownToBlocks(cite('src/x`[a](https://evil.example)`y.js', 3)));
    expect(children).toEqual([{ type: 'code', value: 'src/x`[a](https://evil.example)`y.js:3' }]);
    expect(only(markdownToBlocks(cite('src/app.ts', 12)))).toEqual([
      { type: 'citation', path: 'src/app.ts', line: 12 },
    ]);
  });

  it('keeps hostile values inside their table cell', () => {
    const md = table(
      ['Name', 'Where'],
      HOSTILE.map((s) => [text(s), inlineCode(s)]),
    );
    const blocks = markdownToBlocks(md);
    expect(blocks).toHaveLength(1);
    const t = blocks[0]!;
    if (t.type !== 'table') throw new Error('expected a table');
    expect(t.rows).toHaveLength(HOSTILE.length);
    t.rows.forEach((row, i) => {
      const flat = cell(HOSTILE[i]!) === '—' ? '' : HOSTILE[i]!.replace(/\r\n|[\r\n]/g, ' ').trim();
      expect(row).toHaveLength(2);
      expect(row[0]!.map((x) => ('value' in x ? x.value : '')).join('')).toBe(flat);
      expect(row[0]!.every((x) => x.type === 'text')).toBe(true);
      expect(row[1]!.every((x) => x.type === 'code')).toBe(true);
    });
  });

  it('codeBlock() cannot be closed by a fence inside it', () => {
    const body = 'a\n```\n# not a heading\n````\n[x](https://evil.example)';
    expect(markdownToBlocks(codeBlock(body, 'text'))).toEqual([
      { type: 'code', language: 'text', value: body },
    ]);
  });
});

describe('topDir', () => {
  it('names the folder a file sits in, cut to the depth asked', () => {
    expect(topDir('lib/is-stream.js', 2)).toBe('lib');
    expect(topDir('src/a/b/c.ts', 2)).toBe('src/a');
    expect(topDir('src/a.ts', 1)).toBe('src');
    expect(topDir('README.md', 2)).toBe('(root)');
  });
});

describe('sentence helpers', () => {
  it('agree() picks the form that agrees with the count', () => {
    expect(agree(1, 'is', 'are')).toBe('is');
    expect(agree(0, 'is', 'are')).toBe('are');
    expect(agree(2, 'remains', 'remain')).toBe('remain');
  });

  it('when() gives the clause only when the condition holds', () => {
    expect(when(true, ', mostly Go')).toBe(', mostly Go');
    expect(when(0, ', mostly Go')).toBe('');
    expect(when([].length, 'x')).toBe('');
  });

  it('sentence() joins the non-empty parts as they are and ends with one full stop', () => {
    expect(sentence('It has 3 files', '', ', mostly Go', false, undefined, null)).toBe(
      'It has 3 files, mostly Go.',
    );
    expect(sentence('Nothing')).toBe('Nothing.');
  });

  it('unique() keeps the first occurrence of each value, in order', () => {
    expect(unique(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });

  it('names the one item left rather than saying "and 1 more"', () => {
    expect(joinSome(['a', 'b', 'c', 'd'], 3)).toBe('a, b, c and d');
    expect(joinSome(['a', 'b', 'c', 'd', 'e'], 3)).toBe('a, b, c and 2 more');
  });
});
