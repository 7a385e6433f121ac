// The pure-JS PDF writer (pdfkit, standard fonts): cover, contents with page numbers and links,
// numbered headings, "Page X of Y" footers. Works with nothing installed on the machine.

import PDFDocument from 'pdfkit';
import type { DocTree } from '../../tree/types.ts';
import { coverCompany, headingNumbers, inContents, rasterOf } from '../common/outline.ts';
import { face, registerFallbackFonts } from './fonts.ts';
import { renderBlocks } from './handlers.ts';
import { BODY_SIZE, COLORS, FONTS, MARGIN, type Doc, type PdfContext, pageIndex } from './layout.ts';
import { withLinkPolicy } from '../../tree/links.ts';

export interface PdfOptions {
  /** Page size name understood by pdfkit; A4 by default. */
  size?: string;
}

const TOC_LINE = 19;

export async function writePdf(input: DocTree, options: PdfOptions = {}): Promise<Uint8Array> {
  const tree = withLinkPolicy(input); // links only to what the report itself chose
  const created = new Date(tree.meta.generatedAt);
  const title = tree.cover?.title ?? tree.meta.title;
  const doc: Doc = new PDFDocument({
    size: options.size ?? 'A4',
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    info: {
      Title: title,
      Creator: tree.meta.generator,
      Producer: tree.meta.generator,
      CreationDate: created,
      ModDate: created,
    },
  });
  registerFallbackFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const ctx: PdfContext = {
    doc,
    assets: tree.assets,
    x: MARGIN.left,
    width: 0,
    numbers: headingNumbers(tree.blocks),
    figures: { n: 0 },
    outline: [],
  };
  doc.addPage();
  ctx.width = doc.page.width - MARGIN.left - MARGIN.right;
  const hasCover = tree.cover !== null;
  if (tree.cover) drawCover(ctx, tree);

  // The contents needs page numbers that exist only after the body is laid out: reserve its pages now.
  const entries = tree.toc ? tree.blocks.filter(inContents) : [];
  const perPage = Math.floor((doc.page.height - MARGIN.top - MARGIN.bottom - 50) / TOC_LINE);
  const tocPages = entries.length ? Math.ceil(entries.length / perPage) : 0;
  const tocStart = hasCover ? pageIndex(doc) + 1 : 0;
  for (let i = 0; i < tocPages; i++) if (hasCover || i > 0) doc.addPage();
  if (hasCover || tocPages) doc.addPage();
  doc.y = MARGIN.top;

  renderBlocks(tree.blocks, ctx);

  if (tocPages) drawContents(ctx, tocStart, perPage);
  drawFurniture(doc, title, tree.cover?.subtitle ?? 'Technical Report', hasCover);
  doc.end();
  await finished;
  return new Uint8Array(Buffer.concat(chunks));
}

function drawCover(ctx: PdfContext, tree: DocTree): void {
  const { doc } = ctx;
  const c = tree.cover!;
  const centre = { width: ctx.width, align: 'center' as const };
  let y = 150;
  const logo = c.logoAsset ? tree.assets[c.logoAsset] : undefined;
  if (logo) {
    const scale = Math.min(170 / logo.width, 90 / logo.height);
    const w = logo.width * scale;
    doc.image(Buffer.from(rasterOf(logo).bytes), MARGIN.left + (ctx.width - w) / 2, y, { width: w });
    y += logo.height * scale + 60;
  } else y += 80;
  doc
    .fontSize(30)
    .fillColor(COLORS.blue)
    .text(face(doc, FONTS.bold, c.title), MARGIN.left, y, centre);
  doc.moveDown(0.4);
  doc
    .fontSize(16)
    .fillColor('#374151')
    .text(face(doc, FONTS.body, c.subtitle), centre);
  doc.moveDown(0.4);
  doc
    .fontSize(12)
    .fillColor(COLORS.muted)
    .text(face(doc, FONTS.body, c.date), centre);

  const labelW = 110;
  const { rows, missing } = coverCompany(c.company);
  let rowY = doc.page.height - MARGIN.bottom - rows.length * 20 - (missing ? 20 : 0) - 30;
  doc
    .moveTo(MARGIN.left, rowY - 14)
    .lineTo(MARGIN.left + ctx.width, rowY - 14)
    .lineWidth(0.7)
    .strokeColor(COLORS.rule)
    .stroke();
  for (const { label, value } of rows) {
    doc
      .font(FONTS.bold)
      .fontSize(9.5)
      .fillColor(COLORS.blue)
      .text(label, MARGIN.left, rowY, { width: labelW, align: 'right', lineBreak: false });
    doc
      .fontSize(10)
      .fillColor(COLORS.text)
      .text(face(doc, FONTS.body, value), MARGIN.left + labelW + 14, rowY - 0.5, {
        width: ctx.width - labelW - 14,
        height: 18,
        ellipsis: true,
        lineBreak: false,
      });
    rowY += 20;
  }
  if (missing)
    doc
      .font(FONTS.italic)
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text(missing, MARGIN.left + labelW + 14, rowY, { width: ctx.width - labelW - 14, lineBreak: false });
  doc.fillColor(COLORS.text);
}

