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
    numbers.set(
      b,
      counters
        .slice(0, b.level)
        .map((n) => Math.max(1, n))
        .join('.'),
    );
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

/** The cover's company fields: key, row label, and the words a missing value is named by. */
export const COMPANY_FIELDS = [
  ['name', 'Company', 'company name'],
  ['vat', 'VAT', 'VAT number'],
  ['address', 'Address', 'address'],
  ['phone', 'Phone', 'phone'],
  ['email', 'E-mail', 'e-mail'],
  ['website', 'Website', 'website'],
] as const satisfies readonly (readonly [keyof NonNullable<DocTree['cover']>['company'], string, string])[];

/**
 * What the cover prints of the company: a row per field given, and the fields left empty named
 * together in one muted line ("Not provided: VAT number, phone and website") rather than a row each.
 */
export function coverCompany(company: NonNullable<DocTree['cover']>['company']): {
  rows: { label: string; value: string }[];
  missing: string | null;
} {
  const rows: { label: string; value: string }[] = [];
  const empty: string[] = [];
  for (const [key, label, noun] of COMPANY_FIELDS) {
    const value = company[key];
    if (value) rows.push({ label, value });
    else empty.push(noun);
  }
  const list =
    empty.length > 1 ? `${empty.slice(0, -1).join(', ')} and ${empty[empty.length - 1]}` : empty[0];
  return { rows, missing: list ? `Not provided: ${list}` : null };
}

/** Width of a text in a writer's unit; `mono` for code and citations, `bold` for header cells. */
export type MeasureText = (text: string, mono: boolean, bold: boolean) => number;

/**
 * Width of a text in "average lowercase characters" of a proportional font, for writers that cannot
 * measure (LaTeX, DOCX): capitals and digits are wider than the average, i, l and punctuation narrower.
 */
export const estimateChars: MeasureText = (text, mono, bold) => {
  if (mono) return text.length * 1.2;
  let u = 0;
  for (const c of text)
    u += /[mwMW@%]/.test(c)
      ? 1.6
      : /[A-Z&]/.test(c)
        ? 1.4
        : /[0-9#$?_~]/.test(c)
          ? 1.1
          : /[iljtfrI.,:;'|!()[\]/\- ]/.test(c)
            ? 0.6
            : 1;
  return bold ? u * 1.1 : u;
};

/**
 * Column widths (in the unit of `measure`) that add up to `total`. Every column first gets the width
 * of its longest unbreakable word plus padding (capped, so one long path cannot starve the others),
 * so "DELETE" or "runtime" never split; what is left goes to the columns with long content. When
 * even the minimums do not fit, the widest columns give way first and the narrow ones keep theirs.
 * The first row is the header (measured bold).
 */
export function fitColumns(
  rows: Inline[][][],
  total: number,
  measure: MeasureText,
  opts: { pad: number; cap?: number },
): number[] {
  const cols = Math.max(1, ...rows.map((r) => r.length));
  const cap = opts.cap ?? total * 0.3;
  const stats = Array.from({ length: cols }, (_, i) => {
    let word = 0;
    let longest = 0;
    let sum = 0;
    rows.forEach((r, ri) => {
      const cell = r[i] ?? [];
      const mono = cell.some((c) => c.type === 'code' || c.type === 'citation');
      const text = inlineText(cell);
      for (const w of text.split(/\s+/)) if (w) word = Math.max(word, measure(w, mono, ri === 0));
      const full = measure(text, mono, ri === 0);
      longest = Math.max(longest, full);
      sum += full;
    });
    const min = Math.min(word, cap) + opts.pad;
    return {
      min,
      want: Math.max(
        min,
        Math.min(total * 0.55, Math.max(sum / Math.max(1, rows.length), longest * 0.6) + opts.pad),
      ),
    };
  });
  const mins = stats.map((s) => s.min);
  const minSum = mins.reduce((a, b) => a + b, 0);
  if (minSum >= total) {
    // water-filling: lower a common ceiling until the columns fit; columns under it keep their width
    const sorted = [...mins].sort((a, b) => a - b);
    let rest = total;
    let level = total / cols;
    for (let k = 0; k < sorted.length; k++) {
      const left = sorted.length - k;
      if (sorted[k]! * left >= rest) {
        level = rest / left;
        break;
      }
      rest -= sorted[k]!;
      level = sorted[k]!;
    }
    return mins.map((m) => Math.min(m, level));
  }
  const extra = total - minSum;
  const weights = stats.map((s) => s.want - s.min + 0.5);
  const wsum = weights.reduce((a, b) => a + b, 0);
  return mins.map((m, i) => m + (extra * weights[i]!) / wsum);
}

/**
 * Column widths as shares of the table width, from the text in each column (estimated character
 * widths): see fitColumns.
 */
export function columnShares(rows: Inline[][][], charsAcross = 90): number[] {
  return fitColumns(rows, charsAcross, estimateChars, { pad: 2, cap: Math.min(24, charsAcross * 0.3) }).map(
    (w) => w / charsAcross,
  );
}
