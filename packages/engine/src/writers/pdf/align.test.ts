// A right-aligned table cell that mixes a path and words (the metrics table's "Largest source file")
// prints as one readable line: pdfkit alone aligns each continued run on its own and overprints them.

import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTools, skipWithout } from '../../../test/golden/tools.ts';
import { DOC_TREE_VERSION, type DocTree, type Inline } from '../../tree/types.ts';
import { writePdf } from './index.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atr-pdf-align-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const prose = (value: string): Inline[] => [{ type: 'text', value }];

/** A document of one two-column table, its values right-aligned. */
const tableOf = (rows: Inline[][][]): DocTree => ({
  version: DOC_TREE_VERSION,
  meta: { title: 'Align', generatedAt: '2024-01-01T00:00:00.000Z', generator: 'test' },
  cover: null,
  toc: false,
  assets: {},
  blocks: [{ type: 'table', header: [prose('Metric'), prose('Value')], align: ['left', 'right'], rows }],
});

describe.skipIf(skipWithout('pdftotext'))('right-aligned cells of several runs', () => {
  it('print the path and the words after it in order, without overprinting', async () => {
    requireTools('pdftotext');
    const tree = tableOf([
      [
        prose('Largest source file'),
        [
          { type: 'code', value: 'lib/response.js' },
          { type: 'text', value: ' (264 lines)' },
        ],
      ],
      [prose('Median'), prose('30 / 99 lines of code')],
    ]);
    const file = path.join(dir, 'align.pdf');
    await writeFile(file, await writePdf(tree));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toMatch(/Largest source file\s+lib\/response\.js \(264 lines\)/);
    expect(text).toMatch(/Median\s+30 \/ 99 lines of code/);
  });

  it('print a path and words that need two lines each whole, one line under the other', async () => {
    requireTools('pdftotext');
    const long = 'a label wide enough to leave the value column narrow '.repeat(3);
    const tree = tableOf([
      [
        prose(long),
        [
          { type: 'code', value: 'src/requests/models.py' },
          { type: 'text', value: ' (721 lines of code in the largest file)' },
        ],
      ],
    ]);
    const file = path.join(dir, 'align-two-lines.pdf');
    await writeFile(file, await writePdf(tree));
    const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
    // overprinted runs come out of pdftotext interleaved; drawn in place they read in order
    expect(text.replace(/\s+/g, ' ')).toContain('src/requests/models.py');
    expect(text.replace(/\s+/g, ' ')).toMatch(/\(721 lines of code in the ?largest file\)/);
  });
});
