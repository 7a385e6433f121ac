// Markdown (GFM) → document tree blocks, via unified + remark; recognises `path:line` citations.

import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import type { Nodes, PhrasingContent, RootContent, ListItem, TableRow } from 'mdast';
import * as citations from '../citations.ts';
import type { Block, Inline } from './types.ts';

export interface MarkdownOptions {
  /** Maps an image URL (e.g. "diagram.png") to an asset id; images it does not know become text. */
  resolveImage?: (url: string) => string | undefined;
  /** The analysed files, so a cited file without folder or extension ("Makefile:3") is a citation too. */
  knownFiles?: citations.KnownFiles;
}

/**
 * A citation inline for code-span text naming a file and a line or line range (see citations.ts); a
 * bare path stays code.
 */
export function parseCitation(
  text: string,
  known?: citations.KnownFiles,
): Extract<Inline, { type: 'citation' }> | null {
  const c = citations.parseCitation(text, known);
  if (c?.line === undefined) return null;
  return c.end !== undefined
    ? { type: 'citation', path: c.path, line: c.line, endLine: c.end }
    : { type: 'citation', path: c.path, line: c.line };
}

/**
 * GFM without its autolink-literal rule: tables, strikethrough, task lists and footnotes, but a bare
 * `www.x` or `https://x` in the text stays text. That rule ignores backslash escapes, so with it a
 * file name or README line could still become a link; links in a report come only from explicit
 * `[text](url)` syntax, and only to addresses the report allows (tree/links.ts).
 */
function gfmWithoutAutolinks(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(
    gfmFootnoteFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTableFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
  );
}

export function markdownToBlocks(md: string, options: MarkdownOptions = {}): Block[] {
  const root = unified().use(remarkParse).use(gfmWithoutAutolinks).parse(md);
  return blocksOf(root.children, options);
}

function blocksOf(nodes: RootContent[], options: MarkdownOptions): Block[] {
  const out: Block[] = [];
  for (const node of nodes) out.push(...blockOf(node, options));
  return out;
}

function blockOf(node: RootContent, options: MarkdownOptions): Block[] {
  switch (node.type) {
    case 'heading':
      return [
        {
          type: 'heading',
          level: Math.min(4, node.depth) as 1 | 2 | 3 | 4,
          text: plainText(node.children),
          numbered: false,
        },
      ];
    case 'paragraph':
      return paragraphWithFigures(node.children, options);
    case 'list':
      return [
        {
          type: 'list',
          ordered: node.ordered === true,
          items: node.children.map((item) => listItem(item, options)),
        },
      ];
    case 'table': {
      const [head, ...rows] = node.children as TableRow[];
      const cells = (row: TableRow | undefined) =>
        row ? row.children.map((c) => inlinesOf(c.children, options.knownFiles)) : [];
      const align = node.align?.map((a) => a ?? 'left');
      return [
        {
          type: 'table',
          header: cells(head),
          rows: rows.map(cells),
          ...(align && align.some((a) => a !== 'left') ? { align } : {}),
        },
      ];
    }
    case 'code':
      return [{ type: 'code', value: node.value, ...(node.lang ? { language: node.lang } : {}) }];
    case 'blockquote':
      return [quoteOrCallout(blocksOf(node.children, options))];
    case 'thematicBreak':
      return [{ type: 'rule' }];
    case 'html':
      // Raw HTML is not trusted or rendered; keep its text so nothing silently disappears.
      return node.value.trim() && !/^<!--[\s\S]*-->$/.test(node.value.trim())
        ? [{ type: 'paragraph', children: [{ type: 'text', value: node.value }] }]
        : [];
    default:
      return []; // definitions, footnote definitions, yaml: nothing to show
  }
}

function listItem(item: ListItem, options: MarkdownOptions): Block[] {
  const blocks = blocksOf(item.children, options);
  if (typeof item.checked === 'boolean') {
    const box: Inline = { type: 'text', value: item.checked ? '[x] ' : '[ ] ' };
    const first = blocks[0];
    if (first?.type === 'paragraph') first.children.unshift(box);
    else blocks.unshift({ type: 'paragraph', children: [box] });
  }
  return blocks;
}

const ALERTS: Record<string, { tone: 'info' | 'warning' | 'success'; title: string }> = {
  NOTE: { tone: 'info', title: 'Note' },
  TIP: { tone: 'success', title: 'Tip' },
  IMPORTANT: { tone: 'info', title: 'Important' },
  WARNING: { tone: 'warning', title: 'Warning' },
  CAUTION: { tone: 'warning', title: 'Caution' },
};

