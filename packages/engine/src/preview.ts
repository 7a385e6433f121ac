// The free preview: a copy of the report PDF holding only its first pages, so the preview endpoint
// can never be used to read the whole (paid) report.

import { PDFDocument } from 'pdf-lib';
import { EngineError } from './errors.ts';

export const PREVIEW_PAGES = 5;

async function load(pdf: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(pdf, { updateMetadata: false });
  } catch (e) {
    throw new EngineError('pdf', 'The report PDF could not be read to make its preview.', {
      detail: String(e),
      cause: e,
    });
  }
}

export async function countPages(pdf: Uint8Array): Promise<number> {
  return (await load(pdf)).getPageCount();
}

/** A new PDF with at most `maxPages` pages copied from the start of `pdf`. */
export async function makePreview(pdf: Uint8Array, maxPages = PREVIEW_PAGES): Promise<Uint8Array> {
  const source = await load(pdf);
  const preview = await PDFDocument.create();
  const count = Math.min(Math.max(0, Math.floor(maxPages)), source.getPageCount());
  const pages = await preview.copyPages(
    source,
    Array.from({ length: count }, (_, i) => i),
  );
  for (const page of pages) preview.addPage(page);
  preview.setTitle(`${source.getTitle() ?? 'Report'} (preview)`);
  preview.setProducer('ATR report engine');
  return preview.save();
}
