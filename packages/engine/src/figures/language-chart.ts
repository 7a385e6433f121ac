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

export function languageChartSvg(languages: LanguageStat[]): string {
  const sorted = [...languages]
    .filter((l) => l.code > 0)
    .sort((a, b) => b.code - a.code || a.language.localeCompare(b.language));
  const shown = sorted.slice(0, MAX_BARS).map((l) => ({ label: l.language, code: l.code, files: l.files }));
  const rest = sorted.slice(MAX_BARS);
  if (rest.length)
    shown.push({
      label: `Other (${rest.length})`,
      code: rest.reduce((s, l) => s + l.code, 0),
      files: rest.reduce((s, l) => s + l.files, 0),
    });
  const total = shown.reduce((s, l) => s + l.code, 0) || 1;
  const max = Math.max(1, ...shown.map((l) => l.code));

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
    const pct = ((l.code / total) * 100).toFixed(1);
    return [
      `<text x="${labelW}" y="${y + 20}" text-anchor="end" font-size="15" fill="#1f2937">${esc(truncate(l.label, 22))}</text>`,
      `<rect x="${labelW + 12}" y="${y + 5}" width="${w}" height="22" rx="3" fill="${PALETTE[i % PALETTE.length]}"/>`,
      `<text x="${labelW + 20 + w}" y="${y + 20}" font-size="14" fill="#374151">${l.code.toLocaleString('en-US')} lines · ${pct}%</text>`,
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
    `<text x="${width - 24}" y="32" text-anchor="end" font-size="14" fill="#6b7280">${total === 1 && shown.length === 0 ? '' : `${shown.reduce((s, l) => s + l.code, 0).toLocaleString('en-US')} lines in total`}</text>`,
    ...rows,
    empty,
    '</svg>',
  ].join('\n');
}
