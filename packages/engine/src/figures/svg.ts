// Small helpers shared by the figure drawers: XML escaping, text width estimates, rasterising.

import { Resvg } from '@resvg/resvg-js';

export const FONT_FAMILY = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif";

export function esc(text: string): string {
  return text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Rough width of a sans-serif string; good enough to size boxes, never used for exact layout. */
export function textWidth(text: string, fontSize: number): number {
  return text.length * fontSize * 0.6;
}

export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `…${text.slice(text.length - max + 1)}`;
}

export interface Raster {
  png: Uint8Array;
  width: number;
  height: number;
}

/** SVG → PNG at `scale`; system fonts are loaded so labels render (no font means no text). */
export function rasterise(svg: string, scale = 2): Raster {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: '#ffffff',
    font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  const image = resvg.render();
  return { png: new Uint8Array(image.asPng()), width: image.width, height: image.height };
}
