// Text outside WinAnsi (⚡, IPA, Greek, Cyrillic, arrows) prints as itself in the pure-JS PDF, set in
// the embedded DejaVu faces; and a heading never ends a page, alone or with the heading after it.

import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTools, skipWithout } from '../../../test/golden/tools.ts';
import { DOC_TREE_VERSION, type Block, type DocTree } from '../../tree/types.ts';
import { fontRuns, FONTS } from './fonts.ts';
import { writePdf } from './index.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atr-pdf-fonts-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const tree = (blocks: Block[], title = 'Fonts'): DocTree => ({
  version: DOC_TREE_VERSION,
  meta: { title, generatedAt: '2024-01-01T00:00:00.000Z', generator: 'test' },
  cover: null,
  toc: false,
  blocks,
  assets: {},
});

async function pdfText(t: DocTree, name: string): Promise<{ pages: string[]; fonts: string }> {
  const file = path.join(dir, `${name}.pdf`);
  await writeFile(file, await writePdf(t));
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  return { pages: text.split('\f'), fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }) };
}

describe('fontRuns', () => {
  it('keeps WinAnsi text in the standard face and sets every other character in DejaVu', () => {
    expect(fontRuns('Fast ⚡ café', FONTS.body)).toEqual([
      { text: 'Fast ', font: FONTS.body },
      { text: '⚡ ', font: 'DejaVuSans' },
      { text: 'café', font: FONTS.body },
    ]);
    expect(fontRuns('a → b', FONTS.mono)).toEqual([
      { text: 'a ', font: FONTS.mono },
      { text: '→ ', font: 'DejaVuSansMono' },
      { text: 'b', font: FONTS.mono },
    ]);
    // Invisible characters fold away instead of switching faces; CJK, which neither face has, becomes "?".
    expect(fontRuns('zero\u200bwidth\u00a0space 漢', FONTS.bold)).toEqual([
      { text: 'zerowidth space ?', font: FONTS.bold },
    ]);
  });
});

describe.skipIf(skipWithout('pdftotext', 'pdffonts'))('pure-JS PDF text in every script', () => {
  it('prints ⚡, IPA, Greek, Cyrillic and arrows as themselves, in headings, prose, code and tables', async () => {
    requireTools('pdftotext', 'pdffonts');
    const line = 'Blazing ⚡ fast; IPA /ˈɡɪθʌb/ ʃ ə; Greek λ → μ; Привет мир';
    const { pages, fonts } = await pdfText(
      tree([
        { type: 'heading', level: 1, text: 'Speed ⚡ and ʃ', numbered: true },
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: line },
            { type: 'text', value: ' in ' },
            { type: 'code', value: 'src/λ/ə.ts' },
          ],
        },
        {
          type: 'table',
          header: [[{ type: 'text', value: 'Symbol' }]],
          rows: [[[{ type: 'text', value: '≤ ≥ ⇒ ⚡' }]]],
        },
        { type: 'code', value: 'let ə = "→";' },
      ]),
      'scripts',
    );
    const text = pages.join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Speed ⚡ and ʃ');
    expect(text).toContain(line);
    expect(text).toContain('src/λ/ə.ts');
    // pdftotext drops the narrow spaces of a small table font, in any face.
    expect(text.replace(/\s/g, '')).toContain('≤≥⇒⚡');
    expect(text).toContain('let ə = "→";');
    expect(text).not.toContain('?');
    expect(fonts).toMatch(/DejaVuSans\b/);
    expect(fonts).toMatch(/DejaVuSansMono\b/);
    expect(fonts).toMatch(/Helvetica/);
  });

  it('drops a pictograph no face has rather than print "?", and keeps "?" for a letter none has', () => {
    const text = (s: string) =>
      fontRuns(s, FONTS.body)
        .map((r) => r.text)
        .join('');
    expect(text('means flame🔥 in Japanese')).toBe('means flame in Japanese');
    expect(text('README.\u{10FFFD}.md')).toBe('README.?.md');
  });

  it('never leaves a chapter heading, or a chapter heading and its first section heading, at the foot of a page', async () => {
    requireTools('pdftotext');
    const filler = (n: number): Block[] =>
      Array.from(
        { length: n },
        (_, i) =>
          ({ type: 'paragraph', children: [{ type: 'text', value: `Filler line ${i + 1}.` }] }) as Block,
      );
    // Every amount of filler puts the headings at another height on the page, the foot included.
    for (let n = 30; n < 62; n++) {
      const { pages } = await pdfText(
        tree([
          ...filler(n),
          { type: 'heading', level: 1, text: 'Chapter Nine', numbered: true },
          { type: 'heading', level: 2, text: 'Section Nine One', numbered: true },
          { type: 'paragraph', children: [{ type: 'text', value: 'Body of the section starts here.' }] },
        ]),
        `keep-${n}`,
      );
      const page = pages.findIndex((p) => p.includes('Chapter Nine'));
      expect(pages[page], `with ${n} filler lines`).toContain('Section Nine One');
      expect(pages[page], `with ${n} filler lines`).toContain('Body of the section starts here.');
    }
  });

  it('never leaves a heading at the foot of a page when its first content is a figure', async () => {
    requireTools('pdftotext');
    // a 1×1 PNG drawn as a 600×300 chart: the figure is a third of a page tall
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    const filler = (n: number): Block[] =>
      Array.from(
        { length: n },
        (_, i) =>
          ({ type: 'paragraph', children: [{ type: 'text', value: `Filler line ${i + 1}.` }] }) as Block,
      );
    for (let n = 20; n < 44; n += 3) {
      const t = tree([
        ...filler(n),
        { type: 'heading', level: 1, text: 'Chapter Seven', numbered: true },
        { type: 'figure', asset: 'chart', caption: 'The chart under chapter seven' },
      ]);
      t.assets = { chart: { id: 'chart', mime: 'image/png', data: png, width: 600, height: 300 } };
      const { pages } = await pdfText(t, `keep-figure-${n}`);
      const page = pages.findIndex((p) => p.includes('Chapter Seven'));
      expect(pages[page], `with ${n} filler lines`).toContain('The chart under chapter seven');
    }
  });
});
