// What a page costs to load in Chromium: every script and stylesheet it fetched (until the network is idle), with
// its Content-Encoding and the bytes that crossed the wire, and the first-contentful-paint time. Used by the
// bundle-budget test and by `npm run bench:web`.
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
}

export interface PageWeight {
  files: LoadedFile[];
  jsTransferred: number;
  cssTransferred: number;
  firstContentfulPaintMs: number | null;
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
  const onResponse = (r: Response) => {
    if (kindOf(r)) responses.push(r);
  };
  page.on('response', onResponse);
  try {
    await page.goto(url);
    await ready(page);
    await page.waitForLoadState('networkidle');
  } finally {
    page.off('response', onResponse);
  }
  const files: LoadedFile[] = [];
  for (const r of responses) {
    const sizes = await r.request().sizes();
    files.push({
      url: r.url(),
      kind: kindOf(r)!,
      encoding: r.headers()['content-encoding'] ?? null,
      body: sizes.responseBodySize,
      transferred: sizes.responseBodySize + sizes.responseHeadersSize,
    });
  }
  const sum = (kind: 'js' | 'css') =>
    files.filter((f) => f.kind === kind).reduce((t, f) => t + f.transferred, 0);
  const firstContentfulPaintMs = await page.evaluate(
    () =>
      performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ??
      null,
  );
  return { files, jsTransferred: sum('js'), cssTransferred: sum('css'), firstContentfulPaintMs };
}
