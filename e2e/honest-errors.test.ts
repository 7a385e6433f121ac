// Honest states in real Chromium (issue 13, items 3 and 6): a failed status poll is "Reconnecting…" with
// back-off, not a dead report; a malformed id is "Report Not Found"; errors read as sentences with a next step
// (no "API request failed: 400", "Failed to fetch", raw JSON or "getaddrinfo ENOTFOUND"), with Try again only
// where asking again can work.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import yazl from 'yazl';
import { errorMessages, messages, reportUiMessages } from '@atr/shared';
import {
  describeBrowser,
  launchBrowser,
  screenshotBoth,
  signUpAndSignIn,
  startApp,
  type RunningApp,
  type TestUser,
} from './harness.ts';

const TEMPLATE = 'report_structure:\n  - title: Overview\n';
const TECHNICAL = /API request failed|Failed to fetch|statusCode|getaddrinfo|ENOTFOUND|\{"/;

async function tinyZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('export function add(a, b) {\n  return a + b;\n}\n'), 'src/add.js');
  zip.addBuffer(Buffer.from('{ "name": "tiny", "version": "1.0.0" }\n'), 'package.json');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describeBrowser('honest errors and reconnecting', () => {
  let app: RunningApp;
  let browser: Browser;
  let page: Page;
  let user: TestUser;
  let token: string;

  const create = async (fields: Record<string, string | File>, headers: Record<string, string> = {}) => {
    const form = new FormData();
    form.append('template', new File([TEMPLATE], 'template.yaml', { type: 'application/x-yaml' }));
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(`${app.url}/api/generate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, ...headers },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { report_id: string }).report_id;
  };

  beforeAll(async () => {
    // GitHub downloads go to a host that cannot resolve, as when the network is down on the server.
    app = await startApp({ AUTH_AUTOCONFIRM: 'true', GITHUB_API_BASE: 'https://api.github.invalid' });
    browser = await launchBrowser();
    ({ page, user } = await signUpAndSignIn(app, browser, 'Rita Reconnect'));
    const session = await fetch(`${app.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    token = ((await session.json()) as { access_token: string }).access_token;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('a failed status poll says "Reconnecting…", keeps the report alive, and recovers when the server answers', async () => {
    // The status endpoint is down from the start; the report itself runs on the server meanwhile.
    await page.route('**/api/status/**', (route) => route.abort('connectionrefused'));
    const id = await create({
      project_name: 'Tiny adder',
      project_source: 'zip',
      codebase: new File([new Uint8Array(await tinyZip())], 'tiny.zip'),
    });
    await page.goto(`${app.url}/app/processing/${id}`);
    // Generous waits: in a full run the browser and the worker share two cores with other test projects.
    await page
      .getByTestId('reconnecting')
      .getByText(reportUiMessages.reconnecting)
      .waitFor({ timeout: 60_000 });
    // The report is named, and nothing says it failed.
    await page.getByTestId('processing-report-name').getByText('Tiny adder').waitFor({ timeout: 30_000 });
    const body = async () => (await page.locator('main').textContent()) ?? '';
    expect(await body()).not.toContain('Processing Failed');
    expect(await body()).not.toContain(messages.report.generationFailed);
    expect(await page.getByTestId('pipeline-step').filter({ hasText: 'Failed' }).count()).toBe(0);
    await screenshotBoth(page, 'processing-reconnecting');

    // A 500 with a JSON body is the same blip: still reconnecting, no raw body on screen.
    await page.unroute('**/api/status/**');
    await page.route('**/api/status/**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Internal Server Error","statusCode":500}',
      }),
    );
    await page.waitForTimeout(2_500);
    await page.getByTestId('reconnecting').waitFor({ timeout: 30_000 });
    expect(await body()).not.toMatch(TECHNICAL);

    // The server answers again: polling resumes and the finished report shows.
    await page.unroute('**/api/status/**');
    await page.getByRole('heading', { name: 'Your report is ready' }).waitFor({ timeout: 90_000 });
    expect(await page.getByTestId('reconnecting').count()).toBe(0);
  }, 240_000);

  it('a queued report says Queued, not Processing 0%', async () => {
    const id = await create({
      project_name: 'Waiting in line',
      project_source: 'zip',
      codebase: new File([new Uint8Array(await tinyZip())], 'tiny.zip'),
    });
    await page.route(`**/api/status/${id}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ state: 'processing', progress: 0, step: 'queued', error: null }),
      }),
    );
    await page.goto(`${app.url}/app/processing/${id}`);
    await page.getByRole('heading', { name: 'Your report is queued' }).waitFor();
    expect(await page.getByTestId('progress-percent').textContent()).toBe(reportUiMessages.queuedTitle);
    expect(await page.locator('main').textContent()).toContain(reportUiMessages.queuedHint);
    await screenshotBoth(page, 'processing-queued');
    await page.unroute(`**/api/status/${id}`);
  });

  it('a malformed or unknown report id is "Report Not Found" with a way back to the dashboard', async () => {
    for (const path of [
      '/app/processing/not-a-uuid',
      '/app/report/not-a-uuid',
      '/app/report/00000000-0000-4000-8000-000000000000',
    ]) {
      await page.goto(`${app.url}${path}`);
      await page.getByRole('heading', { name: messages.report.notFoundTitle }).waitFor();
      expect(await page.locator('main').textContent(), path).not.toMatch(TECHNICAL);
      expect(await page.getByRole('button', { name: /try again/i }).count(), path).toBe(0);
    }
    await screenshotBoth(page, 'report-not-found');
    await page.getByRole('link', { name: 'Back to Dashboard' }).last().click();
    await page.waitForURL(/\/app$/);
  });

  it('the dashboard explains a lost connection and a server error in words, with Try again; a refused request has none', async () => {
    const alert = page.getByRole('alert');
    await page.route('**/api/reports?*', (route) => route.abort('internetdisconnected'));
    await page.goto(`${app.url}/app`);
    await alert.getByText(errorMessages.offline).waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).not.toMatch(TECHNICAL);
    await screenshotBoth(page, 'dashboard-offline');

    await page.unroute('**/api/reports?*');
    await page.route('**/api/reports?*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Internal Server Error","statusCode":500}',
      }),
    );
    await page.reload();
    await alert.getByText(errorMessages.serverBusy).waitFor({ timeout: 20_000 });
    expect(await alert.textContent()).not.toMatch(TECHNICAL);
    await page.unroute('**/api/reports?*');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('reports-list').waitFor();

    await page.route('**/api/reports?*', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: '{"error":"Bad Request","statusCode":400,"message":"{\\"raw\\":1}"}',
      }),
    );
    await page.reload();
    await alert.getByText(errorMessages.rejected).waitFor();
    expect(await alert.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await page.unroute('**/api/reports?*');

    // A refresh that fails while the list is on screen keeps the list and says why it may be out of date.
    await page.reload();
    await page.getByTestId('reports-list').waitFor();
    await page.route('**/api/reports?*', (route) => route.abort('internetdisconnected'));
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Upload' }).click();
    await page.getByRole('heading', { name: 'Generate a new report' }).waitFor();
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await page.getByTestId('stale-notice').getByText(errorMessages.offline).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('reports-list').isVisible()).toBe(true);
    await screenshotBoth(page, 'dashboard-stale');
    await page.unroute('**/api/reports?*');
    await page.getByTestId('stale-notice').getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('stale-notice').waitFor({ state: 'detached' });
  });

  it('a profile update and the purchase history without a connection say so in words', async () => {
    await page.goto(`${app.url}/app/account`);
    await page.getByLabel('Full Name').fill('Rita R. Reconnect');
    await page.route('**/auth/v1/user', (route) =>
      route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await page.getByRole('alert').getByText(errorMessages.offline).waitFor({ timeout: 30_000 });
    expect(await page.locator('main').textContent()).not.toMatch(TECHNICAL);
    await page.unroute('**/auth/v1/user');

    // The purchase history too, with Try again since the connection may come back.
    await page.route('**/api/purchases', (route) => route.abort('internetdisconnected'));
    await page.getByRole('tab', { name: 'Downloads' }).click();
    const alert = page.getByRole('alert').filter({ hasText: errorMessages.purchasesLoadFailed });
    await alert.getByText(errorMessages.offline).waitFor({ timeout: 30_000 });
    await page.unroute('**/api/purchases');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('No purchases yet').waitFor();
  });

  it('a report that could not reach GitHub says so in words', async () => {
    const id = await create({
      project_name: 'Unreachable repo',
      project_source: 'github',
      codebase: 'https://github.com/acme/app',
    });
    await page.goto(`${app.url}/app/processing/${id}`);
    // The worker may still be writing the reports of the tests before this one.
    await page.getByRole('heading', { name: 'Processing Failed' }).waitFor({ timeout: 150_000 });
    const text = (await page.getByTestId('processing-error').textContent()) ?? '';
    expect(text).toBe(errorMessages.githubUnreachable);
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Generate New Report' }).waitFor();
    await screenshotBoth(page, 'processing-github-unreachable');
  });
});
