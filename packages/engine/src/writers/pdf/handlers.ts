// One PDF handler per node type, plus the map that dispatches to them.

import type { Asset, Block, Inline } from '../../tree/types.ts';
import { figureWidth, fitColumns, rasterOf } from '../common/outline.ts';
import { trimEndChars } from '@atr/shared';
import { face } from './fonts.ts';
import {
  BODY_SIZE,
  COLORS,
  FONTS,
  MARGIN,
  type PdfContext,
  ensureSpace,
  pageBottom,
  pageIndex,
  plainHeight,
  richText,
  richTextHeight,
  sideBar,
} from './layout.ts';

type Handlers = { [K in Block['type']]: (b: Extract<Block, { type: K }>, ctx: PdfContext) => void };

const HEADING_SIZE = [18, 14.5, 12.5, 11] as const;
const body = { size: BODY_SIZE, color: COLORS.text };

export const blockHandlers: Handlers = {
  heading: (b, ctx) => {
    const { doc } = ctx;
    const size = HEADING_SIZE[b.level - 1]!;
    const number = ctx.numbers.get(b);
    const text = number ? `${number}   ${b.text}` : b.text;
    const h = plainHeight(ctx, text, FONTS.bold, size, ctx.width);
    doc.y += b.level === 1 ? 14 : 8;
    ensureSpace(ctx, h + 60); // keep a heading with the start of its text
    const dest = `h${ctx.outline.length}`;
    doc.addNamedDestination(dest, 'XYZ', null, doc.page.height - doc.y + 4, null);
    ctx.outline.push({ block: b, page: pageIndex(doc), dest });
    doc
      .fontSize(size)
      .fillColor(b.level <= 2 ? COLORS.blue : COLORS.text)
      .text(face(doc, FONTS.bold, text), ctx.x, doc.y, { width: ctx.width });
    if (b.level === 1) {
      doc
        .moveTo(ctx.x, doc.y + 2)
        .lineTo(ctx.x + ctx.width, doc.y + 2)
        .lineWidth(0.6)
        .strokeColor(COLORS.rule)
        .stroke();
      doc.y += 8;
    } else doc.y += 4;
    doc.fillColor(COLORS.text);
  },
  paragraph: (b, ctx) => {
    ensureSpace(ctx, 28);
    richText(ctx, b.children, body);
  },
  list: (b, ctx) => {
    const { doc } = ctx;
    const indent = 18;
    b.items.forEach((item, i) => {
      ensureSpace(ctx, 16);
      const marker = b.ordered ? `${i + 1}.` : '•';
      const y = doc.y;
      doc
        .font(FONTS.body)
        .fontSize(BODY_SIZE)
        .fillColor(COLORS.text)
        .text(marker, ctx.x, y, { width: indent - 4, align: b.ordered ? 'right' : 'left', lineBreak: false });
      doc.y = y;
      const inner = {
        ...ctx,
        x: ctx.x + indent + (b.ordered ? 4 : 0),
        width: ctx.width - indent - (b.ordered ? 4 : 0),
      };
      if (item.length === 0) doc.y += BODY_SIZE + 6;
      item.forEach((block) => {
        if (block.type === 'paragraph') richText(inner, block.children, body, { gap: 2 });
        else renderBlock(block, inner);
      });
    });
    doc.y += 4;
  },
  table: (b, ctx) => {
    const { doc } = ctx;
    const size = 8.8;
    const pad = 4;
    const cols = Math.max(1, b.header.length, ...b.rows.map((r) => r.length));
    const padRow = (row: Inline[][]) => Array.from({ length: cols }, (_, i) => row[i] ?? []);
    // measured with the real fonts, so the narrowest column still holds its longest word
    const measure = (text: string, mono: boolean, bold: boolean) =>
      doc.fontSize(size).widthOfString(face(doc, mono ? FONTS.mono : bold ? FONTS.bold : FONTS.body, text));
    const widths = fitColumns([padRow(b.header), ...b.rows.map(padRow)], ctx.width, measure, {
      pad: 2 * pad + 1,
      cap: ctx.width * 0.3,
    });
    const align = (i: number) => b.align?.[i] ?? 'left';
    const cellStyle = (head: boolean) => ({ size, color: COLORS.text, bold: head });
    // measured by the same layout that draws the cell, so paths wrapping at "/" never overflow the row
    const cellHeight = (cell: Inline[], i: number, bold: boolean) =>
      Math.max(
        plainHeight(ctx, ' ', FONTS.body, size, 100),
        richTextHeight({ ...ctx, width: widths[i]! - 2 * pad }, cell, cellStyle(bold), { align: align(i) }),
      );
    const rowHeight = (row: Inline[][], bold: boolean) =>
      Math.max(...padRow(row).map((c, i) => cellHeight(c, i, bold))) + 2 * pad;
    const drawRow = (row: Inline[][], head: boolean) => {
      const h = rowHeight(row, head);
      const y = doc.y;
      if (head) doc.save().rect(ctx.x, y, ctx.width, h).fill(COLORS.headBg).restore();
      let x = ctx.x;
      padRow(row).forEach((cell, i) => {
        doc.y = y + pad;
        richText({ ...ctx, x: x + pad, width: widths[i]! - 2 * pad }, cell, cellStyle(head), {
          align: align(i),
          gap: 0,
        });
        x += widths[i]!;
      });
      doc
        .moveTo(ctx.x, y + h)
        .lineTo(ctx.x + ctx.width, y + h)
        .lineWidth(head ? 0.8 : 0.4)
        .strokeColor(head ? '#94a3b8' : COLORS.rule)
        .stroke();
      doc.y = y + h;
    };
    const headH = b.header.length ? rowHeight(b.header, true) : 0;
    ensureSpace(ctx, headH + (b.rows[0] ? rowHeight(b.rows[0], false) : 0) + 4);
    doc
      .moveTo(ctx.x, doc.y)
      .lineTo(ctx.x + ctx.width, doc.y)
      .lineWidth(0.8)
      .strokeColor('#94a3b8')
      .stroke();
    if (b.header.length) drawRow(b.header, true);
    for (const row of b.rows) {
      const h = rowHeight(row, false);
      if (doc.y + h > pageBottom(doc)) {
        doc.addPage();
        doc.y = MARGIN.top;
        if (b.header.length) drawRow(b.header, true); // the header repeats on every page of the table
      }
      drawRow(row, false);
    }
    if (b.caption) {
      doc.y += 4;
      doc
        .fontSize(9)
        .fillColor(COLORS.muted)
        .text(face(doc, FONTS.italic, b.caption), ctx.x, doc.y, { width: ctx.width, align: 'center' });
    }
    doc.fillColor(COLORS.text);
    doc.y += 10;
  },
  code: (b, ctx) => {
    const { doc } = ctx;
    const size = 8.4;
    const lineH = size * 1.3;
    const pad = 6;
    const perLine = Math.max(20, Math.floor((ctx.width - 2 * pad) / (size * 0.6)));
    const lines = trimEndChars(b.value.replace(/\t/g, '    '), '\n')
      .split('\n')
      .flatMap((line) => {
        if (line.length <= perLine) return [line];
        const parts: string[] = [];
        for (let i = 0; i < line.length; i += perLine - 2)
          parts.push((i ? '  ' : '') + line.slice(i, i + perLine - 2));
        return parts;
      });
    let i = 0;
    while (i < lines.length) {
      let room = Math.floor((pageBottom(doc) - doc.y - 2 * pad) / lineH);
      if (room < Math.min(3, lines.length - i)) {
        doc.addPage();
        doc.y = MARGIN.top;
        room = Math.floor((pageBottom(doc) - doc.y - 2 * pad) / lineH);
      }
      const chunk = lines.slice(i, i + room);
      const top = doc.y;
      const h = chunk.length * lineH + 2 * pad;
      doc
        .save()
        .roundedRect(ctx.x, top, ctx.width, h, 3)
        .lineWidth(0.5)
        .fillAndStroke(COLORS.codeBg, COLORS.rule)
        .restore();
      doc.fontSize(size).fillColor('#0f172a');
      chunk.forEach((line, k) =>
        doc.text(face(doc, FONTS.mono, line) || ' ', ctx.x + pad, top + pad + k * lineH, {
          lineBreak: false,
        }),
      );
      doc.y = top + h;
      i += chunk.length;
    }
    if (b.caption)
      doc
        .fontSize(9)
        .fillColor(COLORS.muted)
        .text(face(doc, FONTS.italic, b.caption), ctx.x, doc.y + 3, { width: ctx.width });
    doc.fillColor(COLORS.text);
    doc.y += 10;
  },
  figure: (b, ctx) => {
    const { doc } = ctx;
    const asset = ctx.assets[b.asset];
    if (!asset)
      return richText(
        ctx,
        [
          {
            type: 'emphasis',
            children: [{ type: 'text', value: `[missing figure: ${b.caption || b.asset}]` }],
          },
        ],
        body,
      );
    const { bytes } = rasterOf(asset);
    const { w, h, captionH } = figureBox(b, asset, ctx);
    ensureSpace(ctx, h + captionH + 12);
    doc.y += 4;
    doc.image(Buffer.from(bytes), ctx.x + (ctx.width - w) / 2, doc.y, { width: w, height: h });
    doc.y += h + 4;
    ctx.figures.n++;
    if (b.caption)
      doc
        .fontSize(9)
        .fillColor('#374151')
        .text(face(doc, FONTS.italic, `Figure ${ctx.figures.n}: ${b.caption}`), ctx.x, doc.y, {
          width: ctx.width,
          align: 'center',
        });
    doc.fillColor(COLORS.text);
    doc.y += 10;
  },
  callout: (b, ctx) => {
    const { doc } = ctx;
    const colour = { info: '#1d4ed8', warning: '#c2410c', success: '#15803d' }[b.tone];
    ensureSpace(ctx, 40);
    doc.y += 2;
    const start = { page: pageIndex(doc), y: doc.y };
    const inner = { ...ctx, x: ctx.x + 8, width: ctx.width - 14 };
    if (b.title) {
      doc
        .fontSize(BODY_SIZE)
        .fillColor(colour)
        .text(face(doc, FONTS.bold, b.title), inner.x, doc.y, { width: inner.width });
      doc.y += 2;
    }
    b.children.forEach((c) => renderBlock(c, inner));
    doc.y -= 2;
    sideBar({ ...ctx, x: ctx.x + 4 }, start, colour, colour);
    doc.y += 10;
  },
  quote: (b, ctx) => {
    const { doc } = ctx;
    ensureSpace(ctx, 24);
    const start = { page: pageIndex(doc), y: doc.y };
    const inner = { ...ctx, x: ctx.x + 10, width: ctx.width - 16 };
    b.children.forEach((c) =>
      c.type === 'paragraph'
        ? richText(inner, c.children, { ...body, italic: true, color: '#374151' })
        : renderBlock(c, inner),
    );
    sideBar({ ...ctx, x: ctx.x + 6 }, start, COLORS.rule);
    doc.y += 4;
  },
  rule: (_b, ctx) => {
    const { doc } = ctx;
    ensureSpace(ctx, 12);
    doc
      .moveTo(ctx.x, doc.y + 4)
      .lineTo(ctx.x + ctx.width, doc.y + 4)
      .lineWidth(0.6)
      .strokeColor(COLORS.rule)
      .stroke();
    doc.y += 14;
  },
  pageBreak: (_b, ctx) => {
    ctx.doc.addPage();
    ctx.doc.y = MARGIN.top;
  },
};

