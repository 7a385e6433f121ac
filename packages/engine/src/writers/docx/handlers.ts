// One DOCX handler per node type, plus the maps that dispatch to them.

import {
  AlignmentType,
  Bookmark,
  BorderStyle,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  PageBreak,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
  type ParagraphChild,
} from 'docx';
import type { Asset, Block, Inline } from '../../tree/types.ts';
import { citationLabel } from '../../tree/markdown.ts';
import { columnShares, figureWidth, rasterOf } from '../common/outline.ts';
import { joinLines, trimEndChars } from '@atr/shared';
import { CITE, CODE_BG, HEAD_BG, MONO, RULE, TEXT_WIDTH_PX, TEXT_WIDTH_TWIPS } from './styles.ts';

export interface DocxContext {
  assets: Record<string, Asset>;
  listLevel: number;
  /** Ordered lists restart their numbering: each gets its own instance. */
  nextListInstance: () => number;
  figureCount: { n: number };
  /** Width available to this block, in twips (smaller inside callouts). */
  width: number;
}

interface RunStyle {
  bold?: boolean;
  italics?: boolean;
  style?: string;
}

/** XML 1.0 forbids most control characters and lone surrogates; Word refuses files that contain them. */
export function xmlSafe(text: string): string {
  return text.replace(
    // eslint-disable-next-line no-control-regex -- removing them is the point
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '',
  );
}

type InlineHandlers = {
  [K in Inline['type']]: (i: Extract<Inline, { type: K }>, s: RunStyle) => ParagraphChild[];
};

export const inlineHandlers: InlineHandlers = {
  text: (i, s) => [new TextRun({ text: xmlSafe(joinLines(i.value)), ...s })],
  strong: (i, s) => runs(i.children, { ...s, bold: true }),
  emphasis: (i, s) => runs(i.children, { ...s, italics: true }),
  code: (i, s) => [
    new TextRun({
      text: xmlSafe(i.value),
      font: MONO,
      size: 19,
      shading: { type: ShadingType.CLEAR, fill: CODE_BG, color: 'auto' },
      ...s,
    }),
  ],
  link: (i, s) => {
    if (!/^(https?:|mailto:)/i.test(i.url)) return runs(i.children, s);
    const label = i.children.length
      ? runs(i.children, { ...s, style: 'Hyperlink' })
      : [new TextRun({ text: xmlSafe(i.url), style: 'Hyperlink' })];
    return [new ExternalHyperlink({ link: i.url, children: label })];
  },
  citation: (i, s) => [
    new TextRun({ text: xmlSafe(citationLabel(i)), font: MONO, size: 19, color: CITE, ...s }),
  ],
  break: () => [new TextRun({ break: 1 })],
};

export function runs(list: Inline[], style: RunStyle = {}): ParagraphChild[] {
  return list.flatMap((i) =>
    (inlineHandlers[i.type] as (x: Inline, s: RunStyle) => ParagraphChild[])(i, style),
  );
}

/** A heading's bookmark name: the characters Word accepts in one. */
export const bookmarkId = (id: string) => id.replace(/[^A-Za-z0-9_]/g, '_');

const HEADING = [
  HeadingLevel.HEADING_1,
  HeadingLevel.HEADING_2,
  HeadingLevel.HEADING_3,
  HeadingLevel.HEADING_4,
] as const;
const thin = { style: BorderStyle.SINGLE, size: 4, color: RULE };
const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };

type Handlers = { [K in Block['type']]: (b: Extract<Block, { type: K }>, ctx: DocxContext) => FileChild[] };

