// The DOCX writer: cover page, table of contents field, numbered headings, header and "Page X of Y" footer.

import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  ImageRun,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
} from 'docx';
import type { DocTree } from '../../tree/types.ts';
import { coverCompany, headingNumbers, rasterOf } from '../common/outline.ts';
import { bookmarkId, renderBlock, xmlSafe, type DocxContext } from './handlers.ts';
import { estimateHeadingPages, listedInContents } from './page-estimate.ts';
import { BLUE, MUTED, PAGE, RULE, TEXT_WIDTH_TWIPS, numbering, styles } from './styles.ts';
import { withLinkPolicy } from '../../tree/links.ts';

export interface DocxOptions {
  /** Written into the file's core properties. */
  creator?: string;
}

export async function writeDocx(input: DocTree, options: DocxOptions = {}): Promise<Uint8Array> {
  const tree = withLinkPolicy(input); // links only to what the report itself chose
  let instance = 0;
  const ctx: DocxContext = {
    assets: tree.assets,
    listLevel: 0,
    nextListInstance: () => ++instance,
    figureCount: { n: 0 },
    width: TEXT_WIDTH_TWIPS,
  };
  const children: FileChild[] = [...coverPage(tree), ...contents(tree)];
  for (const block of tree.blocks) children.push(...renderBlock(block, ctx));
  const title = xmlSafe(tree.cover?.title ?? tree.meta.title);

  const doc = new Document({
    creator: options.creator ?? tree.meta.generator,
    title,
    description: `${tree.cover?.subtitle ?? 'Technical Report'}: ${title}`,
    // Word recomputes the contents' page numbers on open; other readers show the estimate written in it.
    features: { updateFields: true },
    styles,
    numbering,
    sections: [
      {
        properties: {
          titlePage: true,
          page: {
            size: { width: PAGE.width, height: PAGE.height },
            margin: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
          },
        },
        headers: {
          first: new Header({ children: [new Paragraph('')] }),
          default: new Header({
            children: [
              new Paragraph({
                tabStops: [{ type: 'right', position: TEXT_WIDTH_TWIPS }],
                border: { bottom: { style: BorderStyle.SINGLE, size: 4, color: RULE, space: 4 } },
                children: [
                  new TextRun({ text: title, size: 18 }),
                  new TextRun({
                    text: `\t${xmlSafe(tree.cover?.subtitle ?? 'Technical Report')}`,
                    size: 18,
                    color: MUTED,
                  }),
                ],
              }),
            ],
          }),
        },
        footers: {
          first: new Footer({ children: [new Paragraph('')] }),
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({
                    size: 18,
                    children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES],
                  }),
                ],
              }),
            ],
          }),
        },
        children,
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

function coverPage(tree: DocTree): FileChild[] {
  const c = tree.cover;
  if (!c) return [];
  const out: FileChild[] = [];
  const logo = c.logoAsset ? tree.assets[c.logoAsset] : undefined;
  if (logo) {
    const { bytes, ext } = rasterOf(logo);
    const scale = Math.min(190 / logo.width, 110 / logo.height);
    out.push(
      new Paragraph({
        alignment: AlignmentType.CENTER,
        spacing: { before: 1200, after: 600 },
        children: [
          new ImageRun({
            type: ext === 'jpg' ? 'jpg' : 'png',
            data: bytes,
            transformation: {
              width: Math.round(logo.width * scale),
              height: Math.round(logo.height * scale),
            },
            altText: { name: 'logo', description: 'Company logo', title: 'Logo' },
          }),
        ],
      }),
    );
  } else out.push(new Paragraph({ spacing: { before: 2400 }, children: [] }));
  out.push(
    new Paragraph({ style: 'Title', children: [new TextRun(xmlSafe(c.title))] }),
    new Paragraph({ style: 'Subtitle', children: [new TextRun(xmlSafe(c.subtitle))] }),
  );
  const company = coverCompany(c.company);
  // the company block ends where six rows would: fewer rows start lower (Word has no "fill to bottom")
  const rowCount = company.rows.length + (company.missing ? 1 : 0);
  out.push(
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { after: 2400 + (6 - rowCount) * 356 },
      children: [new TextRun({ text: xmlSafe(c.date), color: MUTED, size: 24 })],
    }),
  );
  const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' };
  const labelW = 2000;
  const companyRow = (label: string, value: TextRun) =>
    new TableRow({
      children: [
        new TableCell({
          width: { size: labelW, type: WidthType.DXA },
          margins: { top: 40, bottom: 40, right: 200 },
          children: [
            new Paragraph({
              alignment: AlignmentType.RIGHT,
              spacing: { after: 0 },
              children: [new TextRun({ text: label, bold: true, size: 20, color: BLUE })],
            }),
          ],
        }),
        new TableCell({
          width: { size: TEXT_WIDTH_TWIPS - labelW, type: WidthType.DXA },
          margins: { top: 40, bottom: 40 },
          children: [new Paragraph({ spacing: { after: 0 }, children: [value] })],
        }),
      ],
    });
  out.push(
    new Table({
      width: { size: TEXT_WIDTH_TWIPS, type: WidthType.DXA },
      columnWidths: [labelW, TEXT_WIDTH_TWIPS - labelW],
      borders: {
        top: { style: BorderStyle.SINGLE, size: 6, color: RULE },
        bottom: none,
        left: none,
        right: none,
        insideHorizontal: none,
        insideVertical: none,
      },
      rows: [
        ...company.rows.map(({ label, value }) =>
          companyRow(label, new TextRun({ text: xmlSafe(value), size: 20 })),
        ),
        ...(company.missing
          ? [companyRow('', new TextRun({ text: company.missing, size: 17, italics: true, color: MUTED }))]
          : []),
      ],
    }),
    new Paragraph({ children: [new PageBreak()] }),
  );
  return out;
}

/** The contents as written in the file: numbered titles, estimated pages, links to the headings' bookmarks. */
function contentsEntries(tree: DocTree) {
  const numbers = headingNumbers(tree.blocks);
  const pages = estimateHeadingPages(tree);
  return tree.blocks.filter(listedInContents).map((b, i) => {
    const n = numbers.get(b);
    return {
      title: xmlSafe(n ? `${n} ${b.text}` : b.text),
      level: b.level,
      page: pages[i]!,
      ...(b.id ? { href: bookmarkId(b.id) } : {}),
    };
  });
}

function contents(tree: DocTree): FileChild[] {
  if (!tree.toc) return [];
  return [
    new Paragraph({ style: 'TOCHeading', children: [new TextRun('Contents')] }),
    new TableOfContents('Contents', {
      hyperlink: true,
      headingStyleRange: '1-3',
      cachedEntries: contentsEntries(tree),
    }),
    new Paragraph({ children: [new PageBreak()] }),
  ];
}
