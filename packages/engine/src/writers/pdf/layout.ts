// The page model of the pure-JS PDF writer: fonts, colours, margins and the small drawing helpers
// every handler shares (space checks, rich text runs, bars beside boxed content).

import type PDFDocument from 'pdfkit';
import { citationLabel } from '../../tree/markdown.ts';
import type { Asset, Inline } from '../../tree/types.ts';
import { joinLines, trimEndChars } from '@atr/shared';
import { FONTS, face, fontRuns, registerFallbackFonts } from './fonts.ts';

export type Doc = InstanceType<typeof PDFDocument>;

export { FONTS } from './fonts.ts';
export const COLORS = {
  text: '#1f2937',
  blue: '#1e3a8a',
  cite: '#1d4ed8',
  muted: '#6b7280',
  rule: '#cbd5e1',
  codeBg: '#f4f6f8',
  headBg: '#e5eaf2',
};
export const MARGIN = { top: 78, bottom: 72, left: 68, right: 68 };
export const BODY_SIZE = 10.5;

export interface PdfContext {
  doc: Doc;
  assets: Record<string, Asset>;
  x: number;
  width: number;
  numbers: Map<unknown, string>;
  figures: { n: number };
  /** Page index and destination of each heading, for the contents. */
  outline: { block: unknown; page: number; dest: string }[];
}

export const pageBottom = (doc: Doc) => doc.page.height - MARGIN.bottom;

/** Starts a new page when fewer than `height` points are left, so blocks do not start at the very bottom. */
export function ensureSpace(ctx: PdfContext, height: number): void {
  if (ctx.doc.y + height > pageBottom(ctx.doc)) {
    ctx.doc.addPage();
    ctx.doc.y = MARGIN.top;
  }
}

export function pageIndex(doc: Doc): number {
  const range = doc.bufferedPageRange();
  return range.start + range.count - 1;
}

interface Segment {
  text: string;
  font: string;
  size: number;
  color: string;
  link?: string;
  underline?: boolean;
  /** Part of a path or code span: wraps only at its ends, never inside. */
  piece?: boolean;
}

interface Style {
  bold?: boolean;
  italic?: boolean;
  size: number;
  color: string;
  link?: string;
}

function fontFor(s: Style): string {
  return s.bold && s.italic ? FONTS.boldItalic : s.bold ? FONTS.bold : s.italic ? FONTS.italic : FONTS.body;
}

export function segments(list: Inline[], style: Style): Segment[] {
  return list.flatMap((i): Segment[] => {
    switch (i.type) {
      case 'text':
        return fontRuns(joinLines(i.value), fontFor(style)).map((r) => ({
          text: r.text,
          font: r.font,
          size: style.size,
          color: style.color,
          ...(style.link ? { link: style.link, underline: true } : {}),
        }));
      case 'strong':
        return segments(i.children, { ...style, bold: true });
      case 'emphasis':
        return segments(i.children, { ...style, italic: true });
      case 'code':
        return codeRuns(i.value, style.bold ? FONTS.monoBold : FONTS.mono).map((r) => ({
          ...r,
          size: style.size * 0.92,
          color: '#0f172a',
          piece: true,
        }));
      case 'citation':
        return codeRuns(citationLabel(i), FONTS.mono).map((r) => ({
          ...r,
          size: style.size * 0.92,
          color: COLORS.cite,
          piece: true,
        }));
      case 'link': {
        const link = /^(https?:|mailto:)/i.test(i.url) ? i.url : undefined;
        const inner = segments(i.children, {
          ...style,
          color: link ? COLORS.cite : style.color,
          ...(link ? { link } : {}),
        });
        return inner.length
          ? inner
          : fontRuns(i.url, FONTS.body).map((r) => ({
              text: r.text,
              font: r.font,
              size: style.size,
              color: COLORS.cite,
              ...(link ? { link, underline: true } : {}),
            }));
      }
      case 'break':
        return [{ text: '\n', font: fontFor(style), size: style.size, color: style.color }];
    }
  });
}

/** A code span or path in pieces (see pathPieces), each piece in the face that can show it. */
function codeRuns(text: string, font: string): { text: string; font: string }[] {
  return pathPieces(text).flatMap((piece) => fontRuns(piece, font));
}

/**
 * Splits a path or code span after each "/" and run of spaces. pdfkit breaks lines by Unicode rules:
 * never after "/" before a digit (so "migrations/0005_x.sql" is one word, cut mid-letter in a narrow
 * cell) but after any "-". Separate runs give it a break point at every "/"; `richText` keeps a piece whole.
 */