export const blockHandlers: Handlers = {
  heading: (b) => {
    const text = new TextRun(xmlSafe(b.text));
    return [
      new Paragraph({
        heading: HEADING[b.level - 1],
        children: [b.id ? new Bookmark({ id: bookmarkId(b.id), children: [text] }) : text],
        ...(b.numbered && b.level <= 3 ? { numbering: { reference: 'headings', level: b.level - 1 } } : {}),
        ...(b.level === 1 && b.numbered ? { pageBreakBefore: false } : {}),
      }),
    ];
  },
  paragraph: (b, ctx) =>
    b.children.length ? [new Paragraph({ children: runs(b.children), ...listIndent(ctx) })] : [],
  list: (b, ctx) => {
    const level = Math.min(8, ctx.listLevel);
    const instance = b.ordered ? ctx.nextListInstance() : 0;
    const out: FileChild[] = [];
    for (const item of b.items) {
      const [first, ...rest] = item;
      const numbering = b.ordered
        ? { reference: 'ordered', level, instance }
        : { reference: 'bullets', level };
      if (first?.type === 'paragraph')
        out.push(new Paragraph({ children: runs(first.children), numbering, spacing: { after: 60 } }));
      else
        out.push(
          new Paragraph({ children: [], numbering, spacing: { after: 60 } }),
          ...(first ? renderBlock(first, { ...ctx, listLevel: level + 1 }) : []),
        );
      for (const block of rest) out.push(...renderBlock(block, { ...ctx, listLevel: level + 1 }));
    }
    return out;
  },
  table: (b, ctx) => {
    const cols = Math.max(1, b.header.length, ...b.rows.map((r) => r.length));
    const pad = (row: Inline[][]) => Array.from({ length: cols }, (_, i) => row[i] ?? []);
    const shares = columnShares([pad(b.header), ...b.rows.map(pad)], Math.round(ctx.width / 105));
    const widths = shares.map((s) => Math.round(s * ctx.width));
    const align = (i: number) =>
      ({ right: AlignmentType.RIGHT, center: AlignmentType.CENTER })[b.align?.[i] as 'right' | 'center'] ??
      AlignmentType.LEFT;
    const row = (cells: Inline[][], head: boolean) =>
      new TableRow({
        tableHeader: head,
        cantSplit: true,
        children: pad(cells).map(
          (c, i) =>
            new TableCell({
              width: { size: widths[i]!, type: WidthType.DXA },
              margins: { top: 50, bottom: 50, left: 100, right: 100 },
              ...(head ? { shading: { type: ShadingType.CLEAR, fill: HEAD_BG, color: 'auto' } } : {}),
              children: [
                new Paragraph({
                  style: 'TableText',
                  alignment: align(i),
                  children: runs(c, head ? { bold: true } : {}),
                }),
              ],
            }),
        ),
      });
    const table = new Table({
      width: { size: ctx.width, type: WidthType.DXA },
      columnWidths: widths,
      borders: {
        top: thin,
        bottom: thin,
        left: none,
        right: none,
        insideHorizontal: thin,
        insideVertical: none,
      },
      rows: [...(b.header.length ? [row(b.header, true)] : []), ...b.rows.map((r) => row(r, false))],
    });
    return [
      table,
      new Paragraph({
        style: 'Caption',
        children: b.caption ? [new TextRun(xmlSafe(b.caption))] : [],
        spacing: { before: 60, after: b.caption ? 200 : 80 },
      }),
    ];
  },
  code: (b, ctx) => {
    const lines = trimEndChars(xmlSafe(b.value.replace(/\r\n?/g, '\n').replace(/\t/g, '    ')), '\n').split(
      '\n',
    );
    const cell = new TableCell({
      width: { size: ctx.width, type: WidthType.DXA },
      shading: { type: ShadingType.CLEAR, fill: CODE_BG, color: 'auto' },
      margins: { top: 80, bottom: 80, left: 140, right: 140 },
      children: [
        new Paragraph({
          style: 'Code',
          children: lines.map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : 0 })),
        }),
      ],
    });
    const box = new Table({
      width: { size: ctx.width, type: WidthType.DXA },
      columnWidths: [ctx.width],
      borders: {
        top: thin,
        bottom: thin,
        left: thin,
        right: thin,
        insideHorizontal: none,
        insideVertical: none,
      },
      rows: [new TableRow({ children: [cell] })],
    });
    const caption = b.caption
      ? [new Paragraph({ style: 'Caption', children: [new TextRun(xmlSafe(b.caption))] })]
      : [new Paragraph({ spacing: { after: 60 }, children: [] })];
    return [box, ...caption];
  },
  figure: (b, ctx) => {
    const asset = ctx.assets[b.asset];
    if (!asset)
      return [
        new Paragraph({
          children: [
            new TextRun({ text: `[missing figure: ${xmlSafe(b.caption || b.asset)}]`, italics: true }),
          ],
        }),
      ];
    const { bytes, ext } = rasterOf(asset);
    const width = Math.round(
      TEXT_WIDTH_PX * (ctx.width / TEXT_WIDTH_TWIPS) * figureWidth(asset, b.widthRatio),
    );
    const height = Math.round((width * asset.height) / Math.max(1, asset.width));
    const maxH = 560;
    const [w, h] = height > maxH ? [Math.round((width * maxH) / height), maxH] : [width, height];
    ctx.figureCount.n++;
    return [
      new Paragraph({
        alignment: AlignmentType.CENTER,
        keepNext: true,
        spacing: { before: 120, after: 0 },
        children: [
          new ImageRun({
            type: ext === 'jpg' ? 'jpg' : 'png',
            data: bytes,
            transformation: { width: w, height: h },
            altText: { name: asset.id, description: xmlSafe(b.caption), title: xmlSafe(b.caption) },
          }),
        ],
      }),
      new Paragraph({
        style: 'Caption',
        children: [
          new TextRun({ text: `Figure ${ctx.figureCount.n}: `, bold: true }),
          new TextRun(xmlSafe(b.caption)),
        ],
      }),
    ];
  },
  callout: (b, ctx) => {
    const colour = {
      info: ['EFF6FF', '1D4ED8'],
      warning: ['FFF7ED', 'C2410C'],
      success: ['F0FDF4', '15803D'],
    }[b.tone];
    const inner = { ...ctx, width: ctx.width - 400 };
    const children: FileChild[] = [
      ...(b.title
        ? [
            new Paragraph({
              spacing: { after: 60 },
              children: [new TextRun({ text: xmlSafe(b.title), bold: true, color: colour[1] })],
            }),
          ]
        : []),
      ...b.children.flatMap((c) => renderBlock(c, inner)),
    ];
    return [
      new Table({
        width: { size: ctx.width, type: WidthType.DXA },
        columnWidths: [ctx.width],
        borders: {
          top: none,
          bottom: none,
          right: none,
          insideHorizontal: none,
          insideVertical: none,
          left: { style: BorderStyle.SINGLE, size: 24, color: colour[1] },
        },
        rows: [
          new TableRow({
            children: [
              new TableCell({
                width: { size: ctx.width, type: WidthType.DXA },
                shading: { type: ShadingType.CLEAR, fill: colour[0], color: 'auto' },
                margins: { top: 100, bottom: 60, left: 180, right: 180 },
                children: children.length ? (children as (Paragraph | Table)[]) : [new Paragraph('')],
              }),
            ],
          }),
        ],
      }),
      new Paragraph({ spacing: { after: 60 }, children: [] }),
    ];
  },
  quote: (b, ctx) =>
    b.children.flatMap((c) =>
      c.type === 'paragraph'
        ? [
            new Paragraph({
              style: 'Quote',
              border: { left: { style: BorderStyle.SINGLE, size: 12, color: RULE, space: 8 } },
              children: runs(c.children, { italics: true }),
            }),
          ]
        : renderBlock(c, ctx),
    ),
  rule: () => [
    new Paragraph({
      border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: RULE, space: 1 } },
      spacing: { after: 200 },
      children: [],
    }),
  ],
  pageBreak: () => [new Paragraph({ children: [new PageBreak()] })],
};

function listIndent(ctx: DocxContext) {
  return ctx.listLevel > 0 ? { indent: { left: 360 * ctx.listLevel + 300 } } : {};
}

export function renderBlock(b: Block, ctx: DocxContext): FileChild[] {
  return (blockHandlers[b.type] as (x: Block, c: DocxContext) => FileChild[])(b, ctx);
}
