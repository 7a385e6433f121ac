// Pay per download in real Chromium: buy Word through the built-in test checkout, return through payment success,
// download the DOCX, find it in Account → Downloads, download again without paying; a cancelled checkout charges nothing.
/// <reference lib="dom" />
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import yazl from 'yazl';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { messages, reportUiMessages } from '@atr/shared';
import {
  describeBrowser,
  launchBrowser,
  ROOT,
  screenshotBoth,
  signUpAndSignIn,
  startApp,
  type RunningApp,
} from './harness.ts';

const SAMPLE_APP = path.join(ROOT, 'packages/engine/test/fixtures/sample-app');
const TEMPLATE = path.join(ROOT, 'packages/engine/templates/generic_template.yaml');

async function zipFolder(dir: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const walk = async (d: string): Promise<void> => {
    for (const e of await fs.readdir(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile()) zip.addFile(full, path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  await walk(dir);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The banner every payment screen shows while the app runs the built-in test checkout. */
const testModeBanner = (page: Page) =>
  page.getByRole('status').filter({ hasText: reportUiMessages.testModeTitle });

describeBrowser('payments journey', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let tmp: string;
  let reportId = '';

  const apiGet = (p: string) =>
    page.evaluate(async (url) => {
      const token = JSON.parse(
        localStorage.getItem('atr-auth') ?? sessionStorage.getItem('atr-auth') ?? '{}',
      ).access_token;
      const r = await fetch(url, { headers: { Authorization: `Bearer ${token}` } });
      return { status: r.status, body: await r.json().catch(() => null) };
    }, p);

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-'));
    await fs.writeFile(path.join(tmp, 'sample-app.zip'), await zipFolder(SAMPLE_APP));
    app = await startApp({ AUTH_AUTOCONFIRM: 'true' });
    browser = await launchBrowser();
    ({ context, page } = await signUpAndSignIn(app, browser, 'Katherine Johnson', { acceptDownloads: true }));
    // A completed report to buy.
    await page.goto(`${app.url}/app/upload`);
    await page.getByLabel('Project name').fill('Paid Report');
    await page.locator('input[name="projectFile"]').setInputFiles(path.join(tmp, 'sample-app.zip'));
    await page.locator('input[name="template"]').setInputFiles(TEMPLATE);
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.waitForURL(/\/app\/processing\//);
    reportId = page.url().split('/').pop()!;
    await page.getByRole('link', { name: 'View & Download Report' }).waitFor({ timeout: 150_000 });
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('refuses a download that was not paid for', async () => {
    const r = await apiGet(`/api/download/${reportId}/docx`);
    expect(r.status).toBe(402);
    expect(r.body.message).toBe(messages.purchase.mustPurchase('WORD'));
  });

  it('buys Word in a new tab, returns through payment success and lands on the report', async () => {
    await page.goto(`${app.url}/app/report/${reportId}`);
    const buy = page.getByRole('button', { name: 'Buy Word (4.99 EUR)' });
    await buy.waitFor({ timeout: 15_000 });
    // No payment provider is configured: the page that sells says so before anyone pays.
    await testModeBanner(page).waitFor();
    const [checkout] = await Promise.all([context.waitForEvent('page'), buy.click()]);
    await checkout.waitForLoadState();
    await checkout.waitForURL((u) => u.pathname !== '/' && !u.href.startsWith('about:'));
    // The opener shows the payment as in progress while the tab is open.
    await page.getByRole('button', { name: /Payment in progress/ }).waitFor();
    await screenshotBoth(page, 'report-payment-in-progress');
    const checkoutText = (await checkout.locator('body').textContent()) ?? '';
    expect(checkoutText).toMatch(/test mode/i);
    expect(checkoutText).toContain(reportUiMessages.testModeTitle);
    expect(checkoutText).toContain('4.99');
    await screenshotBoth(checkout, 'test-checkout');
    await checkout.getByRole('button', { name: /^Pay/ }).click();
    await checkout.waitForURL(/\/app\/payment-success|\/pay$/);
    // When the server refuses the form post, say what it answered rather than time out.
    if (!/payment-success/.test(checkout.url()))
      expect.fail(`Pay was refused: ${await checkout.locator('body').textContent()}`);
    await checkout.getByText('Payment confirmed').waitFor({ timeout: 15_000 });
    // Said once (issue 13, item 11): one heading and one sentence, no repeat in a banner or toast.
    expect(await checkout.getByText(reportUiMessages.paymentConfirmed, { exact: true }).count()).toBe(1);
    expect(await checkout.getByText(reportUiMessages.paymentConfirmedDetail('Word')).count()).toBe(1);
    await testModeBanner(checkout).waitFor();
    // The session id leaves the address once it has been read.
    expect(new URL(checkout.url()).searchParams.has('session_id')).toBe(false);
    // On screen for a few seconds only: axe-core reads this screen in the gallery (payment-success), not here.
    await screenshotBoth(checkout, 'payment-success', { axe: false });
    const shown = Date.now();
    await checkout.waitForURL(new RegExp(`/app/report/${reportId}$`), { timeout: 10_000 });
    expect(Date.now() - shown).toBeGreaterThan(1_000);
    await checkout.getByTestId('download-word').waitFor();
    await checkout.close();
  });

  it('the first tab notices the payment and downloads the DOCX', async () => {
    await page.getByTestId('download-word').waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('payment-tier').textContent(), { timeout: 10_000 }).toBe('Word');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('download-word').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const file = path.join(tmp, 'first.docx');
    await download.saveAs(file);
    const bytes = await fs.readFile(file);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    // LaTeX is still for sale.
    await page.getByRole('button', { name: 'Buy LaTeX (7.99 EUR)' }).waitFor();
    await screenshotBoth(page, 'report-paid');
  });

  it('lists the purchase in Account → Downloads and downloads it again without paying', async () => {
    await page.goto(`${app.url}/app/account`);
    await page.getByRole('tab', { name: 'Downloads' }).click();
    const row = page.getByTestId('purchase-row').filter({ hasText: 'Paid Report' });
    await row.waitFor();
    expect(await row.textContent()).toContain('Word');
    expect(await row.textContent()).toContain('4.99 EUR');
    await screenshotBoth(page, 'account-downloads');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: 'Download Again' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const purchases = await apiGet('/api/purchases');
    expect(purchases.body.purchases).toHaveLength(1);
  });

  it('the dashboard row downloads Word and still sells LaTeX', async () => {
    await page.goto(`${app.url}/app`);
    await page.getByTestId('download-word').waitFor();
    await page.getByRole('button', { name: 'LaTeX (7.99 EUR)' }).waitFor();
    await testModeBanner(page).waitFor();
    await page.goto(`${app.url}/pricing`);
    await testModeBanner(page).waitFor();
  });

  it('a cancelled checkout charges nothing and says so', async () => {
    await page.goto(`${app.url}/app/report/${reportId}`);
    const buy = page.getByRole('button', { name: 'Buy LaTeX (7.99 EUR)' });
    await buy.waitFor({ timeout: 15_000 });
    const [checkout] = await Promise.all([context.waitForEvent('page'), buy.click()]);
    await checkout.waitForLoadState();
    await checkout.getByRole('button', { name: /Cancel/ }).click();
    await checkout.waitForURL(/\/app\/payment-cancelled|\/cancel$/);
    if (/\/cancel$/.test(checkout.url()))
      expect.fail(`Cancel was refused: ${await checkout.locator('body').textContent()}`);
    await checkout.getByRole('heading', { name: reportUiMessages.paymentCancelledTitle }).waitFor();
    await checkout.getByRole('link', { name: reportUiMessages.backToReport }).click();
    await checkout.getByRole('button', { name: 'Buy LaTeX (7.99 EUR)' }).waitFor({ timeout: 15_000 });
    await checkout.close();
    const status = await apiGet(`/api/reports/${reportId}/payment-status`);
    expect(status.body.can_download_latex).toBe(false);
    expect((await apiGet('/api/purchases')).body.purchases).toHaveLength(1);
    expect((await apiGet(`/api/download/${reportId}/latex`)).status).toBe(402);
  });

  it('old /purchase/* addresses forward within the app; a visit without a session shows the tips', async () => {
    await page.evaluate(() => {
      localStorage.removeItem('current_report_id');
      localStorage.removeItem('current_payment_format');
    });
    await page.goto(`${app.url}/purchase/cancel?reportId=${reportId}`);
    await page.waitForURL(new RegExp(`/app/payment-cancelled\\?reportId=${reportId}$`));
    await page.getByRole('heading', { name: reportUiMessages.paymentCancelledTitle }).waitFor();
    await page.goto(`${app.url}/purchase/success`);
    await page.waitForURL(/\/app\/payment-success/);
    await page.getByText(messages.purchase.noSessionDetail).waitFor();
    // Said once: the heading names it, the sentence below says the rest.
    expect(await page.getByText('No payment session found').count()).toBe(1);
    await page.getByTestId('no-session-tips').waitFor();
    await screenshotBoth(page, 'payment-success-no-session');
    await page.goto(`${app.url}/app/payment-success?reportId=not-a-uuid&format=word&session_id=cs_test`);
    await page.getByTestId('payment-error').getByText(reportUiMessages.paymentLinkInvalid).waitFor();
    // Asking again cannot fix a wrong address: the way forward is the dashboard.
    expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Dashboard' }).waitFor();
    await screenshotBoth(page, 'payment-success-error');
  });
});