/** Height of the heading at `i` and of the headings right after it, as the heading handler lays them out. */
function headingRunHeight(blocks: Block[], i: number, ctx: PdfContext): number {
  let total = 0;
  for (let k = i; k < blocks.length; k++) {
    const b = blocks[k]!;
    if (b.type !== 'heading') break;
    const number = ctx.numbers.get(b);
    total +=
      (b.level === 1 ? 14 + 8 : 8 + 4) +
      plainHeight(
        ctx,
        number ? `${number}   ${b.text}` : b.text,
        FONTS.bold,
        HEADING_SIZE[b.level - 1]!,
        ctx.width,
      );
  }
  return total;
}

/** The drawn size of a figure: its width and height on the page and its caption's height. */
function figureBox(
  b: Extract<Block, { type: 'figure' }>,
  asset: Asset,
  ctx: PdfContext,
): { w: number; h: number; captionH: number } {
  let w = ctx.width * figureWidth(asset, b.widthRatio);
  let h = (w * asset.height) / Math.max(1, asset.width);
  const maxH = (pageBottom(ctx.doc) - MARGIN.top) * 0.6;
  if (h > maxH) {
    w = (w * maxH) / h;
    h = maxH;
  }
  const captionH = b.caption ? plainHeight(ctx, b.caption, FONTS.italic, 9, ctx.width) + 4 : 0;
  return { w, h, captionH };
}

/**
 * Renders a sequence of blocks; a heading (or a chapter heading followed by its first section heading)
 * never ends a page, nor does a heading whose first content is a figure that goes to the next page.
 */
export function renderBlocks(blocks: Block[], ctx: PdfContext): void {
  blocks.forEach((b, i) => {
    if (b.type === 'heading' && (i === 0 || blocks[i - 1]?.type !== 'heading')) {
      let next = i;
      while (blocks[next]?.type === 'heading') next++;
      const after = blocks[next];
      const asset = after?.type === 'figure' ? ctx.assets[after.asset] : undefined;
      if (after?.type === 'figure' && asset) {
        const { h, captionH } = figureBox(after, asset, ctx);
        ensureSpace(ctx, headingRunHeight(blocks, i, ctx) + h + captionH + 16);
      } else if (next > i + 1) ensureSpace(ctx, headingRunHeight(blocks, i, ctx) + 60);
    }
    renderBlock(b, ctx);
  });
}

export function renderBlock(b: Block, ctx: PdfContext): void {
  (blockHandlers[b.type] as (x: Block, c: PdfContext) => void)(b, ctx);
}