function drawContents(ctx: PdfContext, start: number, perPage: number): void {
  const { doc } = ctx;
  const rows = ctx.outline.filter((o) => inContents(o.block as never));
  rows.forEach((row, i) => {
    const page = start + Math.floor(i / perPage);
    doc.switchToPage(page);
    if (i % perPage === 0) {
      doc
        .font(FONTS.bold)
        .fontSize(20)
        .fillColor(COLORS.blue)
        .text(i === 0 ? 'Contents' : 'Contents (continued)', MARGIN.left, MARGIN.top, { width: ctx.width });
    }
    const h = row.block as { level: number; text: string };
    const y = MARGIN.top + 50 + (i % perPage) * TOC_LINE;
    const indent = (h.level - 1) * 18;
    const number = ctx.numbers.get(row.block);
    const font = h.level === 1 ? FONTS.bold : FONTS.body;
    const size = h.level === 1 ? 11 : 10.5;
    const pageLabel = String(row.page + 1);
    doc.font(font).fontSize(size).fillColor(COLORS.text);
    const numW = number ? 34 : 0;
    if (number) doc.text(number, MARGIN.left + indent, y, { lineBreak: false });
    const maxText = ctx.width - indent - numW - 40;
    let text = face(doc, font, h.text);
    while (doc.widthOfString(text) > maxText && text.length > 4)
      text = `${text.slice(0, -2).trimEnd()}…`.replace(/……$/, '…');
    doc.text(text, MARGIN.left + indent + numW, y, { lineBreak: false, goTo: row.dest });
    const textEnd = MARGIN.left + indent + numW + doc.widthOfString(text) + 4;
    const pageW = doc.widthOfString(pageLabel);
    const dotsEnd = MARGIN.left + ctx.width - pageW - 4;
    if (dotsEnd > textEnd) {
      doc.font(FONTS.body).fontSize(9).fillColor('#9ca3af');
      const dot = doc.widthOfString('. ');
      const n = Math.floor((dotsEnd - textEnd) / dot);
      doc.text('. '.repeat(Math.max(0, n)), dotsEnd - n * dot, y + 1, { lineBreak: false });
    }
    doc
      .font(font)
      .fontSize(size)
      .fillColor(COLORS.text)
      .text(pageLabel, MARGIN.left + ctx.width - pageW, y, { lineBreak: false, goTo: row.dest });
  });
}

function drawFurniture(doc: Doc, title: string, subtitle: string, hasCover: boolean): void {
  const range = doc.bufferedPageRange();
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  for (let i = range.start; i < range.start + range.count; i++) {
    if (hasCover && i === range.start) continue;
    doc.switchToPage(i);
    // Header and footer sit in the margins; lift the bottom margin so pdfkit does not add a page.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const headY = MARGIN.top - 34;
    doc
      .fontSize(8.5)
      .fillColor(COLORS.text)
      .text(face(doc, FONTS.body, title), MARGIN.left, headY, {
        width: width * 0.7,
        lineBreak: false,
        ellipsis: true,
        height: 12,
      });
    doc
      .fillColor(COLORS.muted)
      .text(face(doc, FONTS.body, subtitle), MARGIN.left, headY, { width, align: 'right', lineBreak: false });
    doc
      .moveTo(MARGIN.left, headY + 14)
      .lineTo(MARGIN.left + width, headY + 14)
      .lineWidth(0.5)
      .strokeColor(COLORS.rule)
      .stroke();
    doc
      .font(FONTS.body)
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text(
        `Page ${i - range.start + 1} of ${range.count}`,
        MARGIN.left,
        doc.page.height - MARGIN.bottom + 30,
        { width, align: 'center', lineBreak: false },
      );
    doc.page.margins.bottom = saved;
  }
  doc.fillColor(COLORS.text);
  void BODY_SIZE;
}
