// The link policy on hand-made trees: a writer renders a link only when the tree lists its address;
// every other link (whatever produced the tree) comes out as its text.

import { describe, expect, it } from 'vitest';
import { pdfUris } from '../../test/golden/pdf-links.ts';
import { unzip } from '../../test/golden/zip.ts';
import { writeDocx } from '../writers/docx/index.ts';
import { writeLatex } from '../writers/latex/index.ts';
import { writePdf } from '../writers/pdf/index.ts';
import { applyLinkPolicy } from './links.ts';
import { markdownToBlocks } from './markdown.ts';
import { DOC_TREE_VERSION, type Block, type DocTree } from './types.ts';

const OK = 'https://operator.example/terms';

function treeOf(blocks: Block[], links?: string[]): DocTree {
  return {
    version: DOC_TREE_VERSION,
    meta: { title: 'T', generatedAt: '2026-01-01T00:00:00.000Z', generator: 'test' },
    cover: null,
    toc: false,
    blocks,
    assets: {},
    ...(links ? { links } : {}),
  };
}

const blocks: Block[] = [
  {
    type: 'paragraph',
    children: [
      { type: 'text', value: 'See ' },
      { type: 'link', url: 'https://evil.example/x.exe', children: [{ type: 'text', value: 'the patch' }] },
      { type: 'text', value: ' and ' },
      { type: 'link', url: OK, children: [{ type: 'text', value: 'our terms' }] },
    ],
  },
  {
    type: 'list',
    ordered: false,
    items: [
      [
        {
          type: 'paragraph',
          children: [
            { type: 'strong', children: [{ type: 'link', url: 'mailto:x@evil.example', children: [] }] },
          ],
        },
      ],
    ],
  },
];

describe('link policy', () => {
  it('keeps allowed links and turns the others into their text', () => {
    expect(applyLinkPolicy(blocks, [OK])[0]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', value: 'See the patch and ' },
        { type: 'link', url: OK, children: [{ type: 'text', value: 'our terms' }] },
      ],
    });
    expect(applyLinkPolicy(blocks, [])[1]).toEqual({
      type: 'list',
      ordered: false,
      items: [
        [
          {
            type: 'paragraph',
            children: [{ type: 'strong', children: [{ type: 'text', value: 'mailto:x@evil.example' }] }],
          },
        ],
      ],
    });
  });

  it('the markdown reader makes no link of a bare URL', () => {
    expect(markdownToBlocks('Visit www.evil.example or https://evil.example/a now.')).toEqual([
      {
        type: 'paragraph',
        children: [{ type: 'text', value: 'Visit www.evil.example or https://evil.example/a now.' }],
      },
    ]);
  });

  it('DOCX, LaTeX and PDF writers render only the links the tree allows', async () => {
    const xml = (await unzip(await writeDocx(treeOf(blocks, [OK]))))
      .get('word/_rels/document.xml.rels')!
      .toString('utf8');
    expect(xml).toContain(OK);
    expect(xml).not.toContain('evil.example');
    const none = (await unzip(await writeDocx(treeOf(blocks))))
      .get('word/_rels/document.xml.rels')!
      .toString('utf8');
    expect(none).not.toMatch(/TargetMode="External"/);
    const tex = writeLatex(treeOf(blocks, [OK])).mainTex;
    expect(tex).toContain('\\href{https://operator.example/terms}');
    expect(tex).not.toMatch(/\\href\{[^}]*evil/);
    expect(writeLatex(treeOf(blocks)).mainTex).not.toContain('\\href{');
    expect(await pdfUris(await writePdf(treeOf(blocks, [OK])))).toEqual([OK]);
    expect(await pdfUris(await writePdf(treeOf(blocks)))).toEqual([]);
  });
});
