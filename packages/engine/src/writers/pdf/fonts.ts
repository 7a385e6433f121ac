// Fonts of the pure-JS PDF writer. Text is set in pdfkit's standard faces (Helvetica, Courier), which
// speak only WinAnsi; every other character a code base may hold (⚡, IPA, Greek, arrows, box drawing,
// Cyrillic…) is set in the embedded DejaVu face of the same style, so it prints as itself instead of
// "?". Only the glyphs used are embedded (pdfkit subsets TrueType fonts).
import { dejavuFile, dejavuHas } from '../common/dejavu.ts';
import { foldText, isWinAnsi } from '../common/unicode.ts';

export const FONTS = {
  body: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
  boldItalic: 'Helvetica-BoldOblique',
  mono: 'Courier',
  monoBold: 'Courier-Bold',
};

/** The DejaVu face standing in for each standard face. */
const FALLBACK: Record<string, string> = {
  [FONTS.body]: 'DejaVuSans',
  [FONTS.bold]: 'DejaVuSans-Bold',
  [FONTS.italic]: 'DejaVuSans-Oblique',
  [FONTS.boldItalic]: 'DejaVuSans-BoldOblique',
  [FONTS.mono]: 'DejaVuSansMono',
  [FONTS.monoBold]: 'DejaVuSansMono-Bold',
};

const fontFile = dejavuFile;
const covered = (face: string, ch: string) => dejavuHas(ch, face.includes('Mono'));

/** Makes the DejaVu faces known to a document (pdfkit reads a face only when it is first used). */
export function registerFallbackFonts(doc: { registerFont(name: string, src: Buffer): unknown }): void {
  for (const name of Object.values(FALLBACK)) doc.registerFont(name, fontFile(name));
}

/** Spaces and invisible characters that fold to plain spaces (or nothing) rather than switch fonts. */
const INVISIBLE = /[\u00a0\u2000-\u200a\u202f\u205f\u3000]|[\u200b-\u200d\u2060\ufeff\u00ad]/g;
const plain = (text: string) =>
  text.replace(INVISIBLE, (ch) => (/[\u200b-\u200d\u2060\ufeff\u00ad]/.test(ch) ? '' : ' '));

export interface Run {
  text: string;
  font: string;
}

/**
 * Splits `text` into runs a document can draw: WinAnsi text in `font`, everything else in its DejaVu
 * stand-in; a character neither has folds to a near equivalent, or "?" as a last resort.
 */
export function fontRuns(text: string, font: string): Run[] {
  const fallback = FALLBACK[font] ?? FALLBACK[FONTS.body]!;
  const runs: Run[] = [];
  for (const ch of plain(text)) {
    const last = runs[runs.length - 1];
    const own = isWinAnsi(ch) || ch === '\n' || ch === '\t';
    // A space stays in the run it follows, so "≤ ≥ ⇒" is one run rather than five.
    const face = ch === ' ' && last ? last.font : own ? font : covered(fallback, ch) ? fallback : font;
    const out = face === fallback || own ? ch : foldText(ch, isWinAnsi);
    if (last && last.font === face) last.text += out;
    else runs.push({ text: out, font: face });
  }
  for (const r of runs) if (r.font === font) r.text = foldText(r.text, (c) => isWinAnsi(c));
  return runs.filter((r) => r.text !== '');
}

/**
 * One face for a whole string (titles, captions, cells drawn in one call): the standard face when it
 * can show every character, else the DejaVu stand-in; the text comes back folded for that face.
 */
export function singleFace(text: string, font: string): Run {
  const runs = fontRuns(text, font);
  if (runs.every((r) => r.font === font)) return { text: runs.map((r) => r.text).join(''), font };
  const fallback = FALLBACK[font] ?? FALLBACK[FONTS.body]!;
  return { text: foldText(plain(text), (c) => covered(fallback, c)), font: fallback };
}

/** Sets on `doc` the face that can show `text` (see singleFace) and returns the text to draw with it. */
export function face(doc: { font(name: string): unknown }, font: string, text: string): string {
  const run = singleFace(text, font);
  doc.font(run.font);
  return run.text;
}