/** GitHub alerts (`> [!WARNING]`) become callouts; other block quotes stay quotes. */
function quoteOrCallout(children: Block[]): Block {
  const first = children[0];
  const lead = first?.type === 'paragraph' ? first.children[0] : undefined;
  const m =
    lead?.type === 'text' ? /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\][ \t]*\n?/.exec(lead.value) : null;
  if (!m || !first || first.type !== 'paragraph' || lead?.type !== 'text') return { type: 'quote', children };
  const alert = ALERTS[m[1]!]!;
  const rest = lead.value.slice(m[0].length);
  const inlines = rest ? [{ ...lead, value: rest }, ...first.children.slice(1)] : first.children.slice(1);
  if (inlines[0]?.type === 'break') inlines.shift();
  const body: Block[] = inlines.length
    ? [{ type: 'paragraph', children: inlines }, ...children.slice(1)]
    : children.slice(1);
  return { type: 'callout', tone: alert.tone, title: alert.title, children: body };
}

/** Images that name a known asset leave the paragraph and become figures after it. */
function paragraphWithFigures(children: PhrasingContent[], options: MarkdownOptions): Block[] {
  const figures: Block[] = [];
  const kept: PhrasingContent[] = [];
  for (const child of children) {
    const asset = child.type === 'image' ? options.resolveImage?.(child.url) : undefined;
    if (child.type === 'image' && asset)
      figures.push({ type: 'figure', asset, caption: child.alt || child.title || '' });
    else kept.push(child);
  }
  const inlines = trimInlines(inlinesOf(kept, options.knownFiles));
  return inlines.length ? [{ type: 'paragraph', children: inlines }, ...figures] : figures;
}

function trimInlines(inlines: Inline[]): Inline[] {
  const out = inlines.filter((i) => !(i.type === 'text' && i.value.trim() === ''));
  return out.length ? inlines : [];
}

export function inlinesOf(nodes: PhrasingContent[], known?: citations.KnownFiles): Inline[] {
  const out: Inline[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        out.push(...splitBracketCitations(node.value, known));
        break;
      case 'strong':
        out.push({ type: 'strong', children: inlinesOf(node.children, known) });
        break;
      case 'emphasis':
        out.push({ type: 'emphasis', children: inlinesOf(node.children, known) });
        break;
      case 'delete':
        out.push(...inlinesOf(node.children, known));
        break;
      case 'inlineCode':
        out.push(parseCitation(node.value, known) ?? { type: 'code', value: node.value });
        break;
      case 'link':
        out.push({ type: 'link', url: node.url, children: inlinesOf(node.children, known) });
        break;
      case 'image':
        out.push({ type: 'text', value: node.alt ? `[${node.alt}]` : '' });
        break;
      case 'break':
        out.push({ type: 'break' });
        break;
      case 'html':
        out.push({ type: 'text', value: node.value });
        break;
      case 'linkReference':
      case 'imageReference':
        // Undefined references stay as written, which is how `[src/app.ts:12]` arrives when mixed.
        out.push(...splitBracketCitations(`[${plainText('children' in node ? node.children : [])}]`, known));
        break;
      default:
        if ('children' in node) out.push(...inlinesOf(node.children as PhrasingContent[], known));
        else if ('value' in node && typeof node.value === 'string')
          out.push({ type: 'text', value: node.value });
    }
  }
  return mergeText(out);
}

/** "[src/a.ts:3, lib/b.py:7-9]" in prose: a bracketed list of nothing but `path:line` citations. */
function splitBracketCitations(text: string, known?: citations.KnownFiles): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const m of text.matchAll(/\[([^[\]\n]+)\]/g)) {
    const parts = m[1]!.split(',').map((p) => parseCitation(p, known));
    if (parts.some((p) => p === null)) continue;
    if (m.index > last) out.push({ type: 'text', value: text.slice(last, m.index) });
    out.push(...(parts as Inline[]));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ type: 'text', value: text.slice(last) });
  return out;
}

function mergeText(inlines: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const i of inlines) {
    const prev = out[out.length - 1];
    if (i.type === 'text' && prev?.type === 'text') prev.value += i.value;
    else if (!(i.type === 'text' && i.value === '')) out.push(i.type === 'text' ? { ...i } : i);
  }
  return out;
}

function plainText(nodes: Nodes[] | PhrasingContent[]): string {
  return (nodes as Nodes[])
    .map((n) =>
      'value' in n && typeof n.value === 'string'
        ? n.value
        : 'children' in n
          ? plainText(n.children as Nodes[])
          : n.type === 'image'
            ? (n.alt ?? '')
            : '',
    )
    .join('');
}

/** The plain text of inline content, for captions, alt text and measuring. */
export function inlineText(inlines: Inline[]): string {
  return inlines
    .map((i) => {
      switch (i.type) {
        case 'text':
        case 'code':
          return i.value;
        case 'citation':
          return citationLabel(i);
        case 'break':
          return ' ';
        default:
          return inlineText(i.children);
      }
    })
    .join('');
}

export function citationLabel(c: Extract<Inline, { type: 'citation' }>): string {
  return c.line === undefined
    ? c.path
    : c.endLine !== undefined
      ? `${c.path}:${c.line}-${c.endLine}`
      : `${c.path}:${c.line}`;
}
