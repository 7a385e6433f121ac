// The module dependency figure: the top modules and which import which, laid out by Graphviz, as SVG.

import type { ModuleGraph } from '../analyse/types.ts';
import type { Graph } from '@viz-js/viz';
import { componentLabels } from './components.ts';
import { GRAPH_FONT, framed, layOut } from './graphviz.ts';
import { truncate } from './svg.ts';

export const MAX_GRAPH_NODES = 15;

/** The largest modules and the imports between them; Graphviz lays them out, cycles included. */
export function layoutGraph(graph: ModuleGraph, maxNodes = MAX_GRAPH_NODES) {
  const nodes = [...graph.nodes]
    .sort((a, b) => b.lines - a.lines || b.files - a.files || a.id.localeCompare(b.id))
    .slice(0, maxNodes);
  const keep = new Set(nodes.map((n) => n.id));
  const edges = graph.edges
    .filter((e) => e.from !== e.to && keep.has(e.from) && keep.has(e.to))
    .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  return { nodes, edges };
}

/**
 * The module graph as SVG, laid out by Graphviz like the other graph figures: each module a box
 * with the shortest part of its path that tells it apart, an arrow to each module it imports, as
 * thick as its share of the imports and labelled with their number. An arrow is routed around the
 * boxes it does not join, so none seems to pass through a third module.
 */
export async function dependencyGraphSvg(
  graph: ModuleGraph,
  /** Other folders of the product and the repository's top: a module's short name must not be theirs too. */
  folders: string[] = [],
): Promise<string> {
  const { nodes, edges } = layoutGraph(graph);
  const note =
    graph.nodes.length > nodes.length
      ? `Largest ${nodes.length} of ${graph.nodes.length} modules`
      : `${nodes.length} module${nodes.length === 1 ? '' : 's'}, ${edges.length} import link${edges.length === 1 ? '' : 's'}`;
  const subtitle = `${note} · arrows point to the imported module, labelled with the number of imports`;
  if (!nodes.length)
    return framed(
      '<svg width="400pt" height="40pt"><text x="200" y="24" text-anchor="middle" font-size="15" fill="#6b7280">No internal module imports were found.</text></svg>',
      'Module dependencies',
      subtitle,
    );
  const ids = nodes.map((n) => n.id);
  const labels = componentLabels(
    ids.map((id) => (id === '' || id === '.' ? '(root)' : id)),
    folders,
  );
  const label = (id: string) => truncate(labels.get(id === '' || id === '.' ? '(root)' : id)!, 40);
  const maxWeight = Math.max(1, ...edges.map((e) => e.weight));
  const font = GRAPH_FONT;
  const g: Graph = {
    directed: true,
    graphAttributes: {
      rankdir: 'LR',
      nodesep: 0.35,
      ranksep: 0.9,
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
      fontsize: 14,
      margin: '0.2,0.08',
    },
    edgeAttributes: { color: '#64748b', fontname: font, fontsize: 12, fontcolor: '#334155', arrowsize: 0.7 },
    nodes: nodes.map((n, i) => ({
      name: `m${i}`,
      attributes: {
        label: `${label(n.id)}\n${n.lines.toLocaleString('en-US')} ${n.lines === 1 ? 'line' : 'lines'}`,
      },
    })),
    edges: edges.map((e) => ({
      tail: `m${ids.indexOf(e.from)}`,
      head: `m${ids.indexOf(e.to)}`,
      attributes: {
        label: String(e.weight),
        penwidth: Number((0.8 + (1.6 * e.weight) / maxWeight).toFixed(2)),
      },
    })),
  };
  return framed(await layOut(g), 'Module dependencies', subtitle);
}
