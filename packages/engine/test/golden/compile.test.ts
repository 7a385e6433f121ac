// Real tools read what the writers produce: latexmk (pdflatex) and xelatex compile the LaTeX bundle,
// LibreOffice opens the DOCX, pdfinfo/pdftotext read every PDF back.

import type { DocTree } from '../../src/tree/types.ts';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeDocx } from '../../src/writers/docx/index.ts';
import { writeLatexBundle } from '../../src/writers/latex/index.ts';
import { writePdf } from '../../src/writers/pdf/index.ts';
import { HEADINGS, fixtureTree } from './fixture-tree.ts';
import { unzip } from './zip.ts';
import { requireTools, run, skipWithout } from './tools.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atr-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function extractBundle(into: string): Promise<void> {
  const files = await unzip(await writeLatexBundle(fixtureTree()));
  for (const [name, bytes] of files) {
    await mkdir(path.dirname(path.join(into, name)), { recursive: true });
    await writeFile(path.join(into, name), bytes);
  }
}

/** What a careful reader checks in any of our PDFs: pages, the titles in order, no junk. */
function checkPdf(pdfPath: string, cwd: string): string {
  const info = run('pdfinfo', [pdfPath], cwd);
  expect(info.status).toBe(0);
  const pages = Number(/Pages:\s+(\d+)/.exec(info.out)?.[1]);
  expect(pages).toBeGreaterThan(1);
  const text = run('pdftotext', ['-layout', pdfPath, '-'], cwd).out;
  const flat = text.replace(/\s+/g, ' ');
  // Titles in order in the body (after the contents, which lists them too).
  let at = flat.lastIndexOf('Contents');
  for (const heading of HEADINGS) {
    const found = flat.indexOf(heading.split(/[{$]/)[0]!.trim(), at + 1);
    expect(found, `heading "${heading}" in order`).toBeGreaterThan(at);
    at = found;
  }
  for (const junk of ['undefined', '[object Object]', 'lorem', 'NaN']) expect(flat).not.toContain(junk);
  // empty company fields are named together, in one muted line
  expect(flat).toMatch(/Not provided: [^.]*\bphone\b/);
  // one page-numbering rule in every format: the cover is page 1 (unnumbered), the next page is 2,
  // and the total counts every page
  const perPage = text.split('\f');
  expect(perPage[1]!.replace(/\s+/g, ' ')).toContain(`Page 2 of ${pages}`);
  expect(perPage[pages - 1]!.replace(/\s+/g, ' ')).toContain(`Page ${pages} of ${pages}`);
  return flat;
}

describe('LaTeX bundle compiles unmodified', () => {
  it.skipIf(skipWithout('latexmk', 'pdflatex', 'pdfinfo', 'pdftotext'))(
    'with latexmk -pdf (pdflatex)',
    async () => {
      requireTools('latexmk', 'pdflatex', 'pdfinfo', 'pdftotext');
      const d = path.join(dir, 'pdflatex');
      await extractBundle(d);
      const r = run('latexmk', ['-pdf', '-interaction=nonstopmode', '-halt-on-error', 'main.tex'], d);
      expect(r.status, r.out.slice(-3000)).toBe(0);
      const text = checkPdf(path.join(d, 'main.pdf'), d);
      expect(text).toContain('café naïve');
      expect(text).toContain('Specials \\ { } $ & # ^ _ % ~');
    },
  );

  it.skipIf(skipWithout('xelatex', 'pdfinfo', 'pdftotext'))('with xelatex', async () => {
    requireTools('xelatex', 'pdfinfo', 'pdftotext');
    const d = path.join(dir, 'xelatex');
    await extractBundle(d);
    for (let pass = 0; pass < 2; pass++) {
      const r = run('xelatex', ['-interaction=nonstopmode', '-halt-on-error', 'main.tex'], d);
      expect(r.status, r.out.slice(-3000)).toBe(0);
    }
    checkPdf(path.join(d, 'main.pdf'), d);
    const log = await readFile(path.join(d, 'main.log'), 'utf8');
    expect(log).not.toMatch(/Missing character: There is no .* in font/);
    // characters the main fonts lack print as themselves, in the bundled DejaVu face
    const text = run('pdftotext', ['-enc', 'UTF-8', 'main.pdf', '-'], d).out;
    expect(text).toContain('Łódź');
    expect(run('pdffonts', ['main.pdf'], d).out).toMatch(/DejaVuSans/);
  });
});

/** For each "Figure N:" caption, the points between its top and the bottom of the text above it. */
function figureGaps(bbox: string): number[] {
  const out: number[] = [];
  for (const page of bbox.split('<page ').slice(1)) {
    const words = [
      ...page.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g),
    ].map((m) => ({ top: Number(m[1]), bottom: Number(m[2]), text: m[3]! }));
    words.forEach((w, i) => {
      if (w.text !== 'Figure' || !/^\d+:$/.test(words[i + 1]?.text ?? '')) return;
      const above = Math.max(0, ...words.filter((x) => x.bottom < w.top - 1).map((x) => x.bottom));
      out.push(w.top - above);
    });
  }
  return out;
}

