// Long file paths in narrow table cells wrap only after "/" and stay readable, unspaced, in pdftotext.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireTools, run, skipWithout } from '../../../test/golden/tools.ts';
import { DOC_TREE_VERSION, type DocTree, type Inline } from '../../tree/types.ts';
import { writePdf } from './index.ts';
import { type PdfContext, pathPieces, richText, richTextHeight } from './layout.ts';

const PATHS = [
  'migrations/0005_analysis_cache_inline.sql',
  'apps/server/src/config/public-config.ts',
  'packages/engine/src/writers/pdf/layout-handlers.ts',
  'apps/web/src/features/reports/components/report-status-badge.tsx',
];
const CITED = [
  { path: 'apps/server/src/modules/reports/0007_report_repository.ts', line: 142 },
  { path: 'packages/shared/src/schemas/public-report.ts', line: 12, endLine: 48 },
];
const prose = (value: string): Inline[] => [{ type: 'text', value }];

function tableTree(): DocTree {
  const rows: Inline[][][] = [
    ...PATHS.map(
      (p) =>
        [
          [{ type: 'code', value: p }],
          prose('Holds the rules every request checks before it reaches the database layer.'),
          prose('Reviewed by the platform team each quarter, with notes kept in the changelog.'),
        ] as Inline[][],
    ),
    ...CITED.map(
      (c) =>
        [
          [{ type: 'citation', ...c }],
          prose('Cited where the report explains how results are cached and served.'),
          prose('See also the section on data retention and the export format.'),
        ] as Inline[][],
    ),
  ];
  return {
    version: DOC_TREE_VERSION,
    meta: { title: 'Paths', generatedAt: '2024-01-01T00:00:00.000Z', generator: 'test' },
    cover: null,
    toc: false,
    blocks: [{ type: 'table', header: [prose('File'), prose('Role'), prose('Notes')], rows }],
    assets: {},
  };
}

describe('path pieces', () => {
  it('split after each "/" and space, and join back to the original', () => {
    expect(pathPieces('migrations/0005_analysis_cache_inline.sql')).toEqual([
      'migrations/',
      '0005_analysis_cache_inline.sql',
    ]);
    expect(pathPieces('/abs/x.ts:12')).toEqual(['/abs/', 'x.ts:12']);
    expect(pathPieces('npm run build')).toEqual(['npm ', 'run ', 'build']);
    for (const p of PATHS) expect(pathPieces(p).join('')).toBe(p);
  });
});

describe('rich text height', () => {
  it('equals the height richText draws, for paths wrapping in a narrow cell', () => {
    const doc = new PDFDocument({ size: 'A4', margins: { top: 50, bottom: 50, left: 50, right: 50 } });
    doc.on('data', () => {});
    const ctx: PdfContext = {
      doc,
      assets: {},
      x: 50,
      width: 70,
      numbers: new Map(),
      figures: { n: 0 },
      outline: [],
    };
    const cells: Inline[][] = [
      [{ type: 'code', value: PATHS[0]! }],
      [
        { type: 'text', value: 'see ' },
        { type: 'citation', ...CITED[1]! },
        { type: 'text', value: ' and ' },
        { type: 'code', value: PATHS[1]! },
      ],
    ];
    for (const cell of cells) {
      const style = { size: 8.8, color: '#000' };
      const expected = richTextHeight(ctx, cell, style);
      const top = doc.y;
      richText(ctx, cell, style, { gap: 0 });
      expect(doc.y - top).toBeCloseTo(expected, 3);
      expect(expected).toBeGreaterThan(3 * 8.8); // really wrapped over several lines
    }
    doc.end();
  });
});

describe('paths in a narrow PDF table column', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'atr-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.skipIf(skipWithout('pdftotext'))(
    'wrap only after "/", with no piece cut and no space inserted',
    async () => {
      requireTools('pdftotext');
      const file = path.join(dir, 'paths.pdf');
      await writeFile(file, await writePdf(tableTree()));
      const text = run('pdftotext', ['-layout', file, '-'], dir).out;
      const labels = [
        ...PATHS,
        `${CITED[0]!.path}:${CITED[0]!.line}`,
        `${CITED[1]!.path}:${CITED[1]!.line}-${CITED[1]!.endLine}`,
      ];
      // the column is narrow enough that the longest paths must wrap
      expect(labels.filter((l) => !text.includes(l)).length).toBeGreaterThan(0);
      // every piece between slashes is whole, on one line, with its slash and no space inside it
      const lines = text.split('\n');
      for (const label of labels) {
        const pieces = label.split(/(?<=\/)/);
        for (const piece of pieces)
          expect(
            lines.some((l) => l.includes(piece)),
            `${label}: "${piece}"`,
          ).toBe(true);
        // and the pieces follow each other in reading order: each line holds a run of consecutive pieces
        let at = -1;
        for (const piece of pieces) {
          const next = lines.findIndex((l, k) => k >= at && l.includes(piece));
          expect(next, `${label}: "${piece}" after line ${at}`).toBeGreaterThanOrEqual(at);
          at = next;
        }
      }
    },
  );
});
