// Golden tests: the fixture tree must render to exactly the stored document.xml and main.tex.
// UPDATE_GOLDEN=1 rewrites the expected files after a deliberate change (review the diff!).

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeDocx } from '../../src/writers/docx/index.ts';
import { writeLatex, writeLatexBundle } from '../../src/writers/latex/index.ts';
import { fixtureTree } from './fixture-tree.ts';
import { normaliseXml, unzip } from './zip.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';

async function golden(name: string, actual: string): Promise<void> {
  const file = path.join(here, name);
  if (update) await writeFile(file, actual);
  const expected = await readFile(file, 'utf8');
  expect(actual).toBe(expected);
}

describe('writers against golden files', () => {
  it('DOCX: word/document.xml matches the golden file', async () => {
    const files = await unzip(await writeDocx(fixtureTree()));
    const xml = files.get('word/document.xml')!.toString('utf8');
    expect(xml).toContain('Architecture &amp; Design_Notes');
    await golden('fixture.document.xml', normaliseXml(xml));
  });

  it('DOCX: same tree, same document', async () => {
    const a = (await unzip(await writeDocx(fixtureTree()))).get('word/document.xml')!.toString('utf8');
    const b = (await unzip(await writeDocx(fixtureTree()))).get('word/document.xml')!.toString('utf8');
    expect(normaliseXml(a)).toBe(normaliseXml(b));
  });

  it('LaTeX: main.tex matches the golden file', async () => {
    const { mainTex } = writeLatex(fixtureTree());
    await golden('fixture.main.tex', mainTex);
  });

  it('LaTeX bundle: main.tex, README, every figure and the logo', async () => {
    const files = await unzip(await writeLatexBundle(fixtureTree()));
    // the fixture's text holds characters only DejaVu has (Ł, ź), so the face ships with it for xelatex
    expect([...files.keys()].sort()).toEqual([
      'README.md',
      'figures/fig-languages.png',
      'figures/fig-modules.png',
      'figures/logo.png',
      'fonts/DejaVuSans.ttf',
      'main.tex',
    ]);
    expect(files.get('README.md')!.toString()).toMatch(/latexmk -pdf main\.tex/);
    const tex = files.get('main.tex')!.toString();
    for (const f of ['figures/fig-languages.png', 'figures/fig-modules.png', 'figures/logo.png'])
      expect(tex).toContain(`{${f}}`);
    expect(files.get('figures/logo.png')!.subarray(1, 4).toString()).toBe('PNG');
  });
});