describe('DOCX opens in a real word processor', () => {
  it.skipIf(skipWithout('soffice', 'pdfinfo', 'pdftotext'))(
    'LibreOffice converts it to PDF with the headings in order and a filled contents',
    async () => {
      requireTools('soffice', 'pdfinfo', 'pdftotext');
      const d = path.join(dir, 'docx');
      await mkdir(d, { recursive: true });
      await writeFile(path.join(d, 'report.docx'), await writeDocx(fixtureTree()));
      const r = run(
        'soffice',
        [
          '--headless',
          `-env:UserInstallation=file://${path.join(d, 'profile')}`,
          '--convert-to',
          'pdf',
          '--outdir',
          d,
          'report.docx',
        ],
        d,
      );
      expect(r.status, r.out).toBe(0);
      const text = checkPdf(path.join(d, 'report.pdf'), d);
      // Contents entries carry numbers and page numbers even though LibreOffice does not update fields.
      expect(text).toMatch(/1 Executive Summary[ .]*\d/);
      expect(text).toMatch(/2\.1 Components \{core\} 100% \$cost[ .]*\d/);

      // Every figure is drawn at its full height: the space between a caption and the text above it
      // holds the picture (a paragraph line height read as exact clips it to a thin strip)
      const xml = new TextDecoder().decode(
        (await unzip(await readFile(path.join(d, 'report.docx')))).get('word/document.xml')!,
      );
      const heights = [...xml.matchAll(/<wp:extent cx="\d+" cy="(\d+)"\/>/g)].map(
        (m) => Number(m[1]) / 12700,
      );
      const gaps = figureGaps(run('pdftotext', ['-bbox', 'report.pdf', '-'], d).out);
      expect(gaps.length).toBeGreaterThanOrEqual(3);
      // the captioned pictures are the last drawings (the cover's logo comes first)
      const figures = heights.slice(-gaps.length);
      gaps.forEach((gap, i) =>
        expect(
          gap,
          `figure ${i + 1}: ${gap.toFixed(0)} pt above its caption for a ${figures[i]!.toFixed(0)} pt picture`,
        ).toBeGreaterThanOrEqual(0.9 * figures[i]!),
      );
    },
  );
});

describe('pure-JS PDF', () => {
  it.skipIf(skipWithout('pdfinfo', 'pdftotext'))(
    'reads back with cover, contents, numbered headings and page numbers',
    async () => {
      requireTools('pdfinfo', 'pdftotext');
      const file = path.join(dir, 'report.pdf');
      await writeFile(file, await writePdf(fixtureTree()));
      const text = checkPdf(file, dir);
      expect(text).toMatch(/2\.1\s+Components \{core\} 100% \$cost/);
      expect(text).toMatch(/Executive Summary[ .]+3/); // contents entry with its page
      expect(text).toContain('Figure 1: Code lines per language');
      // Characters outside WinAnsi print as themselves (embedded DejaVu), never as garbage.
      expect(text).toContain('arrows → ← ⇒ ≤ ≥ ≠; Greek α β');
      expect(text).toContain('Łódź Œuvre');
      expect(text).toContain('café naïve');
    },
  );

  it('starts with a PDF header and is deterministic for a given tree', async () => {
    const full = await writePdf(fixtureTree());
    expect(Buffer.from(full.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(full.length).toBeGreaterThan(20_000);
    // pdfkit finishes images that have an alpha channel asynchronously, so with figures the object
    // order and numbering can vary between runs; without raster images the bytes are identical.
    const withoutImages = (): DocTree => {
      const t = fixtureTree();
      return {
        ...t,
        cover: t.cover && { ...t.cover, logoAsset: undefined },
        assets: {},
        blocks: t.blocks.filter((b) => b.type !== 'figure'),
      };
    };
    const a = await writePdf(withoutImages());
    const b = await writePdf(withoutImages());
    expect(a.length).toBeGreaterThan(10_000);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});
