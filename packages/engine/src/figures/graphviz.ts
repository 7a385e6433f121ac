// Graphviz (compiled to WebAssembly) for the figures that are graphs: one renderer, the choice of
// direction that reads best at page width, and the frame with a title every figure carries.

import { instance, type Graph } from '@viz-js/viz';
import { FONT_FAMILY, esc } from './svg.ts';

let viz: ReturnType<typeof instance> | undefined;

/** The font Graphviz measures and writes labels in: the figures' first family. */
export const GRAPH_FONT = FONT_FAMILY.split(',')[0]!.replace(/'/g, '');

const ratio = (svg: string) =>
  Number(/width="([\d.]+)pt"/.exec(svg)?.[1] ?? 1) / Number(/height="([\d.]+)pt"/.exec(svg)?.[1] ?? 1);

/**
 * The graph laid out by `dot`, left to right unless that makes a strip too wide to read at page width;
 * the result is Graphviz's <svg> element alone, without its prologue.
 */
export async function layOut(graph: Graph): Promise<string> {
  viz ??= instance();
  const render = async (rankdir: 'LR' | 'TB') =>
    (await viz!).renderString(
      { ...graph, graphAttributes: { ...graph.graphAttributes, rankdir } },
      { format: 'svg', engine: 'dot' },
    );
  let svg = await render('LR');
  if (ratio(svg) > 2.4) {
    const tall = await render('TB');
    if (Math.abs(Math.log(ratio(tall) / 1.6)) < Math.abs(Math.log(ratio(svg) / 1.6))) svg = tall;
  }
  return svg.slice(svg.indexOf('<svg'));
}

/** A laid-out graph centred under a title and a one-line subtitle, on white. */
export function framed(body: string, title: string, subtitle: string): string {
  const width = Number(/width="([\d.]+)pt"/.exec(body)?.[1] ?? 400);
  const height = Number(/height="([\d.]+)pt"/.exec(body)?.[1] ?? 300);
  // wide enough for the subtitle too (13px text, about 7.5px a character in the figures' font)
  const W = Math.max(560, Math.ceil(width) + 48, Math.ceil(subtitle.length * 7.5) + 48);
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
    `<text x="24" y="32" font-size="18" font-weight="bold" fill="#111827">${esc(title)}</text>`,
    `<text x="24" y="52" font-size="13" fill="#6b7280">${esc(subtitle)}</text>`,
    inner,
    '</svg>',
  ].join('\n');
}
