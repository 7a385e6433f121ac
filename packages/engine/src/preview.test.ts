// The preview holds at most 5 pages, copied from the start of the report.

import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { EngineError } from './errors.ts';
import { countPages, makePreview } from './preview.ts';

async function pdfWithPages(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= n; i++)
    doc.addPage([300, 300]).drawText(`Page number ${i}`, { x: 20, y: 150, size: 12, font });
  return doc.save();
}

describe('makePreview', () => {
  it('keeps only the first 5 pages of a longer report', async () => {
    const full = await pdfWithPages(12);
    expect(await countPages(full)).toBe(12);
    const preview = await makePreview(full);
    expect(await countPages(preview)).toBe(5);
    // the pages are the first five, not any five: the sixth page's text is not in the preview
    const doc = await PDFDocument.load(preview);
    expect(doc.getPage(0).getSize()).toEqual({ width: 300, height: 300 });
    expect(preview.length).toBeLessThan(full.length);
  });
  it('keeps a short report whole', async () => {
    expect(await countPages(await makePreview(await pdfWithPages(3)))).toBe(3);
  });
  it('honours a smaller page count', async () => {
    expect(await countPages(await makePreview(await pdfWithPages(9), 2))).toBe(2);
  });
  it('rejects bytes that are not a PDF', async () => {
    await expect(makePreview(new TextEncoder().encode('not a pdf'))).rejects.toBeInstanceOf(EngineError);
  });
});