export function pathPieces(text: string): string[] {
  return piecesAfter(text, (c) => c === '/' || /\s/.test(c), true);
}

/**
 * `text` cut after each run of separator characters, in one pass: each piece is a run of other
 * characters and the separators after it; with `leading`, separators at the very start join the first
 * piece (the patterns these replace retried from every separator of a long run).
 */
function piecesAfter(text: string, isSeparator: (c: string) => boolean, leading: boolean): string[] {
  const pieces: string[] = [];
  let start = 0;
  let i = 0;
  if (leading) while (i < text.length && isSeparator(text[i]!)) i++;
  while (i < text.length) {
    while (i < text.length && !isSeparator(text[i]!)) i++;
    while (i < text.length && isSeparator(text[i]!)) i++;
    pieces.push(text.slice(start, i));
    start = i;
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}

/** A piece still wider than a whole line also breaks after "_", "-" and ".", the next-best places. */
function finerPieces(text: string, fits: (t: string) => boolean): string[] {
  if (fits(text)) return [text];
  const parts = piecesAfter(text, (c) => c === '_' || c === '.' || c === '-', false);
  return parts.length > 1 ? parts : [text];
}

/** Writes rich text as one flowing paragraph; pdfkit wraps across runs and pages. */
export function richText(
  ctx: PdfContext,
  list: Inline[],
  style: Style,
  options: { align?: 'left' | 'center' | 'right'; gap?: number } = {},
): void {
  const segs = segments(list, style).filter((s) => s.text !== '');
  if (segs.length === 0) return;
  // pdfkit may wrap between two runs even with no space between them, which leaves "(" dangling at a
  // line end before a citation: carry an opening bracket or quote over to the run it belongs to
  for (let i = 0; i < segs.length - 1; i++) {
    const text = segs[i]!.text;
    const kept = trimEndChars(text, '([“‘"\'');
    if (kept === text || /^\s/.test(segs[i + 1]!.text)) continue;
    segs[i] = { ...segs[i]!, text: kept };
    segs[i + 1] = { ...segs[i + 1]!, text: text.slice(kept.length) + segs[i + 1]!.text };
  }
  for (let i = segs.length - 1; i >= 0; i--) if (segs[i]!.text === '') segs.splice(i, 1);
  const { doc } = ctx;
  const width = (s: Segment, text: string) => doc.font(s.font).fontSize(s.size).widthOfString(text.trimEnd());
  const runs = segs.flatMap((s) =>
    s.piece ? finerPieces(s.text, (t) => width(s, t) <= ctx.width).map((text) => ({ ...s, text })) : [s],
  );
  if (options.align && options.align !== 'left' && lineOfRuns(ctx, runs, options.align)) {
    doc.fillColor(COLORS.text);
    doc.y += options.gap ?? 6;
    return;
  }
  runs.forEach((s, i) => {
    let text = s.text;
    // pdfkit would break a piece that does not fit the rest of the line at its first "-": start it on
    // the next line instead. The line state lives in pdfkit's wrapper (pinned version; the tests read it back).
    const wrapper = (doc as unknown as { _wrapper?: { continuedX: number } | null })._wrapper;
    if (
      s.piece &&
      i > 0 &&
      wrapper &&
      wrapper.continuedX > 0 &&
      wrapper.continuedX + width(s, text) > ctx.width + 0.01 &&
      width(s, text) <= ctx.width
    ) {
      text = `\n${text}`;
      wrapper.continuedX = 0; // else pdfkit indents the new line by the width of the old one
    }
    doc.font(s.font).fontSize(s.size).fillColor(s.color);
    const opts = {
      continued: i < runs.length - 1,
      lineGap: 2.5,
      link: s.link ?? null,
      underline: s.underline ?? false,
      align: options.align ?? 'left',
    };
    if (i === 0) doc.text(text, ctx.x, doc.y, { ...opts, width: ctx.width });
    else doc.text(text, opts);
  });
  doc.fillColor(COLORS.text);
  doc.y += options.gap ?? 6;
}

/**
 * Right- or centre-aligned text of several runs (a path, then words) is drawn line by line at measured
 * positions: pdfkit aligns each continued run on its own and overprints them. The runs are packed into
 * lines greedily, words of prose apart and a path's pieces whole. Answers false, drawing nothing, when
 * one piece alone is wider than the line (the caller's wrapping then breaks it).
 */
function lineOfRuns(ctx: PdfContext, runs: Segment[], align: 'center' | 'right'): boolean {
  const { doc } = ctx;
  if (runs.length < 2 || runs.some((r) => r.text.includes('\n'))) return false;
  const measure = (r: Segment, text = r.text) => doc.font(r.font).fontSize(r.size).widthOfString(text);
  // prose splits after each space; a piece of a path or code span stays whole
  const tokens = runs.flatMap((r) =>
    r.piece ? [r] : (r.text.match(/\S*\s*/g) ?? []).filter(Boolean).map((text) => ({ ...r, text })),
  );
  if (tokens.some((t) => measure(t, t.text.trimEnd()) > ctx.width)) return false;
  const lines: Segment[][] = [[]];
  let used = 0;
  for (const t of tokens) {
    const line = lines[lines.length - 1]!;
    if (line.length && used + measure(t, t.text.trimEnd()) > ctx.width) {
      lines.push([{ ...t, text: t.text.trimStart() }]);
      used = measure(t, t.text);
    } else {
      line.push(t);
      used += measure(t);
    }
  }
  let y = doc.y;
  for (const line of lines) {
    // a line's trailing space takes no room at its end
    const last = line.length - 1;
    const parts = line.map((r, i) => (i === last ? { ...r, text: r.text.trimEnd() } : r));
    const widths = parts.map((r) => measure(r));
    const total = widths.reduce((n, w) => n + w, 0);
    let x = ctx.x + (align === 'right' ? ctx.width - total : (ctx.width - total) / 2);
    let height = 0;
    parts.forEach((r, i) => {
      doc.font(r.font).fontSize(r.size).fillColor(r.color);
      height = Math.max(height, doc.currentLineHeight(true) + 2.5);
      doc.text(r.text, x, y, { lineBreak: false, link: r.link ?? null, underline: r.underline ?? false });
      x += widths[i]!;
    });
    y += height;
  }
  doc.x = ctx.x;
  doc.y = y;
  return true;
}

const scratchDocs = new WeakMap<Doc, { doc: Doc; uses: number }>();

/**
 * Height that `richText` will take, found by laying the text out on a throwaway document: the same
 * code wraps both, so a table row is never shorter than its tallest cell.
 */
export function richTextHeight(
  ctx: PdfContext,
  list: Inline[],
  style: Style,
  options: { align?: 'left' | 'center' | 'right'; gap?: number } = {},
): number {
  let scratch = scratchDocs.get(ctx.doc);
  if (!scratch) {
    const Ctor = ctx.doc.constructor as new (o: object) => Doc;
    const doc = new Ctor({ size: [2000, 100_000], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    registerFallbackFonts(doc);
    doc.on('data', () => {}); // drained and dropped
    scratch = { doc, uses: 0 };
    scratchDocs.set(ctx.doc, scratch);
  }
  if (++scratch.uses % 100 === 0) scratch.doc.addPage(); // hands finished pages to the stream, keeping memory flat
  scratch.doc.y = 0;
  richText({ ...ctx, doc: scratch.doc, x: 0 }, list, style, { ...options, gap: 0 });
  return scratch.doc.y;
}

/** Plain text height with the body font, for space checks. */
export function plainHeight(
  ctx: PdfContext,
  text: string,
  font: string,
  size: number,
  width: number,
): number {
  return ctx.doc.fontSize(size).heightOfString(face(ctx.doc, font, text) || ' ', { width, lineGap: 2.5 });
}

/** Draws a coloured bar (and a light tint) beside content that ran from `start` to the current position, across pages. */
export function sideBar(
  ctx: PdfContext,
  start: { page: number; y: number },
  colour: string,
  tint?: string,
): void {
  const { doc } = ctx;
  const endPage = pageIndex(doc);
  const endY = doc.y;
  for (let p = start.page; p <= endPage; p++) {
    doc.switchToPage(p);
    const top = p === start.page ? start.y : MARGIN.top;
    const bottom = p === endPage ? endY : pageBottom(doc);
    if (bottom - top < 2) continue;
    // Drawn over the text (pdfkit has no layers), so the tint is a saturated colour at very low opacity.
    if (tint)
      doc
        .save()
        .fillOpacity(0.07)
        .rect(ctx.x - 10, top - 4, ctx.width + 14, bottom - top + 4)
        .fill(tint)
        .restore();
    doc
      .save()
      .rect(ctx.x - 10, top - 4, 3, bottom - top + 4)
      .fill(colour)
      .restore();
  }
  doc.switchToPage(endPage);
  doc.y = endY;
}
