// The module dependency figure: a deterministic layered (left → right) layout of the top modules, as SVG.

import type { ModuleGraph } from '../analyse/types.ts';
import { FONT_FAMILY, esc, textWidth, truncate } from './svg.ts';

export const MAX_GRAPH_NODES = 15;

interface Placed {
  id: string;
  label: string;
  lines: number;
  layer: number;
  order: number;
  x: number;
  y: number;
  w: number;
}

/** Keeps the largest modules, then layers them by longest path with cycles broken deterministically. */
export function layoutGraph(graph: ModuleGraph, maxNodes = MAX_GRAPH_NODES) {
  const nodes = [...graph.nodes]
    .sort((a, b) => b.lines - a.lines || b.files - a.files || a.id.localeCompare(b.id))
    .slice(0, maxNodes);
  const keep = new Set(nodes.map((n) => n.id));
  const edges = graph.edges
    .filter((e) => e.from !== e.to && keep.has(e.from) && keep.has(e.to))
    .sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));

  // Break cycles: drop edges that point back to a node on the current DFS path.
  const out = new Map<string, string[]>();
  for (const n of nodes) out.set(n.id, []);
  for (const e of edges) out.get(e.from)!.push(e.to);
  const state = new Map<string, 1 | 2>();
  const forward = new Set<string>();
  const ids = nodes.map((n) => n.id).sort();
  const visit = (id: string) => {
    state.set(id, 1);
    for (const to of out.get(id)!) {
      if (state.get(to) === 1) continue; // back edge
      forward.add(`${id}\u0000${to}`);
      if (!state.has(to)) visit(to);
    }
    state.set(id, 2);
  };
  for (const id of ids) if (!state.has(id)) visit(id);
  const dag = edges.filter((e) => forward.has(`${e.from}\u0000${e.to}`));

  // Longest-path layering from the sources (importers on the left, what they use on the right).
  const layer = new Map<string, number>(ids.map((id) => [id, 0]));
  for (let pass = 0; pass < ids.length; pass++) {
    let changed = false;
    for (const e of dag) {
      const next = layer.get(e.from)! + 1;
      if (next > layer.get(e.to)!) {
        layer.set(e.to, next);
        changed = true;
      }
    }
    if (!changed) break;
  }
  const layers: string[][] = [];
  for (const id of ids) (layers[layer.get(id)!] ??= []).push(id);

  // A few barycentre sweeps to reduce crossings; ties keep alphabetical order, so output is stable.
  const pos = new Map<string, number>();
  layers.forEach((l) => l.forEach((id, i) => pos.set(id, i)));
  for (let sweep = 0; sweep < 4; sweep++) {
    for (let li = 1; li < layers.length; li++) {
      const bary = (id: string) => {
        const ns = edges.filter((e) => e.to === id && layer.get(e.from)! < li).map((e) => pos.get(e.from)!);
        return ns.length ? ns.reduce((a, b) => a + b, 0) / ns.length : pos.get(id)!;
      };
      layers[li] = layers[li]!.map((id) => ({ id, b: bary(id) }))
        .sort((a, b) => a.b - b.b || a.id.localeCompare(b.id))
        .map((x) => x.id);
      layers[li]!.forEach((id, i) => pos.set(id, i));
    }
  }
  return { nodes, edges, layers };
}

export function dependencyGraphSvg(graph: ModuleGraph): string {
  const { nodes, edges, layers } = layoutGraph(graph);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const fontSize = 13;
  const boxH = 40;
  const gapY = 18;
  const colGap = 70;
  const margin = 24;
  const top = 70;
  const label = (id: string) => truncate(id === '' ? '(root)' : id, 28);
  const colW = layers.map((l) => Math.max(110, ...l.map((id) => textWidth(label(id), fontSize) + 24)));
  const placed = new Map<string, Placed>();
  let x = margin;
  const maxRows = Math.max(1, ...layers.map((l) => l.length));
  const innerH = maxRows * (boxH + gapY) - gapY;
  layers.forEach((l, li) => {
    const offset = (innerH - (l.length * (boxH + gapY) - gapY)) / 2;
    l.forEach((id, i) => {
      const n = byId.get(id)!;
      placed.set(id, {
        id,
        label: label(id),
        lines: n.lines,
        layer: li,
        order: i,
        x,
        y: top + offset + i * (boxH + gapY),
        w: colW[li]!,
      });
    });
    x += colW[li]! + colGap;
  });
  const width = Math.max(560, Math.round(x - colGap + margin));
  const height = Math.round(top + innerH + margin + 20);
  const maxWeight = Math.max(1, ...edges.map((e) => e.weight));

  const paths = edges.map((e) => {
    const a = placed.get(e.from)!;
    const b = placed.get(e.to)!;
    const sw = (1 + (2 * e.weight) / maxWeight).toFixed(1);
    if (b.layer > a.layer) {
      const x1 = a.x + a.w,
        y1 = a.y + boxH / 2,
        x2 = b.x - 4,
        y2 = b.y + boxH / 2;
      const mx = (x1 + x2) / 2;
      return `<path d="M${x1},${y1} C${mx},${y1} ${mx},${y2} ${x2},${y2}" fill="none" stroke="#94a3b8" stroke-width="${sw}" marker-end="url(#arrow)"/>`;
    }
    // Edges that go back or stay in a layer (cycles) arc below the boxes, dashed.
    const x1 = a.x + a.w / 2,
      y1 = a.y + boxH,
      x2 = b.x + b.w / 2,
      y2 = b.y + boxH + 4;
    const dip = Math.max(y1, y2) + 30;
    return `<path d="M${x1},${y1} C${x1},${dip} ${x2},${dip} ${x2},${y2}" fill="none" stroke="#f59e0b" stroke-dasharray="4 3" stroke-width="${sw}" marker-end="url(#arrow-back)"/>`;
  });
  const boxes = [...placed.values()].map(
    (p) =>
      `<g><rect x="${p.x}" y="${p.y}" width="${p.w}" height="${boxH}" rx="6" fill="#eff6ff" stroke="#2563eb" stroke-width="1.2"/>` +
      `<text x="${p.x + p.w / 2}" y="${p.y + 17}" text-anchor="middle" font-size="${fontSize}" fill="#111827">${esc(p.label)}</text>` +
      `<text x="${p.x + p.w / 2}" y="${p.y + 32}" text-anchor="middle" font-size="10.5" fill="#6b7280">${p.lines.toLocaleString('en-US')} lines</text></g>`,
  );
  const note =
    graph.nodes.length > nodes.length
      ? `Largest ${nodes.length} of ${graph.nodes.length} modules`
      : `${nodes.length} module${nodes.length === 1 ? '' : 's'}, ${edges.length} import link${edges.length === 1 ? '' : 's'}`;
  const empty =
    nodes.length === 0
      ? `<text x="${width / 2}" y="${top + 24}" text-anchor="middle" font-size="15" fill="#6b7280">No internal module imports were found.</text>`
      : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${esc(FONT_FAMILY)}">`,
    '<defs>',
    '<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#64748b"/></marker>',
    '<marker id="arrow-back" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#f59e0b"/></marker>',
    '</defs>',
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${margin}" y="32" font-size="18" font-weight="bold" fill="#111827">Module dependencies</text>`,
    `<text x="${margin}" y="52" font-size="13" fill="#6b7280">${esc(note)} · arrows point to the imported module</text>`,
    ...paths,
    ...boxes,
    empty,
    '</svg>',
  ].join('\n');
}
