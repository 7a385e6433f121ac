// The entity diagram: the product's stored tables as boxes listing their first fields, and an arrow
// for each relation between two of them, labelled with the field that holds it and its cardinality.
// Laid out by Graphviz like the component diagram, so the same tables give the same picture.

import type { Graph } from '@viz-js/viz';
import type { DataEntity, DataRelation } from '../analyse/types.ts';
import { GRAPH_FONT, framed, layOut } from './graphviz.ts';
import { esc } from './svg.ts';

/** More boxes than this cannot be read at page width. */
export const MAX_ENTITY_NODES = 12;
/** Fewer arrows than this say nothing the table of relations does not. */
export const MIN_ENTITY_EDGES = 2;
/** Fields listed in a box; the rest are counted. */
const FIELDS_SHOWN = 6;

const CARDINALITY: Record<DataRelation['kind'], string> = {
  'many-to-one': 'n:1',
  'one-to-one': '1:1',
  'one-to-many': '1:n',
  'many-to-many': 'n:m',
};

export interface EntityEdge {
  from: number;
  to: number;
  label: string;
}

/**
 * The tables and relations the diagram draws: a relation both ends of which are tables of the list,
 * once per pair of tables (the side that holds the key when both declare it: `Pet.owner` n:1, not
 * `Owner.pets` 1:n), and at most MAX_ENTITY_NODES tables, the most connected first. Null when fewer than
 * MIN_ENTITY_EDGES arrows would remain.
 */
export function entityGraph(tables: DataEntity[]): { nodes: DataEntity[]; edges: EntityEdge[] } | null {
  const index = new Map<string, number>();
  tables.forEach((t, i) => {
    for (const key of [t.name, t.table])
      if (key && !index.has(key.toLowerCase())) index.set(key.toLowerCase(), i);
  });
  const rank = (r: DataRelation) => (r.kind === 'one-to-many' ? 1 : 0);
  const byPair = new Map<string, { from: number; to: number; relation: DataRelation }>();
  tables.forEach((t, from) => {
    for (const relation of t.relations ?? []) {
      const to = index.get(relation.to.toLowerCase());
      if (to === undefined) continue;
      const pair = [from, to].sort((x, y) => x - y).join('-');
      const seen = byPair.get(pair);
      if (!seen || rank(relation) < rank(seen.relation)) byPair.set(pair, { from, to, relation });
    }
  });
  let kept = [...byPair.values()];
  const degree = new Map<number, number>();
  for (const e of kept) for (const n of [e.from, e.to]) degree.set(n, (degree.get(n) ?? 0) + 1);
  const chosen = [...degree.keys()]
    .sort((x, y) => degree.get(y)! - degree.get(x)! || x - y)
    .slice(0, MAX_ENTITY_NODES)
    .sort((x, y) => x - y);
  kept = kept.filter((e) => chosen.includes(e.from) && chosen.includes(e.to));
  if (kept.length < MIN_ENTITY_EDGES) return null;
  const used = chosen.filter((n) => kept.some((e) => e.from === n || e.to === n));
  return {
    nodes: used.map((n) => tables[n]!),
    edges: kept.map((e) => ({
      from: used.indexOf(e.from),
      to: used.indexOf(e.to),
      label: `${e.relation.field ? `${e.relation.field} ` : ''}${CARDINALITY[e.relation.kind]}`,
    })),
  };
}

/** A box: the table's name over its first fields, as a Graphviz HTML label (every name escaped). */
function entityLabel(t: DataEntity): string {
  const shown = t.fields.slice(0, FIELDS_SHOWN);
  const more = t.fields.length - shown.length;
  const rows = [
    ...shown.map((f) => `<TR><TD ALIGN="LEFT">${esc(f)}</TD></TR>`),
    ...(more > 0 ? [`<TR><TD ALIGN="LEFT"><FONT COLOR="#6b7280">… ${more} more</FONT></TD></TR>`] : []),
  ];
  return [
    '<TABLE BORDER="1" CELLBORDER="0" CELLSPACING="0" CELLPADDING="4" COLOR="#2563eb" BGCOLOR="#ffffff">',
    `<TR><TD BGCOLOR="#eff6ff"><B>${esc(t.name)}</B></TD></TR>`,
    ...rows,
    '</TABLE>',
  ].join('');
}

/** The diagram as SVG, or null when fewer than two relations connect the tables. */
export async function entitySvg(tables: DataEntity[]): Promise<string | null> {
  const model = entityGraph(tables);
  if (!model) return null;
  const graph: Graph = {
    directed: true,
    graphAttributes: { nodesep: 0.4, ranksep: 0.9, fontname: GRAPH_FONT, bgcolor: 'white', pad: 0.2 },
    nodeAttributes: { shape: 'plain', fontname: GRAPH_FONT, fontsize: 13 },
    edgeAttributes: {
      color: '#64748b',
      fontname: GRAPH_FONT,
      fontsize: 12,
      fontcolor: '#334155',
      arrowsize: 0.7,
    },
    nodes: model.nodes.map((t, i) => ({ name: `e${i}`, attributes: { label: { html: entityLabel(t) } } })),
    edges: model.edges.map((e) => ({ tail: `e${e.from}`, head: `e${e.to}`, attributes: { label: e.label } })),
  };
  const n = model.nodes.length;
  return framed(
    await layOut(graph),
    'Stored data',
    `${n} tables; each arrow is a relation, from the table that declares it`,
  );
}
