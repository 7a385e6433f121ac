// The link policy: a report links only to addresses the report itself chose (the template or the
// operator, listed in `tree.links`). Any other link node — from code-base text, a bare URL that GFM
// turned into a link, or a model's draft — becomes its own text. The tree builder applies it, and
// every writer applies it again before rendering, so a hand-made tree cannot smuggle a link in either.

import type { Block, DocTree, Inline } from './types.ts';

function inlines(list: Inline[], allowed: ReadonlySet<string>): Inline[] {
  const out: Inline[] = [];
  for (const i of list) {
    if (i.type === 'link') {
      if (allowed.has(i.url)) out.push({ ...i, children: inlines(i.children, allowed) });
      else if (i.children.length) out.push(...inlines(i.children, allowed));
      else out.push({ type: 'text', value: i.url });
    } else if (i.type === 'strong' || i.type === 'emphasis')
      out.push({ ...i, children: inlines(i.children, allowed) });
    else out.push(i);
  }
  // a dropped link leaves its text beside the text around it: join them, as the parser would have
  return out.reduce<Inline[]>((acc, i) => {
    const prev = acc[acc.length - 1];
    if (i.type === 'text' && prev?.type === 'text')
      acc[acc.length - 1] = { type: 'text', value: prev.value + i.value };
    else acc.push(i);
    return acc;
  }, []);
}

function block(b: Block, allowed: ReadonlySet<string>): Block {
  switch (b.type) {
    case 'paragraph':
      return { ...b, children: inlines(b.children, allowed) };
    case 'list':
      return { ...b, items: b.items.map((item) => item.map((x) => block(x, allowed))) };
    case 'table':
      return {
        ...b,
        header: b.header.map((c) => inlines(c, allowed)),
        rows: b.rows.map((r) => r.map((c) => inlines(c, allowed))),
      };
    case 'callout':
    case 'quote':
      return { ...b, children: b.children.map((x) => block(x, allowed)) };
    default:
      return b;
  }
}

/** Blocks with every link whose URL is not in `allowed` replaced by its text. */
export function applyLinkPolicy(blocks: Block[], allowed: readonly string[] = []): Block[] {
  const set = new Set(allowed);
  return blocks.map((b) => block(b, set));
}

/** The tree as writers may render it: only links to `tree.links` remain. */
export function withLinkPolicy(tree: DocTree): DocTree {
  return { ...tree, blocks: applyLinkPolicy(tree.blocks, tree.links ?? []) };
}
