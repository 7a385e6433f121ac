// `npm run bench:web`: what the landing page, the dashboard and a report page cost to load in Chromium. Builds the
// web app as `npm start` does, starts the app (PGlite, in-process worker), signs a user up with a few reports (one
// completed, the others failed), then loads each page BENCH_RUNS times (default 5), each in a fresh browser context
// so nothing comes from the cache, and prints the medians as a markdown table: requests, JS and CSS on the wire
// (compressed, as the server sends them for Chromium's Accept-Encoding, headers included) and decoded, first and
// largest contentful paint. Exits non-zero when the landing page's JavaScript is over its 150 KB budget.
import { execFileSync } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ROOT,
  createUser,
  generateSampleReport,
  launchBrowser,
  newContext,
  seedQueuedReports,
  signIn,
  startApp,
  traversalZip,
  type RunningApp,
} from './harness.ts';
import { measurePage, type PageWeight } from './page-weight.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LANDING_JS_BUDGET = 150_000;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

interface Target {
  name: string;
  path: string;
  signedIn: boolean;
  ready: (page: Page) => Promise<unknown>;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const ms = (v: number) => `${Math.round(v)} ms`;

async function measure(
  browser: Browser,
  app: RunningApp,
  target: Target,
  state: StorageState,
): Promise<PageWeight[]> {
  const results: PageWeight[] = [];
  for (let i = 0; i < RUNS; i++) {
    // A new context has an empty HTTP cache: every load fetches everything, as a first visit does.
    const context = await newContext(browser, target.signedIn ? { storageState: state } : {});
    const page = await context.newPage();
    results.push(await measurePage(page, `${app.url}${target.path}`, target.ready));
    await context.close();
  }
  return results;
}

async function main() {
  console.error('Building the web app…');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const app = await startApp({ AUTH_AUTOCONFIRM: 'true' });
  const browser = await launchBrowser();
  try {
    console.error('Preparing a user with reports…');
    const user = await createUser(app, 'Bench Reader');
    const setup = await newContext(browser);
    const page = await setup.newPage();
    await signIn(page, app, user);
    const reportId = await generateSampleReport(page, app, 'Benchmark Report');
    await seedQueuedReports(app, user, 4, (i) => `Refused Upload ${i}`, await traversalZip());
    // Wait until the seeded reports have failed, so every dashboard load shows the same list.
    await page.goto(`${app.url}/app`);
    await page
      .getByTestId('report-row')
      .filter({ hasText: 'Refused Upload 1' })
      .getByText('Failed')
      .waitFor({ timeout: 60_000 });
    const state = await setup.storageState();
    await setup.close();

    const targets: Target[] = [
      {
        name: 'Landing `/`',
        path: '/',
        signedIn: false,
        ready: (p) => p.getByRole('link', { name: 'Get Started' }).first().waitFor(),
      },
      {
        name: 'Dashboard `/app` (5 reports)',
        path: '/app',
        signedIn: true,
        ready: (p) => p.getByTestId('report-row').nth(4).waitFor({ timeout: 30_000 }),
      },
      {
        name: 'Report `/app/report/:id` (preview rendered)',
        path: `/app/report/${reportId}`,
        signedIn: true,
        ready: (p) =>
          p.locator('[data-testid="preview-canvas"][data-rendered-page="1"]').waitFor({ timeout: 30_000 }),
      },
    ];

    const rows: string[] = [];
    let landingJs = 0;
    for (const target of targets) {
      console.error(`Measuring ${target.name} × ${RUNS}…`);
      const runs = await measure(browser, app, target, state);
      if (process.env.BENCH_FILES)
        for (const f of runs[0]!.files)
          console.error(
            `  ${f.kind} ${f.encoding ?? '-'} wire ${f.transferred} decoded ${f.decoded} ${f.url}`,
          );
      const m = (f: (w: PageWeight) => number | null) => median(runs.map((w) => f(w) ?? NaN));
      if (target.path === '/') landingJs = m((w) => w.jsTransferred);
      rows.push(
        `| ${target.name} | ${m((w) => w.requests)} | ${kb(m((w) => w.jsTransferred))} | ${kb(
          m((w) => w.jsDecoded),
        )} | ${kb(m((w) => w.cssTransferred))} | ${kb(m((w) => w.cssDecoded))} | ${ms(
          m((w) => w.firstContentfulPaintMs),
        )} | ${ms(m((w) => w.largestContentfulPaintMs))} |`,
      );
    }
    const encodings = new Set<string>();
    {
      const context = await newContext(browser);
      const p = await context.newPage();
      const w = await measurePage(p, `${app.url}/`);
      w.files.forEach((f) => encodings.add(f.encoding ?? 'none'));
      await context.close();
    }

    console.log(
      [
        `Median of ${RUNS} loads, each in a fresh browser context (empty cache). Wire sizes include response headers; encoding: ${[...encodings].join(', ')}.`,
        '',
        '| page | requests | JS on the wire | JS decoded | CSS on the wire | CSS decoded | FCP | LCP |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...rows,
        '',
        `Landing JavaScript on the wire: ${kb(landingJs)} (budget ${kb(LANDING_JS_BUDGET)}): ${
          landingJs < LANDING_JS_BUDGET ? 'met' : 'NOT met'
        }.`,
      ].join('\n'),
    );
    if (landingJs >= LANDING_JS_BUDGET) process.exitCode = 1;
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
