import { describe, expect, it } from 'vitest';
import * as citations from '../citations.ts';
import { markdownToBlocks, parseCitation } from './markdown.ts';

describe('markdownToBlocks', () => {
  it('turns `path:line` in inline code and [path:line] in brackets into citations', () => {
    const [p] = markdownToBlocks(
      'See `src/app.ts:12`, [lib/db/pool.py:3-9] and [a.go:1, b/c.rs:2]; `npm test` stays code.',
    );
    expect(p).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'See ' },
        { type: 'citation', path: 'src/app.ts', line: 12 },
        { type: 'text', value: ', ' },
        { type: 'citation', path: 'lib/db/pool.py', line: 3, endLine: 9 },
        { type: 'text', value: ' and ' },
        { type: 'citation', path: 'a.go', line: 1 },
        { type: 'citation', path: 'b/c.rs', line: 2 },
        { type: 'text', value: '; ' },
        { type: 'code', value: 'npm test' },
        { type: 'text', value: ' stays code.' },
      ],
    });
  });

  it('does not mistake times or URLs for citations', () => {
    expect(parseCitation('10:30')).toBeNull();
    expect(parseCitation('http://x')).toBeNull();
    expect(parseCitation('Dockerfile:3')).toBeNull(); // no extension and no folder: ambiguous, left as code
    expect(parseCitation('docker/Dockerfile:3')).toEqual({
      type: 'citation',
      path: 'docker/Dockerfile',
      line: 3,
    });
  });

  it('reads citations with the one grammar: no IP addresses, known names without extension', () => {
    expect(parseCitation('127.0.0.1:80')).toBeNull();
    expect(parseCitation('.github/workflows/ci.yml:4')).toEqual({
      type: 'citation',
      path: '.github/workflows/ci.yml',
      line: 4,
    });
    const knownFiles = citations.knownFiles(['Makefile', 'src/app.ts']);
    const [p] = markdownToBlocks('Run `Makefile:3` [Makefile:5, src/app.ts:1-2] and `README.md:1`.', {
      knownFiles,
    });
    expect(p).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'Run ' },
        { type: 'citation', path: 'Makefile', line: 3 },
        { type: 'text', value: ' ' },
        { type: 'citation', path: 'Makefile', line: 5 },
        { type: 'citation', path: 'src/app.ts', line: 1, endLine: 2 },
        { type: 'text', value: ' and ' },
        { type: 'citation', path: 'README.md', line: 1 },
        { type: 'text', value: '.' },
      ],
    });
    expect(markdownToBlocks('Run `Makefile:3`.')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'Run ' },
          { type: 'code', value: 'Makefile:3' },
          { type: 'text', value: '.' },
        ],
      },
    ]);
  });

  it('maps headings, nested lists, GFM tables, code, quotes, alerts and rules', () => {
    const blocks = markdownToBlocks(
      [
        '## Setup',
        '',
        '1. one',
        '   - **bold** _em_',
        '2. two',
        '',
        '| A | B |',
        '|---|--:|',
        '| `x` | 2 |',
        '',
        '```ts',
        'let a = 1;',
        '```',
        '',
        '> quoted',
        '',
        '> [!WARNING]',
        '> careful',
        '',
        '---',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.type)).toEqual([
      'heading',
      'list',
      'table',
      'code',
      'quote',
      'callout',
      'rule',
    ]);
    expect(blocks[0]).toEqual({ type: 'heading', level: 2, text: 'Setup', numbered: false });
    const list = blocks[1] as Extract<(typeof blocks)[number], { type: 'list' }>;
    expect(list.ordered).toBe(true);
    expect(list.items[0]![1]).toMatchObject({
      type: 'list',
      ordered: false,
      items: [
        [
          {
            type: 'paragraph',
            children: [{ type: 'strong' }, { type: 'text', value: ' ' }, { type: 'emphasis' }],
          },
        ],
      ],
    });
    expect(blocks[2]).toEqual({
      type: 'table',
      header: [[{ type: 'text', value: 'A' }], [{ type: 'text', value: 'B' }]],
      rows: [[[{ type: 'code', value: 'x' }], [{ type: 'text', value: '2' }]]],
      align: ['left', 'right'],
    });
    expect(blocks[3]).toEqual({ type: 'code', language: 'ts', value: 'let a = 1;' });
    expect(blocks[5]).toEqual({
      type: 'callout',
      tone: 'warning',
      title: 'Warning',
      children: [{ type: 'paragraph', children: [{ type: 'text', value: 'careful' }] }],
    });
  });

  it('makes figures of images that name a known asset, and keeps unknown images as text', () => {
    const blocks = markdownToBlocks('![System overview](diagram.png)\n\nText ![missing](nope.png)', {
      resolveImage: (u) => (u === 'diagram.png' ? 'img-diagram' : undefined),
    });
    expect(blocks[0]).toEqual({ type: 'figure', asset: 'img-diagram', caption: 'System overview' });
    expect(blocks[1]).toEqual({ type: 'paragraph', children: [{ type: 'text', value: 'Text [missing]' }] });
  });
});
