// A fast line-model estimate of the page each contents heading lands on in the DOCX, so the table
// of contents carries page numbers in readers that never update fields (LibreOffice, previews).
// docx's own Word-exact layout (docx/layout) costs seconds per report and grows with the document,
// which made it the slowest step of the pipeline; Word still recomputes the field when it opens the
// file (updateFields), so an estimate that is occasionally one page off is the better trade.

import type { Asset, Block, DocTree, Inline } from '../../tree/types.ts';
import { columnShares, figureWidth } from '../common/outline.ts';
import { PAGE, TEXT_WIDTH_PX, TEXT_WIDTH_TWIPS } from './styles.ts';

const PAGE_BODY = PAGE.height - 2 * PAGE.margin; // twips
const LINE = 310; // 11 pt body at 1.15 line spacing, Calibri's line gap included
const PARA_AFTER = 120;
const BODY_CHARS = Math.floor(TEXT_WIDTH_TWIPS / 105); // average Calibri 11 pt advance ≈ 5.25 pt
const CODE_LINE = 200;
const CODE_CHARS = Math.floor(TEXT_WIDTH_TWIPS / 102);
const ROW_PAD = 100; // cell margins
const TABLE_LINE = 245; // Table Text: 9.5 pt at 1.05
const TABLE_CHAR = 90; // twips per character at 9.5 pt
const HEADING = [
  { line: 430, before: 480, after: 160, chars: 45 },
  { line: 360, before: 320, after: 120, chars: 55 },
  { line: 310, before: 240, after: 100, chars: 65 },
  { line: 270, before: 200, after: 80, chars: BODY_CHARS },
];

function textLength(inlines: Inline[]): number {
  let n = 0;
  for (const i of inlines) {
    if (i.type === 'text' || i.type === 'code') n += i.value.length;
    else if (i.type === 'citation') n += i.path.length + 8;
    else if (i.type !== 'break') n += textLength(i.children);
  }
  return n;
}

const linesOf = (chars: number, perLine: number) => Math.max(1, Math.ceil(chars / Math.max(10, perLine)));

/** Height in twips of a block at a text width (share of the full width), as a list of unbreakable slices. */
function slices(b: Block, share: number, out: number[], assets: Record<string, Asset>): void {
  const perLine = Math.floor(BODY_CHARS * share);
  switch (b.type) {
    case 'heading': {
      const h = HEADING[b.level - 1]!;
      out.push(h.before + linesOf(b.text.length, h.chars * share) * h.line + h.after);
      return;
    }
    case 'paragraph':
      if (b.children.length) out.push(linesOf(textLength(b.children), perLine) * LINE + PARA_AFTER);
      return;
    case 'list':
      for (const item of b.items) {
        const [first, ...rest] = item;
        out.push(
          (first?.type === 'paragraph' ? linesOf(textLength(first.children), perLine - 6) : 1) * LINE + 60,
        );
        for (const child of first?.type === 'paragraph' ? rest : item)
          slices(child, share * 0.93, out, assets);
      }
      return;
    case 'table': {
      // the columns the table handler gives: shares of the width by content
      const shares = columnShares([b.header, ...b.rows], Math.round((TEXT_WIDTH_TWIPS * share) / 105));
      const chars = shares.map((c) => (c * TEXT_WIDTH_TWIPS * share - 200) / TABLE_CHAR);
      const rowHeight = (row: Inline[][]) =>
        Math.max(1, ...row.map((c, i) => linesOf(textLength(c), chars[i] ?? 10))) * TABLE_LINE + ROW_PAD;
      out.push(rowHeight(b.header));
      for (const r of b.rows) out.push(rowHeight(r));
      out.push(b.caption ? 440 : 140);
      return;
    }
    case 'code': {
      let lines = 0;
      for (const l of b.value.split('\n')) lines += linesOf(l.length, CODE_CHARS * share);
      for (let i = 0; i < lines; i += 10) out.push(Math.min(10, lines - i) * CODE_LINE);
      out.push(160 + (b.caption ? LINE : 60));
      return;
    }
    case 'figure': {
      // as the figure handler sizes it: a share of the text width, at most 560 px tall (15 twips a px)
      const asset = assets[b.asset];
      const width = asset ? TEXT_WIDTH_PX * share * figureWidth(asset, b.widthRatio) : 0;
      const px = asset ? Math.min(560, (width * asset.height) / Math.max(1, asset.width)) : 20;
      out.push(px * 15 + 120 + LINE + 200);
      return;
    }
    case 'callout':
      out.push(160 + (b.title ? LINE + 60 : 0));
      for (const c of b.children) slices(c, share * 0.92, out, assets);
      out.push(60);
      return;
    case 'quote':
      for (const c of b.children) slices(c, share * 0.9, out, assets);
      return;
    case 'rule':
      out.push(220);
      return;
    case 'pageBreak':
      out.push(-1);
      return;
  }
}

/** Headings the DOCX contents lists: every heading styled Heading 1-3 (the TOC field's \\o "1-3"). */
export function listedInContents(b: Block): b is Extract<Block, { type: 'heading' }> {
  return b.type === 'heading' && b.level <= 3;
}

/** Walks the line model: the page each contents heading starts on, and the last page. */
function layout(tree: DocTree): { headingPages: number[]; lastPage: number } {
  let page = 1;
  if (tree.cover) page++;
  if (tree.toc) {
    const entries = tree.blocks.filter(listedInContents).length;
    page += Math.max(1, Math.ceil((entries * (LINE + 60) + 900) / PAGE_BODY));
  }
  const pages: number[] = [];
  let used = 0;
  for (const b of tree.blocks) {
    const parts: number[] = [];
    slices(b, 1, parts, tree.assets);
    if (b.type === 'heading') {
      // headings keep with the next lines: a heading near the bottom moves to the next page
      if (used > 0 && used + parts[0]! + 2 * LINE > PAGE_BODY) {
        page++;
        used = 0;
      }
      if (listedInContents(b)) pages.push(page);
    }
    for (const h of parts) {
      if (h < 0) {
        page++;
        used = 0;
      } else if (used + h > PAGE_BODY && used > 0) {
        page++;
        used = Math.min(h, PAGE_BODY);
      } else used += h;
    }
  }
  return { headingPages: pages, lastPage: used > 0 ? page : Math.max(1, page - 1) };
}

/**
 * The 1-based physical page (the cover is page 1, as Word counts it in this document's single
 * section) on which each contents heading starts, in document order.
 */
export function estimateHeadingPages(tree: DocTree): number[] {
  return layout(tree).headingPages;
}

/** About how many pages the report will have: cheap, so the pipeline can refuse before the writers run. */
export function estimatePageCount(tree: DocTree): number {
  return layout(tree).lastPage;
}
