// What a page costs to load in Chromium: every script and stylesheet it fetched (until the network is idle), with
// its Content-Encoding, the bytes that crossed the wire and their decoded size, the number of requests, and the
// first- and largest-contentful-paint times. Used by the bundle-budget test and by `npm run bench:web`.
/// <reference lib="dom" />
import type { Page, Response } from 'playwright-core';

export interface LoadedFile {
  url: string;
  kind: 'js' | 'css';
  encoding: string | null;
  /** Body bytes as sent (compressed when encoded). */
  body: number;
  /** Body plus response headers: what the transfer cost. */
  transferred: number;
  /** Body bytes once decoded (what the browser parses). */
  decoded: number;
}

export interface PageWeight {
  files: LoadedFile[];
  jsTransferred: number;
  cssTransferred: number;
  jsDecoded: number;
  cssDecoded: number;
  /** Every request the page made until the network was idle, the document included. */
  requests: number;
  firstContentfulPaintMs: number | null;
  largestContentfulPaintMs: number | null;
}

const kindOf = (r: Response): 'js' | 'css' | null => {
  const type = r.headers()['content-type'] ?? '';
  const path = new URL(r.url()).pathname;
  if (/javascript/.test(type) || /\.m?js$/.test(path)) return 'js';
  if (/text\/css/.test(type) || /\.css$/.test(path)) return 'css';
  return null;
};

/** Opens `url` in `page`, waits until `ready` holds and the network is idle, and adds up what was loaded. */
export async function measurePage(
  page: Page,
  url: string,
  ready: (page: Page) => Promise<unknown> = async () => undefined,
): Promise<PageWeight> {
  const responses: Response[] = [];
  let requests = 0;
  const onResponse = (r: Response) => {
    if (kindOf(r)) responses.push(r);
  };
  const onRequest = () => void requests++;
  page.on('response', onResponse);
  page.on('request', onRequest);
  try {
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
    page.off('request', onRequest);
  }
  const files: LoadedFile[] = [];
  for (const r of responses) {
    const sizes = await r.request().sizes();
    // A worker's script (pdf.js's) comes with no body size from Chromium; its Content-Length stands in.
    const length = Number(r.headers()['content-length']);
    const body = sizes.responseBodySize || (Number.isFinite(length) ? length : 0);
    files.push({
      url: r.url(),
      kind: kindOf(r)!,
      encoding: r.headers()['content-encoding'] ?? null,
      body,
      transferred: body + sizes.responseHeadersSize,
      decoded: (await r.body()).length,
    });
  }
  const sum = (kind: 'js' | 'css', size: 'transferred' | 'decoded') =>
    files.filter((f) => f.kind === kind).reduce((t, f) => t + f[size], 0);
  const paints = await page.evaluate(async () => {
    const fcp =
      performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ??
      null;
    // The last largest-contentful-paint candidate so far; buffered entries arrive in the observer's first call.
    const lcp = await new Promise<number | null>((resolve) => {
      let last: number | null = null;
      const observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) last = e.startTime;
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      setTimeout(() => {
        observer.disconnect();
        resolve(last);
      }, 200);
    });
    return { fcp, lcp };
  });
  return {
    files,
    jsTransferred: sum('js', 'transferred'),
    cssTransferred: sum('css', 'transferred'),
    jsDecoded: sum('js', 'decoded'),
    cssDecoded: sum('css', 'decoded'),
    requests,
    firstContentfulPaintMs: paints.fcp,
    largestContentfulPaintMs: paints.lcp,
  };
}
