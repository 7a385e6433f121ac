// One LaTeX handler per node type, plus the maps that dispatch to them.

import type { Asset, Block, Inline } from '../../tree/types.ts';
import { citationLabel } from '../../tree/markdown.ts';
import { columnShares, figureWidth, inContents } from '../common/outline.ts';
import { tex, texCode, texLabel, texUrl, verbatimSafe } from './escape.ts';

export interface LatexContext {
  assets: Record<string, Asset>;
  /** File name (inside the bundle) of each asset's raster, e.g. "figures/fig-languages.png". */
  files: Record<string, string>;
  /** List-like environments open around this block; LaTeX allows only a few. */
  depth: number;
}

type Handlers = { [K in Block['type']]: (block: Extract<Block, { type: K }>, ctx: LatexContext) => string };
type InlineHandlers = { [K in Inline['type']]: (inline: Extract<Inline, { type: K }>) => string };

const MAX_DEPTH = 4;

export const inlineHandlers: InlineHandlers = {
  text: (i) => tex(i.value),
  strong: (i) => `\\textbf{${inlines(i.children)}}`,
  emphasis: (i) => `\\emph{${inlines(i.children)}}`,
  code: (i) => `\\texttt{${texCode(i.value)}}`,
  link: (i) => {
    const label = inlines(i.children);
    if (!/^(https?:|mailto:)/i.test(i.url)) return label || texCode(i.url);
    return `\\href{${texUrl(i.url)}}{${label || texCode(i.url)}}`;
  },
  citation: (i) => `\\textcolor{atrcite}{\\texttt{${texCode(citationLabel(i))}}}`,
  break: () => '\\mbox{}\\newline{}',
};

export function inlines(list: Inline[]): string {
  return list.map((i) => (inlineHandlers[i.type] as (x: Inline) => string)(i)).join('');
}

const SECTION = ['section', 'subsection', 'subsubsection', 'paragraph'] as const;

export const blockHandlers: Handlers = {
  heading: (b) => {
    const cmd = SECTION[b.level - 1]!;
    const title = tex(b.text);
    const label = b.id ? `\\label{${texLabel(b.id)}}` : '';
    if (b.numbered && b.level <= 3) return `\\${cmd}{${title}}${label}`;
    const toc = inContents(b) ? `\\addcontentsline{toc}{${cmd}}{${title}}` : '';
    return `\\${cmd}*{${title}}${toc}${label}`;
  },
  paragraph: (b) => {
    const body = inlines(b.children).trim();
    return body ? body : '';
  },
  list: (b, ctx) => {
    if (ctx.depth >= MAX_DEPTH) {
      // Deeper than LaTeX nests: keep the content as indented paragraphs.
      return b.items
        .map(
          (item, i) =>
            `\\par\\hangindent=1.5em\\noindent ${b.ordered ? `${i + 1}.` : '\\textbullet{}'} ${renderBlocks(item, ctx, true)}`,
        )
        .join('\n');
    }
    const env = b.ordered ? 'enumerate' : 'itemize';
    const inner = { ...ctx, depth: ctx.depth + 1 };
    const items = b.items.map(
      (item) => `\\item ${item.length ? renderBlocks(item, inner, true) : '\\mbox{}'}`,
    );
    return `\\begin{${env}}\n${items.join('\n')}\n\\end{${env}}`;
  },
  table: (b, ctx) => {
    const cols = Math.max(1, b.header.length, ...b.rows.map((r) => r.length));
    const pad = (row: Inline[][]) => Array.from({ length: cols }, (_, i) => row[i] ?? []);
    const widths = columnShares([pad(b.header), ...b.rows.map(pad)]);
    const align = (i: number) =>
      ({ right: '\\raggedleft', center: '\\centering' })[b.align?.[i] as 'right' | 'center'] ??
      '\\raggedright';
    const spec = widths
      .map(
        (w, i) =>
          `>{${align(i)}\\arraybackslash}p{${w.toFixed(3)}\\dimexpr\\linewidth-${2 * cols}\\tabcolsep\\relax}`,
      )
      .join('');
    const row = (cells: Inline[][], head = false) =>
      `${pad(cells)
        .map((c) => (head ? `\\textbf{${inlines(c)}}` : inlines(c)))
        .join(' & ')} \\\\`;
    const head = b.header.length ? `\\rowcolor{atrhead}${row(b.header, true)}\n\\midrule\n` : '';
    const body = b.rows.map((r) => row(r)).join('\n');
    const caption = b.caption ? `\\captionof{table}{${tex(b.caption)}}\n` : '';
    if (ctx.depth > 0) {
      // longtable cannot live inside lists or boxes; a plain tabular does.
      return `{\\small\\noindent\\begin{tabular}{@{}${spec}@{}}\n\\toprule\n${head}${body}\n\\bottomrule\n\\end{tabular}}\n${caption}`;
    }
    const lt = b.caption ? `\\caption{${tex(b.caption)}}\\\\\n` : '';
    return `{\\small\\begin{longtable}{@{}${spec}@{}}\n${lt}\\toprule\n${head}\\endfirsthead\n\\toprule\n${head}\\endhead\n\\bottomrule\n\\endlastfoot\n${body}\n\\end{longtable}}`;
  },
  code: (b) => {
    const caption = b.caption ? `\n{\\small\\itshape ${tex(b.caption)}}\\par` : '';
    return `\\begin{atrcode}\n\\begin{Verbatim}[breaklines,breakanywhere,fontsize=\\small]\n${verbatimSafe(b.value)}\n\\end{Verbatim}\n\\end{atrcode}${caption}`;
  },
  figure: (b, ctx) => {
    const asset = ctx.assets[b.asset];
    const file = ctx.files[b.asset];
    if (!asset || !file) return `\\textit{[${tex(`missing figure: ${b.caption || b.asset}`)}]}`;
    const w = figureWidth(asset, b.widthRatio).toFixed(2);
    const caption = b.caption ? `\\captionof{figure}{${tex(b.caption)}}` : '';
    return `\\par\\medskip\\noindent\\begin{minipage}{\\linewidth}\\centering\n\\includegraphics[width=${w}\\linewidth,height=0.62\\textheight,keepaspectratio]{${file}}\n${caption}\n\\end{minipage}\\par\\medskip`;
  },
  callout: (b, ctx) => {
    const title = b.title ? `[title={${tex(b.title)}}]` : '';
    return `\\begin{atr${b.tone}}${title}\n${renderBlocks(b.children, { ...ctx, depth: ctx.depth + 1 }) || '\\mbox{}'}\n\\end{atr${b.tone}}`;
  },
  quote: (b, ctx) =>
    ctx.depth >= MAX_DEPTH
      ? renderBlocks(b.children, ctx)
      : `\\begin{quote}\\itshape\n${renderBlocks(b.children, { ...ctx, depth: ctx.depth + 1 })}\n\\end{quote}`,
  rule: () => '\\par\\noindent\\textcolor{atrrule}{\\rule{\\linewidth}{0.4pt}}\\par',
  pageBreak: () => '\\clearpage',
};

export function renderBlock(b: Block, ctx: LatexContext): string {
  return (blockHandlers[b.type] as (x: Block, c: LatexContext) => string)(b, ctx);
}

export function renderBlocks(blocks: Block[], ctx: LatexContext, tight = false): string {
  return blocks
    .map((b) => renderBlock(b, ctx))
    .filter(Boolean)
    .join(tight ? '\n\n' : '\n\n');
}
