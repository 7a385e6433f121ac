// The component diagram: the product's most central files as boxes, an arrow where one file uses
// another, labelled with the names it uses. Laid out by Graphviz (compiled to WebAssembly), so
// crossings and spacing are a layout engine's, and the same input gives the same picture.

import { instance, type Graph } from '@viz-js/viz';
import type { ComponentLinks } from '../analyse/types.ts';
import { FONT_FAMILY, esc } from './svg.ts';

/** Fewer arrows than this say nothing a sentence would not. */
export const MIN_COMPONENT_EDGES = 2;

let viz: ReturnType<typeof instance> | undefined;

/** Short, unique labels: a file's name, with as much of its folder as tells two apart. */
export function componentLabels(paths: string[]): Map<string, string> {
  const labels = new Map<string, string>();
  const parts = paths.map((p) => p.split('/'));
  for (let i = 0; i < paths.length; i++) {
    let depth = 1;
    const tail = (ps: string[], d: number) => ps.slice(-d).join('/');
    while (
      depth < parts[i]!.length &&
      parts.some((other, j) => j !== i && tail(other, depth) === tail(parts[i]!, depth))
    )
      depth++;
    labels.set(paths[i]!, tail(parts[i]!, depth));
  }
  return labels;
}

/** The diagram as SVG, or null when fewer than two arrows connect the components. */
export async function componentSvg(links: ComponentLinks): Promise<string | null> {
  const edges = links.edges.filter((e) => e.from !== e.to);
  if (edges.length < MIN_COMPONENT_EDGES) return null;
  const used = new Set(edges.flatMap((e) => [e.from, e.to]));
  const nodes = links.nodes.filter((n) => used.has(n));
  const labels = componentLabels(nodes);
  const maxWeight = Math.max(...edges.map((e) => e.weight));
  const font = FONT_FAMILY.split(',')[0]!.replace(/'/g, '');
  const graph: Graph = {
    directed: true,
    graphAttributes: {
      rankdir: 'LR',
      nodesep: 0.35,
      ranksep: 0.8,
      fontname: font,
      bgcolor: 'white',
      pad: 0.2,
    },
    nodeAttributes: {
      shape: 'box',
      style: 'rounded,filled',
      fillcolor: '#eff6ff',
      color: '#2563eb',
      fontname: font,
      fontsize: 15,
      margin: '0.2,0.1',
    },
    edgeAttributes: { color: '#64748b', fontname: font, fontsize: 13, fontcolor: '#334155', arrowsize: 0.7 },
    nodes: nodes.map((n, i) => ({
      name: `n${i}`,
      attributes: { label: labels.get(n)!, ...(i === 0 ? { penwidth: 1.8 } : {}) },
    })),
    edges: edges.map((e) => ({
      tail: `n${nodes.indexOf(e.from)}`,
      head: `n${nodes.indexOf(e.to)}`,
      attributes: {
        label: e.names.join(', '),
        penwidth: Number((0.8 + (1.6 * e.weight) / maxWeight).toFixed(2)),
      },
    })),
  };
  viz ??= instance();
  const render = async (rankdir: 'LR' | 'TB') =>
    (await viz!).renderString(
      { ...graph, graphAttributes: { ...graph.graphAttributes, rankdir } },
      { format: 'svg', engine: 'dot' },
    );
  const ratio = (svg: string) =>
    Number(/width="([\d.]+)pt"/.exec(svg)?.[1] ?? 1) / Number(/height="([\d.]+)pt"/.exec(svg)?.[1] ?? 1);
  // left to right reads best, unless it makes a strip too wide to read at page width
  let svg = await render('LR');
  if (ratio(svg) > 2.4) {
    const tall = await render('TB');
    if (Math.abs(Math.log(ratio(tall) / 1.6)) < Math.abs(Math.log(ratio(svg) / 1.6))) svg = tall;
  }
  // Graphviz writes its own XML prologue and doctype; the figure is the <svg> element alone, under a title
  const body = svg.slice(svg.indexOf('<svg'));
  const width = Number(/width="([\d.]+)pt"/.exec(body)?.[1] ?? 400);
  const height = Number(/height="([\d.]+)pt"/.exec(body)?.[1] ?? 300);
  const W = Math.max(560, Math.ceil(width) + 48);
  const H = Math.ceil(height) + 76;
  const inner = body
    .replace(
      /^<svg[^>]*>/,
      `<svg x="${Math.round((W - width) / 2)}" y="64" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    )
    .replace(/<title>[^<]*<\/title>/g, '');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="${esc(FONT_FAMILY)}">`,
    `<rect width="${W}" height="${H}" fill="#ffffff"/>`,
    `<text x="24" y="32" font-size="18" font-weight="bold" fill="#111827">Key components</text>`,
    `<text x="24" y="52" font-size="13" fill="#6b7280">${esc(`The product's ${nodes.length} most central files; an arrow names what one uses of another`)}</text>`,
    inner,
    '</svg>',
  ].join('\n');
}
