// pdf.js with its worker, character maps and standard fonts bundled into the build (no CDN): Vite emits each file as an asset.
import * as pdfjs from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;

// Glob patterns cannot name a package, so they reach the hoisted node_modules of the workspace root.
const cmapUrls = import.meta.glob('../../../../../../node_modules/pdfjs-dist/cmaps/*.bcmap', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
}) as Record<string, string>;
const fontUrls = import.meta.glob('../../../../../../node_modules/pdfjs-dist/standard_fonts/*', {
  query: '?url&no-inline',
  import: 'default',
  eager: true,
}) as Record<string, string>;

const byBaseName = (urls: Record<string, string>) =>
  new Map(Object.entries(urls).map(([file, url]) => [file.slice(file.lastIndexOf('/') + 1), url]));
const cmaps = byBaseName(cmapUrls);
const fonts = byBaseName(fontUrls);

async function fetchBytes(url: string | undefined, what: string): Promise<Uint8Array> {
  if (!url) throw new Error(`${what} is not bundled`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${what} could not be loaded (${res.status})`);
  return new Uint8Array(await res.arrayBuffer());
}

/** Serves the packed CMaps from the bundled assets instead of a base URL. */
class BundledCMapReaderFactory {
  async fetch({ name }: { name: string }) {
    return { cMapData: await fetchBytes(cmaps.get(`${name}.bcmap`), `CMap ${name}`), isCompressed: true };
  }
}

/** Serves the standard font files from the bundled assets. */
class BundledStandardFontDataFactory {
  async fetch({ filename }: { filename: string }) {
    return fetchBytes(fonts.get(filename), `Font ${filename}`);
  }
}

export function openPdf(data: Uint8Array) {
  return pdfjs.getDocument({
    data,
    CMapReaderFactory: BundledCMapReaderFactory,
    StandardFontDataFactory: BundledStandardFontDataFactory,
    cMapPacked: true,
    // The standard 14 fonts (Helvetica, Times…) come from the bundled data, never from fonts that may or may not be
    // installed: otherwise pdf.js warns "Cannot load system font" and renders with whatever the machine has.
    useSystemFonts: false,
    useWorkerFetch: false,
    isEvalSupported: false,
  }).promise;
}

export type PdfDocument = Awaited<ReturnType<typeof openPdf>>;
