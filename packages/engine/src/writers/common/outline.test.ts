import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { hasTool, skipWithout } from '../../../test/golden/tools.ts';
import type { DocTree, Inline } from '../../tree/types.ts';
import { writePdf } from '../pdf/index.ts';
import { columnShares, estimateChars, fitColumns } from './outline.ts';

const t = (value: string): Inline[] => [{ type: 'text', value }];
const cite = (p: string, line: number): Inline[] => [{ type: 'citation', path: p, line }];
// the shape of the API table that once printed "DELET / E"
const ROUTES: Inline[][][] = [
  [t('Method'), t('Path'), t('Handler'), t('Declared at')],
  ...['GET', 'POST', 'DELETE', 'PATCH'].map((m, i): Inline[][] => [
    t(m),
    [{ type: 'code', value: `/api/reports/:id/payment-status/${i}` }],
    t('—'),
    cite(`packages/engine/test/fixtures/sample-app/src/routes/books-and-loans-${i}.ts`, 36 + i),
  ]),
];

describe('fitColumns()', () => {
  const doc = new PDFDocument({ autoFirstPage: false });
  const helvetica = (text: string, mono: boolean, bold: boolean) =>
    doc
      .font(mono ? 'Courier' : bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8.8)
      .widthOfString(text);

  it('gives every column at least its longest word, measured in the real font, taking room from wide columns', () => {
    const widths = fitColumns(ROUTES, 480, helvetica, { pad: 9, cap: 144 });
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(480, 5);
    expect(widths[0]! - 9).toBeGreaterThanOrEqual(helvetica('DELETE', false, false));
    expect(widths[0]! - 9).toBeGreaterThanOrEqual(helvetica('Method', false, true));
    expect(widths[2]! - 9).toBeGreaterThanOrEqual(helvetica('Handler', false, true));
    // the long citation column is capped and still gets the most room
    expect(widths[3]).toBeGreaterThan(widths[0]!);
  });

  it('when even the minimums do not fit, the widest columns give way and the narrow ones keep their width', () => {
    const widths = fitColumns(ROUTES, 200, helvetica, { pad: 9, cap: 144 });
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(200, 5);
    expect(widths[0]! - 9).toBeGreaterThanOrEqual(helvetica('DELETE', false, false));
    expect(widths[2]! - 9).toBeGreaterThanOrEqual(helvetica('Handler', false, true));
  });

  it('columnShares (LaTeX, DOCX) estimates capitals as wider than lowercase, so short capital words fit', () => {
    expect(estimateChars('DELETE', false, false)).toBeGreaterThan(estimateChars('delete', false, false));
    const shares = columnShares(ROUTES, 90);
    expect(shares.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    expect(shares[0]! * 90 - 2).toBeGreaterThanOrEqual(estimateChars('Method', false, true));
  });
});

describe('PDF writer tables', () => {
  it.skipIf(skipWithout('pdftotext'))(
    'print a short column\'s words whole ("DELETE", not "DELET" and "E")',
    async () => {
      const tree: DocTree = {
        version: 1,
        meta: { title: 'T', generatedAt: '2026-01-02T03:04:05Z', generator: 'test' },
        cover: null,
        toc: false,
        blocks: [{ type: 'table', header: ROUTES[0]!, rows: ROUTES.slice(1) }],
        assets: {},
      };
      const dir = await mkdtemp(path.join(os.tmpdir(), 'atr-'));
      const file = path.join(dir, 't.pdf');
      await writeFile(file, await writePdf(tree));
      expect(hasTool('pdftotext')).toBe(true);
      const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
      const words = text.split(/\s+/);
      expect(words).toContain('DELETE');
      expect(words).toContain('Method');
      expect(words).not.toContain('DELET');
    },
  );
});

describe('PDF writer paragraphs', () => {
  it.skipIf(skipWithout('pdftotext'))(
    'never leave an opening bracket at a line end before a citation',
    async () => {
      const words =
        'The analysis found many things worth saying in this long sentence about the code base, and more';
      const children: Inline[] = [];
      // enough variations that some citation falls at a line end
      for (let i = 0; i < 24; i++)
        children.push(
          { type: 'text', value: `${words.slice(0, 30 + i * 3)}. (` },
          ...cite(`apps/package-${i}.json`, 10 + i),
          { type: 'text', value: ') ' },
        );
      const tree: DocTree = {
        version: 1,
        meta: { title: 'T', generatedAt: '2026-01-02T03:04:05Z', generator: 'test' },
        cover: null,
        toc: false,
        blocks: [{ type: 'paragraph', children }],
        assets: {},
      };
      const dir = await mkdtemp(path.join(os.tmpdir(), 'atr-'));
      const file = path.join(dir, 'p.pdf');
      await writeFile(file, await writePdf(tree));
      const lines = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })
        .split('\n')
        .map((l) => l.trimEnd());
      expect(lines.some((l) => l.includes('package-23.json:33'))).toBe(true);
      expect(lines.filter((l) => /\($/.test(l))).toEqual([]);
    },
  );
});
