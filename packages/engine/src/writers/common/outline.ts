// Numbering shared by the writers that number headings and figures themselves (PDF) or check it (tests).

import type { Asset, Block, DocTree, Inline } from '../../tree/types.ts';
import { inlineText } from '../../tree/markdown.ts';

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

/**
 * Column widths as shares of the table width, from the text in each column: every column gets room
 * for its longest word (so "runtime" never splits), the rest goes to columns with long content.
 */
export function columnShares(rows: Inline[][][], charsAcross = 90): number[] {
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const stats = Array.from({ length: cols }, (_, i) => {
    const texts = rows.map((r) => inlineText(r[i] ?? []));
    const longestWord = Math.max(3, ...texts.flatMap((t) => t.split(/\s+/).map((w) => w.length)));
    const longest = Math.max(0, ...texts.map((t) => t.length));
    const avg = texts.reduce((a, t) => a + t.length, 0) / Math.max(1, texts.length);
    return { min: Math.min(longestWord + 2, 24), want: Math.min(50, Math.max(4, avg, longest * 0.6)) };
  });
  const base = stats.map((s) => s.min);
  const sum = base.reduce((a, b) => a + b, 0);
  if (sum >= charsAcross) return base.map((b) => b / sum);
  const extra = charsAcross - sum;
  const weights = stats.map((s) => Math.max(0, s.want - s.min) + 1);
  const wsum = weights.reduce((a, b) => a + b, 0);
  return base.map((b, i) => (b + (extra * weights[i]!) / wsum) / charsAcross);
}
