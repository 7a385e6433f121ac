// The language-mix figure: a horizontal bar chart of code lines per language, as SVG.

import type { LanguageStat } from '../analyse/types.ts';
import { FONT_FAMILY, esc, truncate } from './svg.ts';

const PALETTE = [
  '#2563eb',
  '#0d9488',
  '#f59e0b',
  '#db2777',
  '#7c3aed',
  '#16a34a',
  '#ea580c',
  '#0891b2',
  '#64748b',
];
const MAX_BARS = 8;

/**
 * `base` gives the line total a language's share is taken of, as the report's text states it
 * (agents/facts.ts codeSplit), or null where the text gives that language no share (documentation and
 * data beside the programming languages): the figure shows the same percentages as the sentences.
 */
export function languageChartSvg(
  languages: LanguageStat[],
  base?: (language: string) => number | null,
): string {
  const sorted = [...languages]
    .filter((l) => l.code > 0)
    .sort((a, b) => b.code - a.code || a.language.localeCompare(b.language));
  const shown: { label: string; code: number; files: number; base?: number | null }[] = sorted
    .slice(0, MAX_BARS)
    .map((l) => ({ label: l.language, code: l.code, files: l.files, base: base?.(l.language) }));
  const rest = sorted.slice(MAX_BARS);
  const total = sorted.reduce((s, l) => s + l.code, 0) || 1;
  if (rest.length) {
    // a bucket of languages has a share only when all of them are taken of one total
    const bases = new Set(rest.map((l) => base?.(l.language)));
    shown.push({
      label: `Other (${rest.length})`,
      code: rest.reduce((s, l) => s + l.code, 0),
      files: rest.reduce((s, l) => s + l.files, 0),
      base: bases.size === 1 ? [...bases][0] : null,
    });
  }
  const max = Math.max(1, ...shown.map((l) => l.code));
  // where the shares are of a part of the lines (the programming languages'), the heading names it
  const parts = new Set(
    shown.map((l) => l.base).filter((b): b is number => typeof b === 'number' && b !== total),
  );
  const ofPart = parts.size === 1 ? [...parts][0] : undefined;

  const width = 800;
  const labelW = 170;
  const valueW = 190;
  const barMax = width - labelW - valueW - 40;
  const rowH = 34;
  const top = 56;
  const height = top + Math.max(1, shown.length) * rowH + 24;
  const rows = shown.map((l, i) => {
    const y = top + i * rowH;
    const w = Math.max(2, Math.round((l.code / max) * barMax));
    const of = l.base === undefined ? total : l.base;
    const pct = of ? ` · ${((l.code / of) * 100).toFixed(1)}%` : '';
    return [
      `<text x="${labelW}" y="${y + 20}" text-anchor="end" font-size="15" fill="#1f2937">${esc(truncate(l.label, 22))}</text>`,
      `<rect x="${labelW + 12}" y="${y + 5}" width="${w}" height="22" rx="3" fill="${PALETTE[i % PALETTE.length]}"/>`,
      `<text x="${labelW + 20 + w}" y="${y + 20}" font-size="14" fill="#374151">${l.code.toLocaleString('en-US')} lines${pct}</text>`,
    ].join('');
  });
  const empty =
    shown.length === 0
      ? `<text x="${width / 2}" y="${top + 20}" text-anchor="middle" font-size="15" fill="#6b7280">No source code lines were counted.</text>`
      : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${esc(FONT_FAMILY)}">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="24" y="32" font-size="18" font-weight="bold" fill="#111827">Code lines per language</text>`,
    `<text x="${width - 24}" y="32" text-anchor="end" font-size="14" fill="#6b7280">${total === 1 && shown.length === 0 ? '' : `${shown.reduce((s, l) => s + l.code, 0).toLocaleString('en-US')} lines in total${ofPart ? `; shares of the ${ofPart.toLocaleString('en-US')} in programming languages` : ''}`}</text>`,
    ...rows,
    empty,
    '</svg>',
  ].join('\n');
}
