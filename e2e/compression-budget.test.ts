// Issue 13, item 8, in real Chromium: the landing page's scripts and stylesheets all arrive compressed, and its
// JavaScript stays under 150 KB on the wire; pdf.js and the /app screens are not part of it.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  describeBrowser,
  generateSampleReport,
  launchBrowser,
  newContext,
  signUpAndSignIn,
  startApp,
  type RunningApp,
} from './harness.ts';
import { measurePage } from './page-weight.ts';

// Bytes on the wire (bodies and headers), in the 1000-byte kilobytes browsers show.
const LANDING_JS_BUDGET = 150_000;

describeBrowser('compression and the landing page budget', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp({ AUTH_AUTOCONFIRM: 'true' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('sends every script and stylesheet of the landing page compressed, under the JavaScript budget', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const weight = await measurePage(page, `${app.url}/`, (p) =>
      p.getByRole('link', { name: 'Get Started' }).first().waitFor(),
    );
    const js = weight.files.filter((f) => f.kind === 'js');
    const css = weight.files.filter((f) => f.kind === 'css');
    expect(js.length).toBeGreaterThan(0);
    expect(css.length).toBeGreaterThan(0);
    for (const f of weight.files) expect(f.encoding, f.url).toMatch(/^(br|gzip)$/);
    expect(weight.jsTransferred).toBeLessThan(LANDING_JS_BUDGET);
    // Only what the landing page needs: no pdf.js, no dashboard, report or upload screen.
    expect(js.map((f) => f.url).join('\n')).not.toMatch(/pdf|dashboard|report|upload|processing|account/);
    await context.close();
  });

  it('a client that accepts only gzip gets gzip, HTML included', async () => {
    for (const path of ['/', '/app/report/0b0b0b0b-0000-4000-8000-000000000000']) {
      const res = await fetch(`${app.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.headers.get('content-encoding'), path).toBe('gzip');
      expect(res.headers.get('vary'), path).toMatch(/accept-encoding/i);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      const html = await res.text();
      const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
      expect(script).toBeTruthy();
      const asset = await fetch(`${app.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(asset.headers.get('content-encoding')).toBe('gzip');
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
    }
  });

  it('sends every asset of a report page compressed: pdf.js, its worker and the fonts it draws with', async () => {
    const { page, context } = await signUpAndSignIn(app, browser, 'Cora Compress');
    const id = await generateSampleReport(page, app, 'Compressed Assets');
    const assets: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname.startsWith('/assets/'))
        assets.push({ url: r.url(), encoding: r.headers()['content-encoding'] });
    });
    await page.goto(`${app.url}/app/report/${id}`);
    await page.locator('canvas').first().waitFor();
    await page.waitForLoadState('networkidle');
    const urls = assets.map((a) => a.url).join('\n');
    expect(urls).toMatch(/pdf\.worker/);
    expect(urls).toMatch(/\.(pfb|ttf)$/m); // the standard fonts come from the build, compressed too
    for (const a of assets) expect(a.encoding, a.url).toMatch(/^(br|gzip)$/);
    await context.close();
  });
});
