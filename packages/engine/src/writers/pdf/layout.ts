// The page model of the pure-JS PDF writer: fonts, colours, margins and the small drawing helpers
// every handler shares (space checks, rich text runs, bars beside boxed content).

import type PDFDocument from 'pdfkit';
import { citationLabel } from '../../tree/markdown.ts';
import type { Asset, Inline } from '../../tree/types.ts';
import { toWinAnsi } from '../common/unicode.ts';

export type Doc = InstanceType<typeof PDFDocument>;

export const FONTS = { body: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique', boldItalic: 'Helvetica-BoldOblique', mono: 'Courier', monoBold: 'Courier-Bold' };
export const COLORS = { text: '#1f2937', blue: '#1e3a8a', cite: '#1d4ed8', muted: '#6b7280', rule: '#cbd5e1', codeBg: '#f4f6f8', headBg: '#e5eaf2' };
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
        return [{ text: toWinAnsi(i.value.replace(/\s*\n\s*/g, ' ')), font: fontFor(style), size: style.size, color: style.color, ...(style.link ? { link: style.link, underline: true } : {}) }];
      case 'strong':
        return segments(i.children, { ...style, bold: true });
      case 'emphasis':
        return segments(i.children, { ...style, italic: true });
      case 'code':
        return [{ text: toWinAnsi(i.value), font: style.bold ? FONTS.monoBold : FONTS.mono, size: style.size * 0.92, color: '#0f172a' }];
      case 'citation':
        return [{ text: toWinAnsi(citationLabel(i)), font: FONTS.mono, size: style.size * 0.92, color: COLORS.cite }];
      case 'link': {
        const link = /^(https?:|mailto:)/i.test(i.url) ? i.url : undefined;
        const inner = segments(i.children, { ...style, color: link ? COLORS.cite : style.color, ...(link ? { link } : {}) });
        return inner.length ? inner : [{ text: toWinAnsi(i.url), font: FONTS.body, size: style.size, color: COLORS.cite, ...(link ? { link, underline: true } : {}) }];
      }
      case 'break':
        return [{ text: '\n', font: fontFor(style), size: style.size, color: style.color }];
    }
  });
}

/** Writes rich text as one flowing paragraph; pdfkit wraps across runs and pages. */
export function richText(ctx: PdfContext, list: Inline[], style: Style, options: { align?: 'left' | 'center' | 'right'; gap?: number } = {}): void {
  const segs = segments(list, style).filter((s) => s.text !== '');
  if (segs.length === 0) return;
  // pdfkit may wrap between two runs even with no space between them, which leaves "(" dangling at a
  // line end before a citation: carry an opening bracket or quote over to the run it belongs to
  for (let i = 0; i < segs.length - 1; i++) {
    const m = /[([“‘"']+$/.exec(segs[i]!.text);
    if (!m || /^\s/.test(segs[i + 1]!.text)) continue;
    segs[i] = { ...segs[i]!, text: segs[i]!.text.slice(0, m.index) };
    segs[i + 1] = { ...segs[i + 1]!, text: m[0] + segs[i + 1]!.text };
  }
  for (let i = segs.length - 1; i >= 0; i--) if (segs[i]!.text === '') segs.splice(i, 1);
  const { doc } = ctx;
  segs.forEach((s, i) => {
    doc.font(s.font).fontSize(s.size).fillColor(s.color);
    const opts = { continued: i < segs.length - 1, lineGap: 2.5, link: s.link ?? null, underline: s.underline ?? false, align: options.align ?? 'left' };
    if (i === 0) doc.text(s.text, ctx.x, doc.y, { ...opts, width: ctx.width });
    else doc.text(s.text, opts);
  });
  doc.fillColor(COLORS.text);
  doc.y += options.gap ?? 6;
}

/** Plain text height with the body font, for space checks. */
export function plainHeight(ctx: PdfContext, text: string, font: string, size: number, width: number): number {
  return ctx.doc.font(font).fontSize(size).heightOfString(toWinAnsi(text) || ' ', { width, lineGap: 2.5 });
}

/** Draws a coloured bar (and a light tint) beside content that ran from `start` to the current position, across pages. */
export function sideBar(ctx: PdfContext, start: { page: number; y: number }, colour: string, tint?: string): void {
  const { doc } = ctx;
  const endPage = pageIndex(doc);
  const endY = doc.y;
  for (let p = start.page; p <= endPage; p++) {
    doc.switchToPage(p);
    const top = p === start.page ? start.y : MARGIN.top;
    const bottom = p === endPage ? endY : pageBottom(doc);
    if (bottom - top < 2) continue;
    // Drawn over the text (pdfkit has no layers), so the tint is a saturated colour at very low opacity.
    if (tint) doc.save().fillOpacity(0.07).rect(ctx.x - 10, top - 4, ctx.width + 14, bottom - top + 4).fill(tint).restore();
    doc.save().rect(ctx.x - 10, top - 4, 3, bottom - top + 4).fill(colour).restore();
  }
  doc.switchToPage(endPage);
  doc.y = endY;
}
