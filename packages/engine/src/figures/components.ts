// The component diagram: the product's most central files as boxes, an arrow where one file uses
// another, labelled with the names it uses. Laid out by Graphviz (compiled to WebAssembly), so
// crossings and spacing are a layout engine's, and the same input gives the same picture.

import type { Graph } from '@viz-js/viz';
import type { ComponentLinks } from '../analyse/types.ts';
import { GRAPH_FONT, framed, layOut } from './graphviz.ts';

/** Fewer arrows than this say nothing a sentence would not. */
export const MIN_COMPONENT_EDGES = 2;

/**
 * Short, unique labels: a file's name, with as much of its folder as tells two apart, and as tells it
 * from the other paths given (a `supabase/` folder beside `utils/supabase`).
 */
export function componentLabels(paths: string[], others: string[] = []): Map<string, string> {
  const labels = new Map<string, string>();
  const parts = paths.map((p) => p.split('/'));
  const rest = others.filter((o) => !paths.includes(o)).map((o) => o.split('/'));
  for (let i = 0; i < paths.length; i++) {
    let depth = 1;
    const tail = (ps: string[], d: number) => ps.slice(-d).join('/');
    while (
      depth < parts[i]!.length &&
      [...parts.filter((_, j) => j !== i), ...rest].some(
        (other) => tail(other, depth) === tail(parts[i]!, depth),
      )
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
  // every key component is drawn, one that uses none of the others too: the figure shows the files the
  // report's table names, and its subtitle counts them
  const nodes = links.nodes;
  const labels = componentLabels(nodes);
  const maxWeight = Math.max(...edges.map((e) => e.weight));
  const font = GRAPH_FONT;
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
  return framed(
    await layOut(graph),
    'Key components',
    `${componentSubtitle(links)}; an arrow gives up to two of the names one uses of another`,
  );
}

/** What the boxes are: the most central files of a ranked product, else the files of one too small to rank. */
export function componentSubtitle(links: ComponentLinks): string {
  const n = links.nodes.length;
  if (!links.unranked) return `The product's ${n} most central files`;
  return links.of && links.of > n
    ? `${n} of the product's ${links.of} code files`
    : `The product's ${n} code files`;
}
