// Numbering shared by the writers that number headings and figures themselves (PDF) or check it (tests).

import type { Asset, Block, DocTree } from '../../tree/types.ts';

/** Section numbers ("1", "1.2", "1.2.3") for numbered headings, by block, in document order. */
export function headingNumbers(blocks: Block[]): Map<Block, string> {
  const counters = [0, 0, 0, 0];
  const numbers = new Map<Block, string>();
  for (const b of blocks) {
    if (b.type !== 'heading' || !b.numbered || b.level > 3) continue;
    counters[b.level - 1]!++;
    for (let i = b.level; i < counters.length; i++) counters[i] = 0;
    numbers.set(b, counters.slice(0, b.level).map((n) => Math.max(1, n)).join('.'));
  }
  return numbers;
}

/** Headings shown in the table of contents: numbered ones up to level 3, and unnumbered ones flagged `toc`. */
export function inContents(b: Block): b is Extract<Block, { type: 'heading' }> {
  return b.type === 'heading' && b.level <= 3 && (b.numbered || b.toc === true);
}

/** How wide a figure is shown, as a share of the text width; charts fill it, small uploads stay small. */
export function figureWidth(asset: Asset, requested?: number): number {
  if (requested && requested > 0) return Math.min(1, requested);
  return Math.min(0.95, Math.max(0.3, asset.width / 1200));
}

/** The raster bytes a writer embeds for an asset (SVG assets carry a PNG rendering). */
export function rasterOf(asset: Asset): { bytes: Uint8Array; ext: 'png' | 'jpg' } {
  if (asset.mime === 'image/jpeg') return { bytes: Buffer.from(asset.data, 'base64'), ext: 'jpg' };
  if (asset.mime === 'image/png') return { bytes: Buffer.from(asset.data, 'base64'), ext: 'png' };
  if (!asset.png) throw new Error(`asset ${asset.id} has no PNG rendering`);
  return { bytes: Buffer.from(asset.png, 'base64'), ext: 'png' };
}

/** Placeholders printed on the cover when a company field is empty. */
export const COMPANY_FIELDS = [
  ['name', 'Company', 'Company name not provided'],
  ['vat', 'VAT', 'VAT number not provided'],
  ['address', 'Address', 'Address not provided'],
  ['phone', 'Phone', 'Phone not provided'],
  ['email', 'E-mail', 'E-mail not provided'],
  ['website', 'Website', 'Website not provided'],
] as const satisfies readonly (readonly [keyof NonNullable<DocTree['cover']>['company'], string, string])[];
